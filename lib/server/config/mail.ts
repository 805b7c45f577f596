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
  /** Email capture (docs/email-capture.md): the domain of each account's capture address, `<token>@INBOUND_EMAIL_DOMAIN`. */
  INBOUND_EMAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, 'must be a domain, such as inbound.example.com')
    .default('inbound.groundwork.localhost'),
  /** The bearer secret of POST /api/inbound/email; the hook is closed without it. */
  INBOUND_EMAIL_SECRET: z.string().min(16).optional(),
  /** `npm run mail:receive`: the SMTP port it listens on. */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(2525),
});

export type MailSettings = z.output<typeof mailEnvSchema>;

export function mailSettings(source: NodeJS.ProcessEnv = process.env): MailSettings {
  const clean = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  return mailEnvSchema.parse(clean);
}
