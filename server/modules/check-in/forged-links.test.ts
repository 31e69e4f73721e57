import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_KINDS } from '../../../contract/mail';
import { events } from '../../db/schema';
import { addRsvpRow, createEventRow } from '../../test/fixtures';
import { createAttendanceReplyToken } from './attendance-reply-token';
import { createTestApp, signUpUser, type SignedUpUser, type TestApp } from '../../test/test-app';

/**
 * decisions §22: signed links check the signature first and answer every bad link alike, before any
 * lookup. The attack replayed: forged reminder-answer links (`/mail/attendance?token=…`) naming a person
 * and an event answered `400 REPLY_LINK_INVALID` where the person held a place and `404 RSVP_NOT_FOUND`
 * where not, so 139 guesses read the demo user's RSVP history, a hidden event included. Each forged link
 * here is sent twice, naming a place that exists and one that does not; the two answers must be the same
 * bytes. The unsubscribe links are held to the same rule.
 */
const HOUR_MS = 3600_000;
let app: TestApp;
let organizer: SignedUpUser;
let holder: SignedUpUser;
let eventId: number;
let hiddenEventId: number;

beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '100000' });
  organizer = await signUpUser(app, { firstName: 'Olga' });
  holder = await signUpUser(app, { firstName: 'Hana' });
  const event = await createEventRow(app.database.db, {
    organizerId: organizer.user.id,
    date: new Date(Date.now() + 20 * HOUR_MS),
  });
  const hidden = await createEventRow(app.database.db, {
    organizerId: organizer.user.id,
    date: new Date(Date.now() + 30 * HOUR_MS),
  });
  await app.database.db.update(events).set({ hiddenAt: new Date() }).where(eq(events.id, hidden.id));
  for (const id of [event.id, hidden.id]) await addRsvpRow(app.database.db, id, holder.user.id);
  eventId = event.id;
  hiddenEventId = hidden.id;
});
afterAll(async () => {
  await app?.close();
});

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const signatureArbitrary = fc.string({ unit: fc.constantFrom(...BASE64URL), minLength: 43, maxLength: 43 });
const encode = (claim: unknown[]) => Buffer.from(JSON.stringify(claim)).toString('base64url');

/** The answer as a client sees it, less what differs between any two requests (date, request id). */
function answerOf(response: LightMyRequestResponse) {
  return {
    status: response.statusCode,
    code: response.headers['x-error-code'],
    type: response.headers['content-type'],
    body: response.body,
  };
}

function send(method: 'GET' | 'POST', path: string, token: string) {
  const url = `${path}?token=${encodeURIComponent(token)}`;
  return method === 'GET'
    ? app.inject({ method, url })
    : app.inject({
        method,
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80' },
        payload: '',
      });
}

describe('forged signed links answer alike whoever they name', () => {
  it('reminder answers: a forged link for a place held and for none get byte-identical answers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('confirm', 'cancel'),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 100 * 24 * 3600 }),
        signatureArbitrary,
        fc.constantFrom('GET', 'POST') as fc.Arbitrary<'GET' | 'POST'>,
        async (purpose, isHiddenEvent, isOldShape, expiresInSeconds, signature, method) => {
          const target = isHiddenEvent ? hiddenEventId : eventId;
          const expiresAt = Math.floor(Date.now() / 1000) + expiresInSeconds;
          // The shape of the links before round four (no place tag), and the shape of today's.
          const claimOf = (userId: string) =>
            isOldShape
              ? [purpose, target, userId, expiresAt]
              : [purpose, target, userId, expiresAt, signature.slice(0, 22)];
          const held = await send(method, '/mail/attendance', `${encode(claimOf(holder.user.id))}.${signature}`);
          const none = await send(method, '/mail/attendance', `${encode(claimOf(randomUUID()))}.${signature}`);
          expect(answerOf(held)).toEqual(answerOf(none));
          expect(held.statusCode).toBe(400);
          expect(held.headers['x-error-code']).toBe('REPLY_LINK_INVALID');
        },
      ),
      { numRuns: 60 },
    );
  });

  it('unsubscribe: a forged link for an account and for nobody get byte-identical answers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('invitation', ...MAIL_KINDS),
        signatureArbitrary,
        fc.constantFrom('GET', 'POST') as fc.Arbitrary<'GET' | 'POST'>,
        async (kind, signature, method) => {
          const account = await send(method, '/mail/unsubscribe', `${encode([kind, holder.user.id])}.${signature}`);
          const nobody = await send(method, '/mail/unsubscribe', `${encode([kind, randomUUID()])}.${signature}`);
          expect(answerOf(account)).toEqual(answerOf(nobody));
          expect(account.statusCode).toBe(400);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('a genuine link still opens its page', async () => {
    const ticket = await app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/ticket`,
      headers: { cookie: holder.cookie },
    });
    const token = createAttendanceReplyToken(
      app.config.sessionSecret,
      { purpose: 'confirm', eventId, userId: holder.user.id, expiresAt: new Date(Date.now() + 20 * HOUR_MS) },
      ticket.json().code,
    );
    const page = await send('GET', '/mail/attendance', token);
    expect(page.statusCode, page.body).toBe(200);
  });
});
