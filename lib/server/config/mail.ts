import { z } from 'zod';

// Mail settings from the environment. Read at each use (like ./webhooks.ts) so that tests and a
// running demo can change them; lib/server/env.ts validates them at start.

export const mailEnvSchema = z.object({
  /** Where notification mail goes out (smtp:// or smtps://, with credentials); without it, mail is written to MAIL_DIR and the log. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The sender of notification mail. */
  MAIL_FROM: z.string().min(3).max(200).default('Groundwork <notifications@groundwork.localhost>'),
  /** Without SMTP_URL: the folder each mail is written to as an .eml file a developer can open. */
  MAIL_DIR: z.string().min(1).default('.data/mail'),
});

export type MailSettings = z.output<typeof mailEnvSchema>;

export function mailSettings(source: NodeJS.ProcessEnv = process.env): MailSettings {
  const clean = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  return mailEnvSchema.parse(clean);
}
