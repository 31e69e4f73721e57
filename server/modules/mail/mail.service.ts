import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import {
  renderEmailVerificationMail,
  renderInvitationMail,
  renderOrganizationInvitationMail,
  renderWalkInInvitationMail,
  renderPasswordResetMail,
} from './mail-templates';

/** Every mail has a plain-text and an HTML body, and the one link it is about. */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string;
  /**
   * The link that turns this kind of mail off (List-Unsubscribe, with RFC 8058 one-click); none on a
   * password reset.
   */
  unsubscribeUrl?: string;
  /** A stable Message-ID: a mail sent twice after a crash is the same message to the receiving side. */
  messageId?: string;
  /** PNG images the HTML shows by Content-ID (`cid:`), such as a reminder's check-in QR code. */
  images?: Array<{ cid: string; fileName: string; content: Buffer }>;
};

export type MailSettings = { smtpUrl: string | null; from: string };

/** A subject is one header line; a name carrying a line break must not start another header. */
function toHeaderText(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();
}

/**
 * Mail through SMTP when SMTP_URL is set; without it the subject and link go to the log
 * instead, so a developer can follow a link without a mail server. Deliberately small: it sends one
 * mail; what a mail says is built by the functions below, one per kind.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly settings: MailSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    // Timeouts well inside the outbox's claim, so a hung server fails the attempt before another
    // process may take the same mail.
    this.transport = settings.smtpUrl
      ? nodemailer.createTransport({
          url: settings.smtpUrl,
          connectionTimeout: 20_000,
          greetingTimeout: 20_000,
          socketTimeout: 40_000,
        })
      : null;
  }

  async send(mail: Mail): Promise<void> {
    if (!this.transport) {
      this.log.info({ mail: { subject: mail.subject, link: mail.link } }, 'mail not sent: no SMTP_URL');
      return;
    }
    await this.transport.sendMail({
      from: this.settings.from,
      to: mail.to,
      subject: toHeaderText(mail.subject),
      text: mail.text,
      html: mail.html,
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
      ...(mail.images?.length
        ? {
            attachments: mail.images.map((image) => ({
              filename: image.fileName,
              content: image.content,
              cid: image.cid,
              contentType: 'image/png',
              contentDisposition: 'inline' as const,
            })),
          }
        : {}),
      ...(mail.unsubscribeUrl
        ? {
            headers: {
              'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
          }
        : {}),
    });
  }

  /**
   * Sends without making the request wait: an answer that took an SMTP round trip longer for some
   * recipients would tell them apart. A failure is logged, never thrown.
   */
  sendInBackground(mail: Mail): void {
    this.send(mail).catch((error: unknown) =>
      this.log.error({ err: error, mail: { subject: mail.subject } }, 'mail not sent'),
    );
  }
}

export function createMailer(settings: MailSettings, log: FastifyBaseLogger): Mailer {
  return new Mailer(settings, log);
}

/** The link a mail sends people to: PUBLIC_URL when set, else the origin the request came to. */
export function signUpLink(origin: string): string {
  return new URL('/api/login?mode=signup', origin).href;
}

/** Someone wrote to an address that has no account; see renderInvitationMail. */
export function buildInvitationMail(input: {
  to: string;
  language: string | null;
  senderFirstName: string | null;
  content: string;
  signUpUrl: string;
  unsubscribeUrl: string;
}): Mail {
  return { to: input.to, ...renderInvitationMail(input), link: input.signUpUrl, unsubscribeUrl: input.unsubscribeUrl };
}

/**
 * The password reset link. No List-Unsubscribe: the person asked for this mail, and
 * turning it off would only take away the way back into a forgotten account.
 */
export function buildPasswordResetMail(input: {
  to: string;
  language: string | null;
  firstName: string | null;
  resetUrl: string;
  validMinutes: number;
}): Mail {
  return { to: input.to, ...renderPasswordResetMail(input), link: input.resetUrl };
}

/** The link that confirms an address. No List-Unsubscribe, as for the reset: the person just asked for it. */
export function buildEmailVerificationMail(input: {
  to: string;
  language: string | null;
  firstName: string | null;
  verifyUrl: string;
  validDays: number;
}): Mail {
  return { to: input.to, ...renderEmailVerificationMail(input), link: input.verifyUrl };
}

/** A walk-in's address: the one link that claims their hours (decisions §22). */
export function buildWalkInInvitationMail(
  input: Parameters<typeof renderWalkInInvitationMail>[0] & { to: string },
): Mail {
  return {
    to: input.to,
    ...renderWalkInInvitationMail(input),
    link: input.claimUrl,
    unsubscribeUrl: input.unsubscribeUrl,
  };
}

/** An admin invited this address into an organization; the link joins whoever opens it signed in. */
export function buildOrganizationInvitationMail(
  input: Parameters<typeof renderOrganizationInvitationMail>[0] & { to: string },
): Mail {
  return {
    to: input.to,
    ...renderOrganizationInvitationMail(input),
    link: input.acceptUrl,
    unsubscribeUrl: input.unsubscribeUrl,
  };
}
