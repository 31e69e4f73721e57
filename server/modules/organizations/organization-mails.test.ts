import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { addOrganizationMemberRow, createOrganizationRow } from '../../test/fixtures';
import {
  createEvent,
  createTestApp,
  signUpUser,
  signUpVerifiedUser,
  type SignedUpUser,
  type TestApp,
} from '../../test/test-app';
import { type CaptureSmtpServer, rawHeader, startCaptureSmtpServer } from '../mail/capture-smtp-server';

/**
 * An organization's mails go through the mail outbox (decisions §14, §20): the invitation, and the news
 * of each new event to its followers, sent once and per their mail switches.
 */
const ORIGIN = 'https://pitchin.example.org';
let smtp: CaptureSmtpServer;
let app: TestApp;
let owner: SignedUpUser;
let organizationId: number;

beforeAll(async () => {
  smtp = await startCaptureSmtpServer();
  app = await createTestApp({ AUTH_RATE_LIMIT: '100000', SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN });
  // decisions §22: only a confirmed address causes mail nobody asked for.
  owner = await signUpVerifiedUser(app, { firstName: 'Olga', lastName: 'Owner' });
  organizationId = await createOrganizationRow(app.database.db, {
    ownerId: owner.user.id,
    slug: 'harbour-friends',
    name: 'Harbour Friends',
  });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

function call(person: SignedUpUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url, headers: { cookie: person.cookie }, ...(payload ? { payload } : {}) });
}

function mailsTo(address: string, subject: string): ParsedMail[] {
  return smtp.mails.filter(
    (mail) =>
      mail.subject === subject &&
      (mail.to && !Array.isArray(mail.to) ? mail.to.value : []).some((to) => to.address === address.toLowerCase()),
  );
}

type OutboxRow = { kind: string; userId: string | null; recipientEmail: string | null; sentAt: Date | null };

async function outboxRows(where: ReturnType<typeof sql>): Promise<Array<OutboxRow & { skippedReason: string | null }>> {
  return selectRows(
    app.database.db,
    sql`SELECT kind, user_id AS "userId", recipient_email AS "recipientEmail", sent_at AS "sentAt",
               skipped_reason AS "skippedReason", payload::text AS payload
        FROM mail_outbox WHERE ${where} ORDER BY id`,
  );
}

const INVITATION_SUBJECT = 'You are invited to join an organization on PitchIn';
const FOLLOWED_SUBJECT = 'New event from an organization you follow';

