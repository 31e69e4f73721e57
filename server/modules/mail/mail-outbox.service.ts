import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MailKind } from '../../../contract/mail';
import type { Database } from '../../db/client';
import { qrCodePng } from '../../lib/qr-code-image';
import { attendanceReplyLink, findTicketCode } from '../check-in/check-in.service';
import { createNotifications } from '../notifications/notifications.service';
import { buildOrganizationInvitationMail, type Mail, type Mailer } from './mail.service';
import * as repository from './mail.repository';
import { type OrganizationInvitationMailInput, organizationInvitationToken } from './mail-queue.service';
import { effectiveChanges, renderEventMail } from './mail-templates';
import { refusalLinkOf, takeUnaskedMailAllowance } from './unasked-mail.service';
import { createUnsubscribeToken, unsubscribeLink } from './unsubscribe-token';

export type MailOutboxOptions = {
  linkOrigin: string;
  timeZone: string;
  sessionSecret: string;
  /** How long a process holds the mails it claimed; a dead process's mails wait this long for another. */
  claimSeconds: number;
  log: FastifyBaseLogger;
  /** INVITATION_MAILS_PER_DAY: organization invitations count toward it (decisions §22). */
  invitationMailsPerDay: number;
};

const BATCH_SIZE = 20;
const POLL_INTERVAL_MS = 5000;
const REMINDER_SCAN_INTERVAL_MS = 60_000;
const MAX_ATTEMPTS = 8;
const STOP_WAIT_MS = 3000;
/** A reminder is for an event about to be held; one that moved further out gets its own later. */
const REMINDER_WINDOW_MS = 25 * 60 * 60 * 1000;
const TICKET_IMAGE_CID = 'ticket-qr-code@pitchin';

/** A claimed mail to a person about an event: every kind but the invitation. */
type EventMail = Omit<repository.ClaimedMail, 'kind' | 'userId' | 'eventId'> & {
  kind: MailKind;
  userId: string;
  eventId: number;
};

/**
 * The event as it is now, or, once deleted, as its change record kept it (an organizer may delete an
 * event people wait for, and they hear of it like a cancellation). Null when neither exists.
 */
function eventOf(
  claimed: EventMail,
  context: repository.MailContext,
): { title: string; date: Date; location: string; isDeleted: boolean } | null {
  if (context.title !== null && context.date !== null) {
    return { title: context.title, date: new Date(context.date), location: context.location ?? '', isDeleted: false };
  }
  const { title, date, location } = claimed.payload;
  if (typeof title !== 'string' || typeof date !== 'string') return null;
  return { title, date: new Date(date), location: typeof location === 'string' ? location : '', isDeleted: true };
}

/**
 * The mails about events and the reminders (decision 0019). Every process runs this loop on the same tables: event
 * change records become mail rows (claimed with SKIP LOCKED and marked in the same statement), events
 * starting within 24 hours get one reminder row per RSVP (a unique key makes the second writer a no-op),
 * and the rows are claimed for a while, sent, and closed. Exactly once up to the SMTP server's answer:
 * a process killed after the server took a mail and before the row is closed sends it again, under the
 * same Message-ID, once its claim runs out.
 */
