import 'server-only';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { Db } from '@/db';
import { emailCaptureSettings } from '@/db/schema';
import { ingestEmail, MAX_MESSAGE_BYTES, readCaptureAddress } from './ingest';

// `npm run mail:receive` (docs/email-capture.md): a small SMTP server for a self-hosted MX. It takes
// mail only for the accounts' capture addresses (550 at RCPT TO otherwise), at most 25 MB (552), and
// hands each message with its envelope recipients to the same pipeline as the inbound hook; a mail
// from someone who is no user of the account is refused with 550 once it is read.

export interface SmtpReceiver {
  port: number;
  close(): Promise<void>;
}

const smtpError = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });

export function startSmtpReceiver(options: { db: Db; port: number; host?: string; baseUrl: string; banner?: string }): Promise<SmtpReceiver> {
  const { db } = options;
  const server = new SMTPServer({
    banner: options.banner ?? 'Groundwork email capture',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    async onRcptTo(address, _session, callback) {
      const capture = readCaptureAddress(address.address);
      if (!capture) return callback(smtpError(`No mailbox here: ${address.address}`, 550));
      const [account] = await db
        .select({ id: emailCaptureSettings.accountId })
        .from(emailCaptureSettings)
        .where(eq(emailCaptureSettings.token, capture.token))
        .catch(() => []);
      if (!account) return callback(smtpError(`No mailbox here: ${address.address}`, 550));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      // Past the limit the rest is read and dropped, never kept.
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= MAX_MESSAGE_BYTES) chunks.push(c);
      });
      stream.on('end', () => {
        if (size > MAX_MESSAGE_BYTES || (stream as unknown as { sizeExceeded?: boolean }).sizeExceeded)
          return callback(smtpError('The message is over 25 MB, the largest Groundwork captures.', 552));
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        ingestEmail(db, Buffer.concat(chunks), { recipients, baseUrl: options.baseUrl }).then(
          (result) => {
            if (result.status === 'refused') return callback(smtpError(result.reason, result.code === 'too_large' ? 552 : 550));
            callback(null, result.status === 'filed' ? `Filed as email ${result.emailId}` : `Already filed as email ${result.emailId}`);
          },
          (err: unknown) => {
            console.error('[email capture] a message could not be filed:', err);
            callback(smtpError('The message could not be filed now; try again later.', 451));
          },
        );
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      const address = server.server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : options.port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
