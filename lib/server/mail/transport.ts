import 'server-only';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { mailSettings } from '@/lib/server/config/mail';

// How mail leaves (docs/collaboration.md#email): through SMTP_URL with nodemailer; without it (a
// developer's machine), each mail is written to MAIL_DIR as an .eml file the developer can open, and
// named in the log.

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The settings page where the recipient changes what they receive. */
  unsubscribeUrl: string;
}

let smtp: { url: string; transporter: Transporter } | null = null;
let files: Transporter | null = null;

function transporter(url: string | undefined): Transporter | null {
  if (!url) return null;
  // One pooled connection set per URL (tests point it at a server of their own).
  if (smtp?.url !== url) smtp = { url, transporter: nodemailer.createTransport(url) };
  return smtp.transporter;
}

/** Sends the mail (an error when the server refuses it or cannot be reached). */
export async function deliverMail(mail: OutgoingMail): Promise<void> {
  const settings = mailSettings();
  const message = {
    from: settings.MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    list: { unsubscribe: { url: mail.unsubscribeUrl, comment: 'Change what you receive' } },
  };
  const via = transporter(settings.SMTP_URL);
  if (via) {
    await via.sendMail(message);
    return;
  }
  files ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = (await files.sendMail(message)) as { message: Buffer };
  await mkdir(settings.MAIL_DIR, { recursive: true });
  const file = path.join(settings.MAIL_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`);
  await writeFile(file, info.message);
  console.log(`[mail] to ${mail.to}: “${mail.subject}” (no SMTP_URL: written to ${file})`);
}