export class MailOutbox {
  private pollTimer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private lastReminderScan = 0;
  private isStopped = false;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly options: MailOutboxOptions,
  ) {}

  start(): void {
    this.isStopped = false;
    this.pollTimer = setInterval(() => void this.runInBackground(), POLL_INTERVAL_MS).unref();
    void this.runInBackground();
  }

  /** Lets the batch in hand finish (its mails closed) before the database closes. */
  async stop(): Promise<void> {
    this.isStopped = true;
    clearInterval(this.pollTimer);
    // A shutdown ends within seconds, so a hung SMTP server is not waited for: the mail it holds stays
    // claimed and another process sends it, under the same Message-ID, once the claim runs out.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.running.catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }

  private runInBackground(): Promise<unknown> {
    return this.runOnce().catch((error: unknown) => this.options.log.error({ err: error }, 'mail outbox round failed'));
  }

  /**
   * One round: change records to mails, due reminders, then every due mail. Rounds of one process run
   * one after the other; `shouldScanReminders` forces the reminder scan (tests), else once a minute.
   */
  runOnce(options: { shouldScanReminders?: boolean } = {}): Promise<{ sent: number; skipped: number }> {
    const round = this.running
      .catch(() => undefined)
      .then(() =>
        this.runRound(options.shouldScanReminders ?? Date.now() - this.lastReminderScan >= REMINDER_SCAN_INTERVAL_MS),
      );
    this.running = round;
    return round;
  }

  private async runRound(shouldScanReminders: boolean): Promise<{ sent: number; skipped: number }> {
    while (!this.isStopped && (await this.queueMailsOfEventChanges()) > 0);
    if (shouldScanReminders && !this.isStopped) {
      this.lastReminderScan = Date.now();
      await this.db.transaction(async (tx) => {
        const queued = await repository.queueDueReminders(tx);
        // The bell hears of the reminder in the transaction that queues its mail: once, like the mail.
        for (const reminder of queued)
          await createNotifications(tx, 'event_reminder', [reminder.userId], {
            eventId: reminder.eventId,
            actorId: null,
          });
      });
    }
    const totals = { sent: 0, skipped: 0 };
    while (!this.isStopped) {
      const claimToken = randomUUID();
      const claimed = await repository.claimMails(this.db, claimToken, BATCH_SIZE, this.options.claimSeconds);
      if (claimed.length === 0) break;
      for (const mail of claimed) {
        if (this.isStopped) {
          await repository.releaseClaims(this.db, claimToken);
          break;
        }
        if (!(await repository.renewClaim(this.db, mail.id, claimToken, this.options.claimSeconds))) continue;
        const outcome = await this.deliver(mail);
        if (outcome === 'sent') totals.sent += 1;
        else if (outcome === 'skipped') totals.skipped += 1;
      }
    }
    return totals;
  }

  /** One batch of change records to mails, in a transaction that holds the change-mail lock (decision 0024). */
  private queueMailsOfEventChanges(): Promise<number> {
    return this.db.transaction(async (tx) => {
      await repository.lockChangeMailQueue(tx);
      return repository.queueMailsOfEventChanges(tx, BATCH_SIZE);
    });
  }

  /** The mail a row stands for, or why it is closed without one. */
  private async prepare(claimed: repository.ClaimedMail): Promise<Mail | { skippedReason: string }> {
    if (claimed.kind === 'organization_invitation') return this.buildInvitationMail(claimed);
    if (claimed.userId === null || claimed.eventId === null) return { skippedReason: 'no_address' };
    const eventMail: EventMail = { ...claimed, kind: claimed.kind, userId: claimed.userId, eventId: claimed.eventId };
    const context = await repository.readMailContext(this.db, eventMail);
    const skippedReason = this.reasonToSkip(eventMail, context);
    if (skippedReason !== null) return { skippedReason };
    return this.buildMail(eventMail, context!);
  }

  private async deliver(claimed: repository.ClaimedMail): Promise<'sent' | 'skipped' | 'failed'> {
    const mail = await this.prepare(claimed);
    if ('skippedReason' in mail) {
      await repository.closeMail(this.db, claimed.id, mail.skippedReason);
      return 'skipped';
    }
    try {
      await this.mailer.send(mail);
    } catch (error) {
      if (claimed.attempts >= MAX_ATTEMPTS) {
        this.options.log.error(
          { err: error, mail: { id: claimed.id, kind: claimed.kind } },
          'mail given up after repeated failures',
        );
        await repository.closeMail(this.db, claimed.id, 'delivery_failed');
      } else {
        this.options.log.warn(
          { err: error, mail: { id: claimed.id, kind: claimed.kind, attempts: claimed.attempts } },
          'mail not sent, will retry',
        );
        await repository.postponeMail(
          this.db,
          claimed.id,
          Math.min(repository.MAX_RETRY_DELAY_SECONDS, 30 * 2 ** (claimed.attempts - 1)),
        );
      }
      return 'failed';
    }
    await repository.closeMail(this.db, claimed.id, null);
    return 'sent';
  }

  private reasonToSkip(claimed: EventMail, context: repository.MailContext | undefined): string | null {
    if (!context || context.isDeleted || !context.email) return 'no_address';
    if (context.disabledKinds?.includes(claimed.kind)) return 'switched_off';
    const event = eventOf(claimed, context);
    if (event === null) return 'event_gone';
    // Queued before a moderator hid the event or suspended its organizer: it reaches nobody now (decisions §22).
    if (context.isEventSilenced) return 'event_hidden';
    // A change of the event's date, place or length that was undone before its mail went out. The test is the
    // one the queue makes change mails by (mail.repository.ts): a record with `changes`; a slot's has none.
    if (
      claimed.kind === 'event_changed' &&
      'changes' in claimed.payload &&
      Object.keys(effectiveChanges((claimed.payload as { changes?: Parameters<typeof effectiveChanges>[0] }).changes))
        .length === 0
    )
      return 'changed_back';
    // News of an event that was cancelled or hidden before its mail went out is no news.
    if (claimed.kind === 'organization_event' && (context.status !== 'scheduled' || context.isEventHidden))
      return 'event_not_held';
    if (claimed.kind === 'event_reminder') {
      const startsIn = event.date.getTime() - Date.now();
      if (event.isDeleted || context.status !== 'scheduled' || startsIn <= 0 || startsIn > REMINDER_WINDOW_MS)
        return 'event_not_held';
    }
    return null;
  }

  /** Valid until the event starts: after that, confirming or giving up a place means nothing. */
  private attendanceReplyUrl(
    purpose: 'confirm' | 'cancel',
    claimed: EventMail,
    startsAt: Date,
    ticketCode: string,
  ): string {
    return attendanceReplyLink(
      this.options.linkOrigin,
      this.options.sessionSecret,
      { purpose, eventId: claimed.eventId, userId: claimed.userId, expiresAt: startsAt },
      ticketCode,
    );
  }

  /**
   * An organization's invitation, its link derived from the row's nonce (organizationInvitationToken). It is
   * mail nobody asked for (decisions §22): sent only under the unasked-mail policy, with the refusal link.
   */
  private async buildInvitationMail(claimed: repository.ClaimedMail): Promise<Mail | { skippedReason: string }> {
    const payload = claimed.payload as Omit<OrganizationInvitationMailInput, 'invitationId' | 'to'>;
    if (claimed.recipientEmail === null || typeof payload.nonce !== 'string') return { skippedReason: 'no_address' };
    const policy = { mailsPerDay: this.options.invitationMailsPerDay, log: this.options.log };
    if (
      typeof payload.inviterId !== 'string' ||
      !(await takeUnaskedMailAllowance(this.db, policy, payload.inviterId, claimed.recipientEmail))
    )
      return { skippedReason: 'unasked_mail_policy' };
    const token = organizationInvitationToken(this.options.sessionSecret, payload.nonce);
    const mail = buildOrganizationInvitationMail({
      to: claimed.recipientEmail,
      language: payload.language,
      inviterName: payload.inviterName,
      organizationName: payload.organizationName,
      role: payload.role,
      // In the fragment, as the password reset link: a fragment reaches no server log and no Referer.
      acceptUrl: `${new URL('/organizations/invitation', this.options.linkOrigin).href}#token=${token}`,
      validDays: payload.validDays,
      unsubscribeUrl: refusalLinkOf(this.options.linkOrigin, this.options.sessionSecret, claimed.recipientEmail),
    });
    return { ...mail, messageId: this.messageIdOf(claimed) };
  }

  /** A stable Message-ID per row: a mail sent again after a crash is the same message to the receiving side. */
  private messageIdOf(claimed: repository.ClaimedMail): string {
    const origin = this.options.linkOrigin;
    const digest = createHash('sha256').update(`${origin}\n${claimed.dedupeKey}`).digest('hex').slice(0, 40);
    return `<${digest}@${new URL(origin).hostname}>`;
  }

  private async buildMail(claimed: EventMail, context: repository.MailContext): Promise<Mail> {
    const origin = this.options.linkOrigin;
    const event = eventOf(claimed, context)!;
    // A deleted event has no page left: the mail points to the list of events instead.
    const eventUrl = new URL(event.isDeleted ? '/discover' : `/events/${claimed.eventId}`, origin).href;
    const unsubscribeUrl = unsubscribeLink(
      origin,
      createUnsubscribeToken(this.options.sessionSecret, { kind: claimed.kind, userId: claimed.userId }),
    );
    const organizerName = [context.actorFirstName, context.actorLastName].filter(Boolean).join(' ') || null;
    // The reminder carries the holder's ticket, so the mail alone gets them in at the door.
    const ticketCode =
      claimed.kind === 'event_reminder' ? await findTicketCode(this.db, claimed.eventId, claimed.userId) : undefined;
    const rendered = renderEventMail({
      kind: claimed.kind,
      language: context.language,
      firstName: context.firstName,
      event,
      organizerName,
      payload: claimed.payload as Parameters<typeof renderEventMail>[0]['payload'],
      eventUrl,
      unsubscribeUrl,
      settingsUrl: new URL('/settings', origin).href,
      timeZone: this.options.timeZone,
      ...(ticketCode
        ? {
            ticket: { code: ticketCode, imageCid: TICKET_IMAGE_CID },
            attendanceReply: {
              confirmUrl: this.attendanceReplyUrl('confirm', claimed, event.date, ticketCode),
              cancelUrl: this.attendanceReplyUrl('cancel', claimed, event.date, ticketCode),
            },
            isFinalReminder: claimed.payload.isFinal === true,
          }
        : {}),
    });
    return {
      to: context.email!,
      ...rendered,
      link: eventUrl,
      unsubscribeUrl,
      messageId: this.messageIdOf(claimed),
      ...(ticketCode
        ? { images: [{ cid: TICKET_IMAGE_CID, fileName: 'ticket.png', content: await qrCodePng(ticketCode) }] }
        : {}),
    };
  }
}
