import { connect } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CaptureSmtpServer, rawHeader, startCaptureSmtpServer } from './capture-smtp-server';
import { buildInvitationMail, createMailer, signUpLink } from './mail.service';

let smtp: CaptureSmtpServer;
beforeAll(async () => {
  smtp = await startCaptureSmtpServer();
});
afterAll(async () => smtp?.close());

function captureLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const FROM = 'PitchIn <no-reply@pitchin.test>';

/** An invitation from Ana on a server at localhost, with what a test sets in place of the rest. */
function invitationFromLocalhost(fields: Partial<Parameters<typeof buildInvitationMail>[0]>) {
  return buildInvitationMail({
    to: 'someone@example.org',
    senderFirstName: 'Ana',
    content: 'x',
    signUpUrl: signUpLink('http://localhost:5000'),
    language: 'en',
    unsubscribeUrl: 'http://localhost:5000/mail/unsubscribe?token=x',
    ...fields,
  });
}

const hostileContent = 'Hi <script>alert(1)</script> & <a href="https://evil.example">click</a>\nsecond line';

describe('Mailer over SMTP', () => {
  it('delivers the invitation with plain text and HTML, from MAIL_FROM, user text escaped in the HTML', async () => {
    const { logger } = captureLog();
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM }, logger);
    const before = smtp.mails.length;
    const mail = buildInvitationMail({
      to: 'new.person@example.org',
      senderFirstName: 'Ana <b>',
      content: hostileContent,
      signUpUrl: signUpLink('https://pitchin.example.org'),
      language: 'en',
      unsubscribeUrl: 'https://pitchin.example.org/mail/unsubscribe?token=x',
    });
    await mailer.send(mail);
    const [received] = (await smtp.waitForMails(before + 1)).slice(before);
    expect(received!.from?.value).toEqual([{ name: 'PitchIn', address: 'no-reply@pitchin.test' }]);
    expect(received!.to && !Array.isArray(received!.to) ? received!.to.text : '').toBe('new.person@example.org');
    expect(received!.subject).toBe('You have a message on PitchIn');
    // The sender's words, quoted as theirs and disarmed: no mail client makes a link of them.
    expect(received!.text).toContain(
      'Ana <b> wrote:\n\n> Hi <script>alert(1)</script> & <a href="https[:]//evil[.]example">click</a>\n> second line',
    );
    expect(received!.text).toContain('https://pitchin.example.org/api/login?mode=signup');
    const html = String(received!.html);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('href="https://evil.example"');
    expect(html).not.toContain('<b>');
    expect(html).toContain(
      'Hi &lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;a href=&quot;https[:]//evil[.]example&quot;&gt;click&lt;/a&gt;',
    );
    expect(html).toContain('<strong>Ana &lt;b&gt; wrote:</strong>');
    expect(rawHeader(received!, 'list-unsubscribe')).toBe('<https://pitchin.example.org/mail/unsubscribe?token=x>');
    expect(rawHeader(received!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(html).toContain('<a href="https://pitchin.example.org/api/login?mode=signup" style=');
  });

  it('keeps a line break in a name out of the headers', async () => {
    const { logger } = captureLog();
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM }, logger);
    const before = smtp.mails.length;
    await mailer.send(
      invitationFromLocalhost({ to: 'crlf@example.org', senderFirstName: 'Eve\r\nBcc: victim@example.org' }),
    );
    const [received] = (await smtp.waitForMails(before + 1)).slice(before);
    expect(received!.bcc).toBeUndefined();
    expect(received!.headers.has('bcc')).toBe(false);
    // The name is not in the Subject at all any more; in the body it is text, not a header.
    expect(received!.subject).toBe('You have a message on PitchIn');
    expect(received!.text).toMatch(/Eve\r?\nBcc: victim@example\[\.\]org wrote:/);
  });

  it('without SMTP_URL writes the subject and link to the log and sends nothing', async () => {
    const { logger, lines } = captureLog();
    const mailer = createMailer({ smtpUrl: null, from: FROM }, logger);
    const before = smtp.mails.length;
    await mailer.send(invitationFromLocalhost({ to: 'someone@example.org', content: 'private words' }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      mail: { subject: 'You have a message on PitchIn', link: 'http://localhost:5000/api/login?mode=signup' },
    });
    // Only the subject and link: the log is no place for the message itself.
    expect(JSON.stringify(lines[0])).not.toContain('private words');
    expect(smtp.mails.length).toBe(before);
  });

  it('the capture server outlives a sender that resets its connection in the middle of a mail', async () => {
    const { port } = new URL(smtp.url);
    const socket = connect(Number(port), '127.0.0.1');
    let replies = '';
    socket.on('data', (chunk: Buffer) => {
      replies += chunk.toString();
    });
    // One command at a time, each after the server's answer: it refuses a client that talks first.
    for (const [command, answer] of [
      [null, /^220 /m],
      ['EHLO sender.example', /^250 /m],
      ['MAIL FROM:<a@example.org>', /^250 /m],
      ['RCPT TO:<b@example.org>', /^250 /m],
      ['DATA', /^354 /m],
    ] as const) {
      replies = '';
      if (command) socket.write(`${command}\r\n`);
      await expect.poll(() => replies, { timeout: 5000 }).toMatch(answer);
    }
    socket.write('Subject: half a mail\r\n\r\nthe first half');
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.resetAndDestroy();
    await closed;

    const { logger } = captureLog();
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM }, logger);
    const before = smtp.mails.length;
    await mailer.send(invitationFromLocalhost({ to: 'after.the.reset@example.org', content: 'still here' }));
    const received = (await smtp.waitForMails(before + 1)).slice(before);
    expect(received.map((mail) => mail.subject)).toEqual(['You have a message on PitchIn']);
    expect(smtp.mails.some((mail) => mail.subject === 'half a mail')).toBe(false);
  });

  it('logs a failed background delivery instead of throwing', async () => {
    const { logger, lines } = captureLog();
    // A port nobody listens on: the connection is refused at once.
    const closed = await startCaptureSmtpServer();
    await closed.close();
    const mailer = createMailer({ smtpUrl: closed.url, from: FROM }, logger);
    mailer.sendInBackground(invitationFromLocalhost({ to: 'someone@example.org' }));
    await expect.poll(() => lines.length, { timeout: 5000 }).toBe(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: 'mail not sent',
      mail: { subject: 'You have a message on PitchIn' },
    });
  });
});
