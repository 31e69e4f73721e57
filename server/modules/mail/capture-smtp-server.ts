import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * For tests: a real SMTP server on 127.0.0.1 (a free port) that keeps every mail it receives, parsed,
 * so a test sees what a mail client would, through the same nodemailer connection production uses.
 */
export type CaptureSmtpServer = {
  url: string;
  mails: ParsedMail[];
  /** Resolves once `count` mails have arrived; rejects after `timeoutMs`. */
  waitForMails: (count: number, timeoutMs?: number) => Promise<ParsedMail[]>;
  close: () => Promise<void>;
};

/** `port` 0 picks a free one; the browser tests name theirs, since the server under test is told it in advance. */
export async function startCaptureSmtpServer(port = 0): Promise<CaptureSmtpServer> {
  const mails: ParsedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: its self-signed STARTTLS certificate would only make the client refuse.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A sender that vanishes in the middle of a mail (a server process killed while sending, as the outbox
  // stress suite does on purpose) resets its connection, and smtp-server reports that as an 'error' on the
  // server: unheard, Node ends the whole test process. The sender learns of the failure on its own side; the
  // capture keeps what arrived whole and goes on listening, as a real mail server does.
  server.on('error', () => undefined);
  const { port: boundPort } = server.server.address() as AddressInfo;

  const waitForMails = (count: number, timeoutMs = 5000) =>
    new Promise<ParsedMail[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`expected ${count} mail(s), got ${mails.length}`)), timeoutMs);
      const check = () => {
        if (mails.length >= count) {
          clearTimeout(timer);
          resolve(mails);
        } else waiters.push(check);
      };
      check();
    });

  return {
    url: `smtp://127.0.0.1:${boundPort}`,
    mails,
    waitForMails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header as the mail carried it (mailparser turns List-* headers into objects of its own). */
export function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}
