import { mailSettings } from '@/lib/server/config/mail';
import { startSmtpReceiver } from '@/lib/server/email-capture/smtp';
import { run } from './cli';

// npm run mail:receive — the SMTP server of email capture for a self-hosted MX (docs/email-capture.md):
// mail to an account's capture address is filed on its records. Listens on INBOUND_SMTP_PORT (2525);
// point the MX of INBOUND_EMAIL_DOMAIN at this host (port 25 forwarded to it). Ctrl-C stops it.
await run(async (database) => {
  const settings = mailSettings();
  const receiver = await startSmtpReceiver({ db: database.db, port: settings.INBOUND_SMTP_PORT, baseUrl: process.env.PUBLIC_BASE_URL ?? '' });
  console.log(`Email capture listening for *@${settings.INBOUND_EMAIL_DOMAIN} on SMTP port ${receiver.port}. Ctrl-C stops it.`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await receiver.close();
});