describe("an organization's invitation", () => {
  it('is an outbox row written with the invitation, holding no working link, and is delivered once', async () => {
    const address = 'new.helper@example.org';
    const response = await call(owner, 'POST', `/api/organizations/${organizationId}/invitations`, {
      email: 'New.Helper@example.org',
      role: 'organizer',
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await outboxRows(sql`kind = 'organization_invitation' AND recipient_email = ${address}`);
    expect(row).toMatchObject({ userId: null, recipientEmail: address, sentAt: null });

    await app.mailOutbox.runOnce();
    await app.mailOutbox.runOnce();
    await expect.poll(() => mailsTo(address, INVITATION_SUBJECT).length).toBe(1);
    const [mail] = mailsTo(address, INVITATION_SUBJECT);
    expect(mail!.text).toContain('Olga Owner invited you to join Harbour Friends on PitchIn as an organizer.');
    expect(mail!.messageId).toMatch(/@pitchin\.example\.org>$/);
    const link = /https:\/\/\S+#token=\S+/.exec(mail!.text ?? '')![0];
    const token = new URL(link).hash.replace('#token=', '');
    // Neither the outbox nor the invitation keeps the link: the row holds a nonce it is derived from.
    const [stored] = await selectRows<{ payload: string }>(
      app.database.db,
      sql`SELECT payload::text AS payload FROM mail_outbox WHERE kind = 'organization_invitation' AND recipient_email = ${address}`,
    );
    expect(stored!.payload).not.toContain(token);
    expect((await outboxRows(sql`recipient_email = ${address}`))[0]).toMatchObject({ skippedReason: null });
    expect((await outboxRows(sql`recipient_email = ${address}`))[0]!.sentAt).not.toBeNull();

    // The mailed link works, once.
    const invitee = await signUpUser(app);
    const accepted = await call(invitee, 'POST', '/api/organization-invitations/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await app.mailOutbox.runOnce();
    expect(mailsTo(address, INVITATION_SUBJECT)).toHaveLength(1);
  });

  it('stores neither row when the invitation is refused', async () => {
    const stranger = await signUpUser(app);
    const refused = await call(stranger, 'POST', `/api/organizations/${organizationId}/invitations`, {
      email: 'nobody@example.org',
      role: 'member',
    });
    expect(refused.statusCode).toBe(403);
    expect(await outboxRows(sql`recipient_email = 'nobody@example.org'`)).toEqual([]);
  });
});

describe("followers' mail of a new event", () => {
  it('goes to each follower once, through the outbox, with its own switch and unsubscribe link', async () => {
    const holder = await signUpUser(app);
    await addOrganizationMemberRow(app.database.db, organizationId, holder.user.id, 'organizer');
    const [reader, quiet] = [await signUpUser(app, { firstName: 'Rita' }), await signUpUser(app)];
    for (const person of [reader, quiet, holder])
      expect((await call(person, 'POST', `/api/organizations/${organizationId}/follow`)).statusCode).toBe(200);
    const switchedOff = await call(quiet, 'PUT', '/api/user/mail-settings', { kinds: { organization_event: false } });
    expect(switchedOff.statusCode, switchedOff.body).toBe(200);
    expect(switchedOff.json().kinds.organization_event).toBe(false);

    const event = await createEvent(app, holder.cookie, { title: 'Harbour sweep', organizationId });
    // One row per follower in the event's transaction; not for the holder who made it.
    const rows = await outboxRows(sql`kind = 'organization_event' AND event_id = ${event.id}`);
    expect(rows.map((row) => row.userId).sort()).toEqual([reader.user.id, quiet.user.id].sort());

    await app.mailOutbox.runOnce();
    await app.mailOutbox.runOnce();
    await expect.poll(() => mailsTo(reader.user.email, FOLLOWED_SUBJECT).length).toBe(1);
    const [mail] = mailsTo(reader.user.email, FOLLOWED_SUBJECT);
    expect(mail!.text).toContain('Hello Rita,');
    expect(mail!.text).toContain('Harbour Friends, which you follow, has a new event: Harbour sweep.');
    expect(mail!.text).toContain(`${ORIGIN}/events/${event.id}`);
    expect(mailsTo(quiet.user.email, FOLLOWED_SUBJECT)).toEqual([]);
    expect(mailsTo(holder.user.email, FOLLOWED_SUBJECT)).toEqual([]);
    const quietRow = (await outboxRows(sql`kind = 'organization_event' AND user_id = ${quiet.user.id}`))[0];
    expect(quietRow!.skippedReason).toBe('switched_off');

    // Its List-Unsubscribe turns this kind off, and only it.
    const unsubscribeUrl = rawHeader(mail!, 'list-unsubscribe')!.slice(1, -1);
    const unsubscribed = await app.inject({
      method: 'POST',
      url: new URL(unsubscribeUrl).pathname + new URL(unsubscribeUrl).search,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBeLessThan(300);
    const settings = (await call(reader, 'GET', '/api/user/mail-settings')).json();
    expect(settings.kinds).toMatchObject({ organization_event: false, announcement: true });
  });

  it('is not sent for an event cancelled before its mail went out', async () => {
    const follower = await signUpUser(app);
    expect((await call(follower, 'POST', `/api/organizations/${organizationId}/follow`)).statusCode).toBe(200);
    const event = await createEvent(app, owner.cookie, { title: 'Called off', organizationId });
    const cancelled = await call(owner, 'POST', `/api/events/${event.id}/cancel`, { reason: 'Storm warning' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await app.mailOutbox.runOnce();
    const [row] = await outboxRows(sql`kind = 'organization_event' AND user_id = ${follower.user.id}`);
    expect(row!.skippedReason).toBe('event_not_held');
    expect(mailsTo(follower.user.email, FOLLOWED_SUBJECT)).toEqual([]);
  });
});
