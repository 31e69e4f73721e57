import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  events,
  organizationInvitations,
  organizationMembers,
  rateLimitCounters,
  sessions,
  slots,
  walkInGuests,
} from '../db/schema';
import { SESSION_CACHE_TTL_MS } from '../modules/auth/session-cache';
import { createAttendanceReplyToken } from '../modules/check-in/attendance-reply-token';
import { createClaimToken } from '../modules/check-in/walk-in-claim.service';
import { sendRawRequest } from './raw-requests';
import { addRsvpRow, createEventRow, createSlotRow, daysFromNow } from './fixtures';
import { createTestApp, signUpUser, type TestApp, type SignedUpUser, verifyEmailOf } from './test-app';

/**
 * Web security at the API level: sessions, cross-site refusal and JSON-only bodies on
 * every state-changing route of the server's own route table, the sign-in rate limit, the security
 * headers on every answer, HSTS behind HTTPS only, and event photos served with an image type only.
 * The XSS half runs in real Chromium (e2e/xss.spec.ts).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HOST = 'pitchin.test';
const OWN_ORIGIN = `http://${HOST}`;
const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';
const OWNER_EMAIL = 'websec-owner@example.org';

let app: TestApp;
let httpsApp: TestApp;
let owner: SignedUpUser;
let other: SignedUpUser;
let eventId: number;
let pastEventId: number;
let photoId: string;
let pngDataUrl: string;
let gifDataUrl: string;

const webDirectory = mkdtempSync(path.join(tmpdir(), 'pitchin-websec-web-'));
writeFileSync(
  path.join(webDirectory, 'index.html'),
  '<!doctype html><html><head><!-- head:start --><!-- head:end --></head><body></body></html>',
);
writeFileSync(
  path.join(webDirectory, 'sign-in.html'),
  '<!doctype html><html><head><title>Sign in</title></head><body></body></html>',
);

/** `__Host-pitchin_session` over HTTPS, `pitchin_session` over plain HTTP. */
function sessionCookieOf(response: { cookies: Array<{ name: string; value: string }> }) {
  return response.cookies.find(
    (cookie) => cookie.name === 'pitchin_session' || cookie.name === '__Host-pitchin_session',
  );
}

function rawSetCookie(response: { headers: Record<string, unknown> }): string[] {
  const value = response.headers['set-cookie'];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value])
    .map(String)
    .filter((line) => /^(__Host-)?pitchin_session=/.test(line));
}

async function signIn(
  target: TestApp,
  email: string,
  password: string,
  extra: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return target.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: extra.headers ?? {},
    ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
  });
}

async function whoAmI(target: TestApp, cookie: string) {
  return target.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
}

/** A concrete URL and a body that the route would accept, so "not refused" is a real pass. */
function requestFor(method: string, url: string): { url: string; body?: unknown } {
  const concrete = url
    .replace('/api/conversations/:id', `/api/conversations/${other.user.id}`)
    .replace(':photoId', photoId)
    .replace(':id', String(eventId))
    .replace('/*', '/discover');
  if (method === 'POST' && url === '/api/auth/signup')
    return {
      url: concrete,
      body: {
        email: `x-${Math.random().toString(36).slice(2)}@example.org`,
        password: 'long enough pw',
        firstName: 'X',
        lastName: 'Y',
      },
    };
  if (method === 'POST' && url === '/api/auth/login')
    return { url: concrete, body: { email: owner.user.email, password: owner.password } };
  if (method === 'POST' && url === '/api/events')
    return {
      url: concrete,
      body: {
        title: 'Cross-site?',
        description: 'd',
        location: 'l',
        date: daysFromNow(3).toISOString(),
        categoryId: 1,
        maxAttendees: null,
        imageUrl: null,
        images: [],
      },
    };
  if (method === 'POST' && url === '/api/events/:id/rsvp') return { url: concrete, body: { status: 'attending' } };
  if (method === 'POST' && url === '/api/ratings')
    return { url: concrete, body: { eventId: pastEventId, rating: 5, comment: 'cross-site' } };
  if (method === 'POST' && url === '/api/messages')
    return { url: concrete, body: { receiverId: other.user.email, content: 'cross-site' } };
  if (method === 'PATCH' && url === '/api/events/:id') return { url: concrete, body: { title: 'Renamed' } };
  if (method === 'POST' && url === '/api/events/:id/cancel') return { url: concrete, body: { reason: 'cross-site' } };
  if (method === 'POST' && url === '/api/events/:id/announcements')
    return { url: concrete, body: { content: 'cross-site' } };
  if (method === 'PUT' && url === '/api/user/mail-settings')
    return { url: concrete, body: { kinds: { announcement: true } } };
  if (method === 'PUT' && url === '/api/events/:id/attendance')
    return { url: concrete, body: { entries: [{ userId: other.user.id, attended: true }] } };
  return { url: concrete };
}

/** An API call as a given person, for the set-up of a prepared request; it must succeed. */
async function callAs(person: SignedUpUser, method: 'POST' | 'PUT', url: string, payload?: object) {
  const response = await app.inject({
    method,
    url,
    headers: { cookie: person.cookie },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.body ? response.json() : null;
}

let organizationCounter = 0;
let guestCounter = 0;
let slotDay = 0;

/** An organization of `creator`'s, with a slug of its own. */
async function createOrganizationOf(creator: SignedUpUser): Promise<{ id: number }> {
  organizationCounter += 1;
  // Many organizations per person here: the daily limit of new ones (decisions §22) is not what is tested.
  await app.database.db.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} LIKE 'organizations:%'`);
  return callAs(creator, 'POST', '/api/organizations', {
    name: 'Cross-site checkers',
    slug: `cross-site-${organizationCounter}-${Math.random().toString(36).slice(2, 8)}`,
    description: 'd',
  });
}

/**
 * Succeeding requests for the schedule, the door, organizations, the first-run answers and moderation, each with
 * state of its own (slots and events inserted as rows, so no write limit is spent), as the signed-in
 * `owner` makes them; undefined for every other route.
 */
async function prepareScheduleDoorOrOrganizationRequest(
  method: string,
  url: string,
): Promise<{ url: string; body?: unknown; cookie?: string } | undefined> {
  const db = app.database.db;
  const key = `${method} ${url}`;
  const ownEvent = async (date = daysFromNow(6)) =>
    (await createEventRow(db, { organizerId: owner.user.id, date, title: 'Own scheduled' })).id;
  // A day of its own for each slot, so that no two a person takes overlap.
  const nextSlotDay = () => {
    slotDay += 1;
    return daysFromNow(6 + slotDay);
  };
  const slotOfOthersEvent = async (capacity = 5) => {
    const date = nextSlotDay();
    const event = await createEventRow(db, { organizerId: other.user.id, date, title: 'Scheduled' });
    return createSlotRow(db, { eventId: event.id, startsAt: date, capacity });
  };
  switch (key) {
    case 'POST /api/events/:id/slots': {
      const id = await ownEvent();
      const startsAt = daysFromNow(6);
      return {
        url: `/api/events/${id}/slots`,
        body: {
          role: 'Greeter',
          startsAt: startsAt.toISOString(),
          endsAt: new Date(startsAt.getTime() + 60 * 60 * 1000).toISOString(),
          capacity: 2,
        },
      };
    }
    case 'PATCH /api/slots/:id':
    case 'DELETE /api/slots/:id': {
      const slot = await createSlotRow(db, { eventId: await ownEvent(), startsAt: daysFromNow(6) });
      return { url: `/api/slots/${slot.id}`, ...(method === 'PATCH' ? { body: { capacity: 3 } } : {}) };
    }
    case 'POST /api/slots/:id/signup':
      return { url: `/api/slots/${(await slotOfOthersEvent()).id}/signup` };
    case 'DELETE /api/slots/:id/signup': {
      const slot = await slotOfOthersEvent();
      await callAs(owner, 'POST', `/api/slots/${slot.id}/signup`);
      return { url: `/api/slots/${slot.id}/signup` };
    }
    case 'POST /api/events/:id/slot-signups': {
      const slot = await slotOfOthersEvent();
      return { url: `/api/events/${slot.eventId}/slot-signups`, body: { slotIds: [slot.id] } };
    }
    case 'POST /api/slots/:id/waitlist':
    case 'DELETE /api/slots/:id/waitlist': {
      const slot = await slotOfOthersEvent(1);
      const holder = await signUpUser(app, { firstName: 'Holder' });
      await callAs(holder, 'POST', `/api/slots/${slot.id}/signup`);
      if (method === 'DELETE') await callAs(owner, 'POST', `/api/slots/${slot.id}/waitlist`);
      return { url: `/api/slots/${slot.id}/waitlist` };
    }
    case 'POST /api/slots/:id/signups/:userId/approve':
    case 'POST /api/slots/:id/signups/:userId/decline': {
      const slot = await createSlotRow(db, {
        eventId: await ownEvent(),
        startsAt: nextSlotDay(),
        requiresApproval: true,
      });
      await callAs(other, 'POST', `/api/slots/${slot.id}/signup`);
      return { url: url.replace(':id', String(slot.id)).replace(':userId', other.user.id) };
    }
    case 'PUT /api/slots/:id/attendance': {
      const slot = await createSlotRow(db, { eventId: await ownEvent(), startsAt: nextSlotDay() });
      await callAs(other, 'POST', `/api/slots/${slot.id}/signup`);
      // Attendance opens at the slot's start: move the slot (and its event) into the past.
      const startsAt = daysFromNow(-1);
      await db
        .update(slots)
        .set({ startsAt, endsAt: new Date(startsAt.getTime() + 60 * 60 * 1000) })
        .where(eq(slots.id, slot.id));
      await db.update(events).set({ date: startsAt }).where(eq(events.id, slot.eventId));
      return {
        url: `/api/slots/${slot.id}/attendance`,
        body: { entries: [{ userId: other.user.id, attended: true }] },
      };
    }
    case 'POST /api/events/:id/check-ins':
    case 'DELETE /api/events/:id/check-ins/:code':
    case 'POST /api/events/:id/check-outs': {
      // Check-in opens two hours before the start.
      const id = await ownEvent(new Date(Date.now() + 60 * 60 * 1000));
      await callAs(other, 'POST', `/api/events/${id}/rsvp`, { status: 'attending' });
      const ticket = await app.inject({
        method: 'GET',
        url: `/api/events/${id}/ticket`,
        headers: { cookie: other.cookie },
      });
      const code: string = ticket.json().code;
      if (key === 'POST /api/events/:id/check-ins') return { url: `/api/events/${id}/check-ins`, body: { code } };
      await callAs(owner, 'POST', `/api/events/${id}/check-ins`, { code });
      if (method === 'DELETE') return { url: `/api/events/${id}/check-ins/${encodeURIComponent(code)}` };
      return { url: `/api/events/${id}/check-outs`, body: { code } };
    }
    case 'POST /api/organizations':
      organizationCounter += 1;
      await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} LIKE 'organizations:%'`);
      return {
        url,
        body: { name: 'Cross-site', slug: `cross-site-new-${organizationCounter}-${Date.now()}`, description: 'd' },
      };
    case 'POST /api/organizations/:id/invitations': {
      const organization = await createOrganizationOf(owner);
      return {
        url: `/api/organizations/${organization.id}/invitations`,
        body: { email: `invited-${organizationCounter}@example.org`, role: 'member' },
      };
    }
    case 'POST /api/organization-invitations/accept': {
      // The token is mailed; here the invitation is stored as the service stores one (its hash).
      const organization = await createOrganizationOf(other);
      const token = `cross-site-token-${organizationCounter}-${Math.random().toString(36).slice(2)}`;
      await db.insert(organizationInvitations).values({
        organizationId: organization.id,
        email: owner.user.email.toLowerCase(),
        role: 'member',
        tokenHash: createHash('sha256').update(token).digest('base64url'),
        invitedBy: other.user.id,
        expiresAt: daysFromNow(7),
      });
      return { url, body: { token } };
    }
    case 'PATCH /api/organizations/:id/members/:userId':
    case 'DELETE /api/organizations/:id/members/:userId': {
      const organization = await createOrganizationOf(owner);
      await db
        .insert(organizationMembers)
        .values({ organizationId: organization.id, userId: other.user.id, role: 'member' });
      return {
        url: `/api/organizations/${organization.id}/members/${other.user.id}`,
        ...(method === 'PATCH' ? { body: { role: 'organizer' } } : {}),
      };
    }
    case 'DELETE /api/organizations/:id/invitations/:invitationId': {
      const organization = await createOrganizationOf(owner);
      const [invitation] = await db
        .insert(organizationInvitations)
        .values({
          organizationId: organization.id,
          email: 'revoked@example.org',
          role: 'member',
          tokenHash: `cross-site-revoked-${organizationCounter}-${Math.random().toString(36).slice(2)}`,
          invitedBy: owner.user.id,
          expiresAt: daysFromNow(7),
        })
        .returning({ id: organizationInvitations.id });
      return { url: `/api/organizations/${organization.id}/invitations/${invitation!.id}` };
    }
    case 'PATCH /api/organizations/:id/events/:eventId': {
      const organization = await createOrganizationOf(owner);
      const event = await createEventRow(db, { organizerId: owner.user.id, date: daysFromNow(5) });
      await db.update(events).set({ organizationId: organization.id }).where(eq(events.id, event.id));
      return {
        url: `/api/organizations/${organization.id}/events/${event.id}`,
        body: { organizerId: owner.user.id },
      };
    }
    case 'POST /api/organizations/:id/follow':
    case 'DELETE /api/organizations/:id/follow': {
      const organization = await createOrganizationOf(other);
      if (method === 'DELETE') await callAs(owner, 'POST', `/api/organizations/${organization.id}/follow`);
      return { url: `/api/organizations/${organization.id}/follow` };
    }
    case 'PUT /api/organizations/:id/logo':
      return { url: `/api/organizations/${(await createOrganizationOf(owner)).id}/logo`, body: { image: pngDataUrl } };
    // Friends and co-organizers: a person of its own each time.
    case 'POST /api/friends/requests':
      return { url, body: { userId: (await signUpUser(app)).user.id } };
    case 'POST /api/friends/requests/:id/accept':
    case 'POST /api/friends/requests/:id/decline': {
      const asker = await signUpUser(app);
      const asked = await callAs(asker, 'POST', '/api/friends/requests', { userId: owner.user.id });
      return { url: url.replace(':id', String(asked.id)) };
    }
    case 'DELETE /api/friends/:userId': {
      const friend = await signUpUser(app);
      await callAs(owner, 'POST', '/api/friends/requests', { userId: friend.user.id });
      return { url: `/api/friends/${friend.user.id}` };
    }
    case 'POST /api/events/:id/co-organizers/:userId':
    case 'DELETE /api/events/:id/co-organizers/:userId': {
      const id = await ownEvent();
      const helper = await signUpUser(app);
      await callAs(helper, 'POST', `/api/events/${id}/rsvp`, { status: 'organizing' });
      if (method === 'DELETE') await callAs(owner, 'POST', `/api/events/${id}/co-organizers/${helper.user.id}`);
      return { url: `/api/events/${id}/co-organizers/${helper.user.id}` };
    }
    // The day of the event: an event starting within the hour, inside the check-in window.
    case 'POST /api/events/:id/walk-ins': {
      const id = await ownEvent(new Date(Date.now() + 60 * 60 * 1000));
      return {
        url: `/api/events/${id}/walk-ins`,
        body: { firstName: 'Walk', lastName: 'In', email: (await signUpUser(app)).user.email },
      };
    }
    case 'POST /api/events/:id/walk-ins/:guestId/check-out':
    case 'DELETE /api/events/:id/walk-ins/:guestId': {
      const id = await ownEvent(new Date(Date.now() + 60 * 60 * 1000));
      guestCounter += 1;
      await callAs(owner, 'POST', `/api/events/${id}/walk-ins`, {
        firstName: 'Guest',
        lastName: 'Walker',
        email: `websec-guest-${guestCounter}@example.org`,
      });
      const door = await app.inject({
        method: 'GET',
        url: `/api/events/${id}/check-ins`,
        headers: { cookie: owner.cookie },
      });
      const guestId: number = door.json().guests[0].id;
      return { url: `/api/events/${id}/walk-ins/${guestId}${method === 'POST' ? '/check-out' : ''}` };
    }
    // A walk-in's claim (decisions §22): a guest of the owner's address at another's event, its link's token.
    case 'POST /api/walk-in-claims': {
      const date = new Date(Date.now() + 60 * 60 * 1000);
      const event = await createEventRow(db, { organizerId: other.user.id, date, title: 'Claimed at the door' });
      const claim = createClaimToken();
      await db.insert(walkInGuests).values({
        eventId: event.id,
        firstName: 'Owner',
        lastName: 'Walked In',
        email: owner.user.email.toLowerCase(),
        addedBy: other.user.id,
        claimTokenHash: claim.hash,
      });
      return { url: `/api/walk-in-claims?token=${claim.token}` };
    }
    case 'POST /api/events/:id/self-check-in':
    case 'POST /mail/attendance': {
      const date = new Date(Date.now() + 60 * 60 * 1000);
      const event = await createEventRow(db, { organizerId: other.user.id, date, title: 'At the door' });
      await callAs(owner, 'POST', `/api/events/${event.id}/rsvp`, { status: 'attending' });
      if (url === '/mail/attendance') {
        const ticket = await app.inject({
          method: 'GET',
          url: `/api/events/${event.id}/ticket`,
          headers: { cookie: owner.cookie },
        });
        const token = createAttendanceReplyToken(
          app.config.sessionSecret,
          { purpose: 'confirm', eventId: event.id, userId: owner.user.id, expiresAt: date },
          ticket.json().code,
        );
        // The reminder's link: the button's form posts back to it, with no body.
        return { url: `/mail/attendance?token=${encodeURIComponent(token)}` };
      }
      const kiosk = await app.inject({
        method: 'GET',
        url: `/api/events/${event.id}/check-in-code?device=KIOSK1`,
        headers: { cookie: other.cookie },
      });
      return { url: `/api/events/${event.id}/self-check-in`, body: { code: kiosk.json().code } };
    }
    case 'PUT /api/preferences':
      return { url, body: { place: 'Porto', categoryIds: [1] } };
    // Reports, moderation and blocking: the owner is this app's ADMIN_EMAILS address (a moderator who
    // appoints others); each request has a person or a report of its own.
    case 'POST /api/reports':
      return { url, body: { targetType: 'user', targetId: (await signUpUser(app)).user.id, reason: 'spam' } };
    case 'POST /api/moderation/reports/:id/resolve':
    case 'POST /api/moderation/log/:id/undo': {
      const reporter = await signUpUser(app);
      const reported = await createEventRow(db, { organizerId: other.user.id, title: 'Reported' });
      const filed = await callAs(reporter, 'POST', '/api/reports', {
        targetType: 'event',
        targetId: reported.id,
        reason: 'misleading',
      });
      if (method === 'POST' && url.endsWith('/resolve'))
        return { url: `/api/moderation/reports/${filed.id}/resolve`, body: { action: 'hide', note: 'Cross-site' } };
      await callAs(owner, 'POST', `/api/moderation/reports/${filed.id}/resolve`, {
        action: 'hide',
        note: 'Cross-site',
      });
      const log = await app.inject({ method: 'GET', url: '/api/moderation/log', headers: { cookie: owner.cookie } });
      const entry = (log.json() as Array<{ id: number; action: string; targetId: string }>).find(
        (item) => item.action === 'hide' && item.targetId === String(reported.id),
      )!;
      return { url: `/api/moderation/log/${entry.id}/undo`, body: { note: 'Cross-site' } };
    }
    case 'POST /api/moderation/moderators':
      return { url, body: { email: (await signUpUser(app)).user.email } };
    case 'DELETE /api/moderation/moderators/:id': {
      const appointed = await signUpUser(app);
      await callAs(owner, 'POST', '/api/moderation/moderators', { email: appointed.user.email });
      return { url: `/api/moderation/moderators/${appointed.user.id}` };
    }
    case 'POST /api/users/:id/block':
    case 'DELETE /api/users/:id/block': {
      const person = await signUpUser(app);
      if (method === 'DELETE') await callAs(owner, 'POST', `/api/users/${person.user.id}/block`);
      return { url: `/api/users/${person.user.id}/block` };
    }
    default:
      return undefined;
  }
}

/**
 * The request of `requestFor`, made able to succeed: a call that ends or uses up its event (delete,
 * cancel, the waitlist, attendance) gets an event of its own in the state it needs, so one pass cannot
 * spoil the next nor the event the other tests read.
 */
async function prepareSucceedingRequest(
  method: string,
  url: string,
): Promise<{ url: string; body?: unknown; cookie?: string; refusal?: string }> {
  const request = requestFor(method, url);
  // Calls that end the account or its other sessions run as a person of their own.
  if (
    url === '/api/auth/password' ||
    url === '/api/auth/sessions/revoke-others' ||
    (method === 'DELETE' && url === '/api/auth/user')
  ) {
    const person = await signUpUser(app, { firstName: 'Throwaway' });
    if (url === '/api/auth/password')
      return {
        url,
        cookie: person.cookie,
        body: {
          currentPassword: person.password,
          newPassword: `Tangerine velvet harbor ${Math.random().toString(36).slice(2)}`,
        },
      };
    if (url === '/api/auth/user') return { url, cookie: person.cookie, body: { password: person.password } };
    return { url, cookie: person.cookie };
  }
  if (method === 'PATCH' && url === '/api/auth/user') return { url, body: { firstName: 'Owner' } };
  if (url === '/api/auth/password-reset')
    return { url, body: { email: `nobody-${Math.random().toString(36).slice(2)}@example.org` } };
  if (url === '/api/auth/password-reset/check') return { url, body: { token: 'unknown.token' } };
  // No link was mailed here: the reset's own refusal shows the call got past the cross-site check.
  if (url === '/api/auth/password-reset/confirm')
    return {
      url,
      body: { token: 'unknown.token', password: 'Tangerine velvet harbor 93' },
      refusal: 'This password reset link is not valid',
    };
  const withEvent = (id: number) => ({
    ...request,
    url: request.url.replace(`/api/events/${eventId}`, `/api/events/${id}`),
  });
  const db = app.database.db;
  const prepared = await prepareScheduleDoorOrOrganizationRequest(method, url);
  if (prepared) return prepared;
  if ((method === 'DELETE' && url === '/api/events/:id') || url === '/api/events/:id/cancel') {
    return withEvent((await createEventRow(db, { organizerId: owner.user.id, title: 'Own' })).id);
  }
  if (url === '/api/events/:id/attendance') {
    const past = await createEventRow(db, { organizerId: owner.user.id, date: daysFromNow(-1), title: 'Own past' });
    await addRsvpRow(db, past.id, other.user.id);
    return withEvent(past.id);
  }
  if (url === '/api/events/:id/waitlist') {
    const full = await createEventRow(db, { organizerId: other.user.id, maxAttendees: 1, title: 'Full' });
    await addRsvpRow(db, full.id, other.user.id);
    if (method === 'DELETE') {
      const joined = await app.inject({
        method: 'POST',
        url: `/api/events/${full.id}/waitlist`,
        headers: { cookie: owner.cookie },
      });
      expect(joined.statusCode).toBe(201);
    }
    return withEvent(full.id);
  }
  return request;
}

beforeAll(async () => {
  app = await createTestApp({ WEB_DIST_DIR: webDirectory, AUTH_RATE_LIMIT: '100000', ADMIN_EMAILS: OWNER_EMAIL });
  httpsApp = await createTestApp({
    WEB_DIST_DIR: webDirectory,
    PUBLIC_URL: 'https://pitchin.example.org',
    AUTH_RATE_LIMIT: '3',
  });
  owner = await signUpUser(app, { firstName: 'Owner', lastName: 'Websec', email: OWNER_EMAIL });
  // An ADMIN_EMAILS address moderates once its owner has confirmed it.
  await verifyEmailOf(app, owner.user);
  other = await signUpUser(app, { firstName: 'Other', lastName: 'Websec' });
  const png = await sharp({ create: { width: 6, height: 6, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  const gif = await sharp({ create: { width: 6, height: 6, channels: 3, background: '#a00' } })
    .gif()
    .toBuffer();
  pngDataUrl = `data:image/png;base64,${png.toString('base64')}`;
  gifDataUrl = `data:image/gif;base64,${gif.toString('base64')}`;
  const created = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { cookie: owner.cookie },
    payload: {
      title: 'Photos',
      description: 'd',
      location: 'Porto',
      date: daysFromNow(6).toISOString(),
      categoryId: 1,
      maxAttendees: 5,
      imageUrl: null,
      images: [pngDataUrl, gifDataUrl],
    },
  });
  expect(created.statusCode).toBe(201);
  eventId = created.json().id;
  photoId = String(created.json().images[0]).split('/').pop()!;
  const past = await createEventRow(app.database.db, {
    organizerId: other.user.id,
    date: daysFromNow(-2),
    title: 'Past',
  });
  pastEventId = past.id;
  await addRsvpRow(app.database.db, past.id, owner.user.id);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await httpsApp?.close();
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, about 30 days, and not Secure over plain HTTP', async () => {
    const response = await signIn(app, owner.user.email, owner.password);
    expect(response.statusCode).toBe(200);
    const [line] = rawSetCookie(response);
    expect(line).toBeDefined();
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).toMatch(/;\s*Path=\/(;|$)/i);
    expect(line).not.toMatch(/;\s*Secure/i);
    expect(line).not.toMatch(/;\s*Domain=/i);
    const cookie = sessionCookieOf(response)!;
    // ≥ 128 bits of randomness: 32 random bytes in base64url.
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    const expires = new Date(/Expires=([^;]+)/i.exec(line!)![1]!).getTime();
    expect(Math.abs(expires - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);
  });

  it('is Secure when PUBLIC_URL is https, also on sign-up', async () => {
    const signUp = await httpsApp.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: '10.50.0.1',
      payload: { email: 'secure@example.org', password: 'long enough pw', firstName: 'S', lastName: 'C' },
    });
    expect(signUp.statusCode).toBe(201);
    expect(rawSetCookie(signUp)[0]).toMatch(/^__Host-pitchin_session=.*;\s*Secure/i);
    const signInResponse = await signIn(httpsApp, 'secure@example.org', 'long enough pw', {
      remoteAddress: '10.50.0.2',
    });
    expect(signInResponse.statusCode).toBe(200);
    const [line] = rawSetCookie(signInResponse);
    expect(line).toMatch(/;\s*Secure/i);
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
  });

  it('is Secure when a trusted proxy says the request came over https, and ignores that header from anyone else', async () => {
    // Only the proxies TRUST_PROXY names are believed; without it no one is.
    const spoofedWithoutProxy = await signIn(app, owner.user.email, owner.password, {
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '127.0.0.1',
    });
    expect(spoofedWithoutProxy.statusCode).toBe(200);
    expect(rawSetCookie(spoofedWithoutProxy)[0]).not.toMatch(/;\s*Secure/i);
    const proxiedApp = await createTestApp({ WEB_DIST_DIR: webDirectory, TRUST_PROXY: '127.0.0.1' });
    try {
      const member = await signUpUser(proxiedApp);
      const viaProxy = await signIn(proxiedApp, member.user.email, member.password, {
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '127.0.0.1',
      });
      expect(viaProxy.statusCode).toBe(200);
      expect(rawSetCookie(viaProxy)[0]).toMatch(/^__Host-pitchin_session=.*;\s*Secure/i);
      const spoofed = await signIn(proxiedApp, member.user.email, member.password, {
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '203.0.113.9',
      });
      expect(spoofed.statusCode).toBe(200);
      expect(rawSetCookie(spoofed)[0]).not.toMatch(/;\s*Secure/i);
    } finally {
      await proxiedApp.close();
    }
  });

  it('gets a new id at every sign-in, and the id held before is dead', async () => {
    const first = sessionCookieOf(await signIn(app, owner.user.email, owner.password))!;
    expect((await whoAmI(app, `pitchin_session=${first.value}`)).statusCode).toBe(200);
    const second = await signIn(app, owner.user.email, owner.password, {
      headers: { cookie: `pitchin_session=${first.value}` },
    });
    expect(second.statusCode).toBe(200);
    const rotated = sessionCookieOf(second)!;
    expect(rotated.value).not.toBe(first.value);
    expect((await whoAmI(app, `pitchin_session=${first.value}`)).statusCode).toBe(401);
    expect((await whoAmI(app, `pitchin_session=${rotated.value}`)).statusCode).toBe(200);
  });

  it('does not adopt a session id chosen by the client (no fixation)', async () => {
    const planted = 'A'.repeat(43);
    const response = await signIn(app, owner.user.email, owner.password, {
      headers: { cookie: `pitchin_session=${planted}` },
    });
    expect(sessionCookieOf(response)!.value).not.toBe(planted);
    expect((await whoAmI(app, `pitchin_session=${planted}`)).statusCode).toBe(401);
  });

  it('is deleted on the server at sign-out (POST and GET), so a copy of the old cookie gets 401', async () => {
    for (const method of ['POST', 'GET'] as const) {
      const token = sessionCookieOf(await signIn(app, owner.user.email, owner.password))!.value;
      const cookie = `pitchin_session=${token}`;
      const logout = await app.inject({ method, url: '/api/logout', headers: { cookie } });
      expect(logout.statusCode).toBe(method === 'POST' ? 204 : 302);
      const [cleared] = rawSetCookie(logout);
      expect(cleared).toMatch(/^pitchin_session=;/);
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/i);
      // The browser forgets the cookie; a stolen copy must not work either.
      expect((await whoAmI(app, cookie)).statusCode).toBe(401);
      const write = await app.inject({
        method: 'POST',
        url: `/api/events/${eventId}/rsvp`,
        headers: { cookie },
        payload: { status: 'attending' },
      });
      expect(write.statusCode).toBe(401);
    }
  });

  /**
   * These tests change the sessions table behind the server's back, as another server process or the
   * passing of time would; this process trusts a session it looked up for SESSION_CACHE_TTL_MS.
   */
  const waitOutSessionCache = () => new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_TTL_MS + 50));

  it('refuses a session deleted by another process once the cache window has passed', async () => {
    const session = await signUpUser(app, { firstName: 'Elsewhere' });
    expect((await whoAmI(app, session.cookie)).statusCode).toBe(200);
    await app.database.db.delete(sessions).where(eq(sessions.userId, session.user.id));
    await waitOutSessionCache();
    expect((await whoAmI(app, session.cookie)).statusCode).toBe(401);
  });

  it('expires: a session past its expires_at gets 401', async () => {
    const session = await signUpUser(app, { firstName: 'Expiring' });
    expect((await whoAmI(app, session.cookie)).statusCode).toBe(200);
    await app.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, session.user.id));
    await waitOutSessionCache();
    const response = await whoAmI(app, session.cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
  });

  it('is renewed on use once it is older than a day: expires_at moves forward and a new cookie expiry is sent', async () => {
    const session = await signUpUser(app, { firstName: 'Renewed' });
    // Fresh sessions are not rewritten on every call.
    const fresh = await whoAmI(app, session.cookie);
    expect(fresh.statusCode).toBe(200);
    expect(rawSetCookie(fresh)).toEqual([]);
    const twoDaysOld = new Date(Date.now() + 28 * DAY_MS);
    await app.database.db.update(sessions).set({ expiresAt: twoDaysOld }).where(eq(sessions.userId, session.user.id));
    await waitOutSessionCache();
    const renewed = await whoAmI(app, session.cookie);
    expect(renewed.statusCode).toBe(200);
    const [line] = rawSetCookie(renewed);
    expect(line).toBeDefined();
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(sessionCookieOf(renewed)!.value).toBe(session.cookie.split('=')[1]);
    const [row] = await app.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, session.user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(twoDaysOld.getTime() + DAY_MS);
    expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);
  });

  it('keeps only a keyed hash of the token in the database', async () => {
    const session = await signUpUser(app, { firstName: 'Hashed' });
    const token = session.cookie.split('=')[1]!;
    const rows = await app.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, session.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(token);
    const found = await app.database.db.execute(sql`select count(*)::int as n from sessions where id = ${token}`);
    expect(Number((found as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBe(0);
  });
});

describe('state-changing calls', () => {
  // The List-Unsubscribe link takes form posts from any site by design (RFC 8058; its signed token is the
  // whole authority): server/modules/mail/mail-outbox.test.ts covers it.
  const stateChangingRoutes = () =>
    app.routeList.filter((route) => STATE_CHANGING.has(route.method) && route.url !== '/mail/unsubscribe');

  it('covers every POST/PUT/PATCH/DELETE route of the route table', () => {
    const keys = stateChangingRoutes().map((route) => `${route.method} ${route.url}`);
    expect(keys.length).toBeGreaterThanOrEqual(8);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /api/auth/signup',
        'POST /api/auth/login',
        'POST /api/logout',
        'POST /api/events',
        'POST /api/events/:id/rsvp',
        'DELETE /api/events/:id/rsvp',
        'POST /api/ratings',
        'POST /api/messages',
      ]),
    );
  });

  it('refuses another origin, a cross-site or same-site Sec-Fetch-Site and Origin: null with 403 on every one, and changes nothing', async () => {
    const before = await app.database.db.execute(
      sql`select (select count(*) from events)::int as events, (select count(*) from messages)::int as messages, (select count(*) from ratings)::int as ratings, (select count(*) from users)::int as users`,
    );
    const refusals: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: `https://${HOST}` },
      { origin: `${OWN_ORIGIN}.evil.example` },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site', origin: OWN_ORIGIN },
    ];
    const failures: string[] = [];
    let checked = 0;
    for (const route of stateChangingRoutes()) {
      for (const headers of refusals) {
        for (const cookie of [owner.cookie, undefined]) {
          const { url, body } = requestFor(route.method, route.url);
          const response = await app.inject({
            method: route.method as 'POST',
            url,
            headers: { host: HOST, ...headers, ...(cookie ? { cookie } : {}) },
            ...(body !== undefined ? { payload: body as object } : {}),
          });
          checked += 1;
          if (response.statusCode !== 403 || response.json().message !== CROSS_SITE_MESSAGE) {
            failures.push(
              `${route.method} ${route.url} ${JSON.stringify(headers)} ${cookie ? 'signed in' : 'visitor'}: ${response.statusCode} ${response.body.slice(0, 100)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    const after = await app.database.db.execute(
      sql`select (select count(*) from events)::int as events, (select count(*) from messages)::int as messages, (select count(*) from ratings)::int as ratings, (select count(*) from users)::int as users`,
    );
    expect((after as unknown as { rows: unknown[] }).rows).toEqual((before as unknown as { rows: unknown[] }).rows);
    // The session used above is still alive: a refused cross-site sign-out did not end it.
    expect((await whoAmI(app, owner.cookie)).statusCode).toBe(200);
    console.log(
      `cross-site refusal: ${checked} requests on ${stateChangingRoutes().length} state-changing routes, all 403`,
    );
  });

  it('lets same-origin requests, Sec-Fetch-Site none and requests without Origin through on every one', async () => {
    const passes: Array<Record<string, string>> = [
      { origin: OWN_ORIGIN, 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    const failures: string[] = [];
    for (const headers of passes) {
      // A separate session per pass, since sign-out and sign-in end the one they are called with.
      const session = await signIn(app, owner.user.email, owner.password);
      const cookie = `pitchin_session=${sessionCookieOf(session)!.value}`;
      // Sign-in and sign-out end the session they are sent with, so they go last.
      const rank = (url: string) => ['/api/auth/signup', '/api/auth/login', '/api/logout'].indexOf(url);
      const routes = stateChangingRoutes().sort((a, b) => rank(a.url) - rank(b.url));
      for (const route of routes) {
        const { url, body, cookie: ownCookie, refusal } = await prepareSucceedingRequest(route.method, route.url);
        const response = await app.inject({
          method: route.method as 'POST',
          url,
          headers: { host: HOST, ...headers, cookie: ownCookie ?? cookie },
          ...(body !== undefined ? { payload: body as object } : {}),
        });
        const isExpected = refusal
          ? response.statusCode === 400 && response.json().message === refusal
          : response.statusCode < 300;
        if (!isExpected)
          failures.push(
            `${route.method} ${route.url} ${JSON.stringify(headers)}: ${response.statusCode} ${response.body.slice(0, 100)}`,
          );
      }
      // Ratings are one per user and event; clear it so the next pass can rate again.
      await app.database.db.execute(sql`delete from ratings where event_id = ${pastEventId}`);
      await app.database.db.execute(sql`update events set rating_count = 0, rating_sum = 0 where id = ${pastEventId}`);
    }
    expect(failures).toEqual([]);
  });

  it('accepts JSON only: text/plain, form and multipart bodies get 415 on every one', async () => {
    const bodies: Array<{ contentType: string; payload: string }> = [
      { contentType: 'text/plain', payload: '{"email":"a@example.org","password":"whatever1"}' },
      { contentType: 'text/plain;charset=UTF-8', payload: '{"status":"attending"}' },
      { contentType: 'application/x-www-form-urlencoded', payload: 'email=a%40example.org&password=whatever1' },
      {
        contentType: 'multipart/form-data; boundary=XyZ',
        payload: '--XyZ\r\nContent-Disposition: form-data; name="content"\r\n\r\nhi\r\n--XyZ--\r\n',
      },
      { contentType: 'application/jsonp', payload: '{}' },
    ];
    const failures: string[] = [];
    for (const route of stateChangingRoutes()) {
      for (const { contentType, payload } of bodies) {
        const { url } = requestFor(route.method, route.url);
        const response = await app.inject({
          method: route.method as 'POST',
          url,
          headers: { host: HOST, origin: OWN_ORIGIN, cookie: owner.cookie, 'content-type': contentType },
          payload,
        });
        if (response.statusCode !== 415)
          failures.push(
            `${route.method} ${route.url} ${contentType}: ${response.statusCode} ${response.body.slice(0, 100)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect((await whoAmI(app, owner.cookie)).statusCode).toBe(200);
  });
});

describe('sign-in rate limits', () => {
  it('locks an account for the client address after 5 failures with 429 and Retry-After, even for the right password', async () => {
    const victim = await signUpUser(app, { firstName: 'Locked' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await signIn(app, victim.user.email, 'wrong password', { remoteAddress: '10.60.0.1' });
      expect(response.statusCode).toBe(401);
    }
    // Another address is not locked out (failures count per account and address).
    expect((await signIn(app, victim.user.email, victim.password, { remoteAddress: '10.60.1.1' })).statusCode).toBe(
      200,
    );
    for (const password of ['wrong password', victim.password]) {
      const response = await signIn(app, victim.user.email.toUpperCase(), password, { remoteAddress: '10.60.0.1' });
      expect(response.statusCode).toBe(429);
      const retryAfter = Number(response.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(response.json().message).toMatch(/too many/i);
      expect(sessionCookieOf(response)).toBeUndefined();
    }
  });

  it('limits sign-ins and sign-ups per client IP to AUTH_RATE_LIMIT a minute, with Retry-After', async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response =
        attempt % 2 === 0
          ? await signIn(httpsApp, `nobody${attempt}@example.org`, 'whatever pw', { remoteAddress: '10.70.0.1' })
          : await httpsApp.inject({
              method: 'POST',
              url: '/api/auth/signup',
              remoteAddress: '10.70.0.1',
              payload: { email: `ip${attempt}@example.org`, password: 'long enough pw', firstName: 'I', lastName: 'P' },
            });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) retryAfter = String(response.headers['retry-after']);
    }
    expect(statuses).toEqual([401, 201, 401, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  });
});

function cspProblems(csp: string | undefined): string[] {
  if (!csp) return ['no Content-Security-Policy'];
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!.toLowerCase(), values] as const;
      }),
  );
  const problems: string[] = [];
  const scriptSources = directives.get('script-src') ?? directives.get('default-src');
  if (!scriptSources) problems.push('no script-src or default-src');
  else {
    if (scriptSources.includes("'unsafe-inline'")) problems.push(`script-src allows 'unsafe-inline'`);
    if (scriptSources.includes("'unsafe-eval'")) problems.push(`script-src allows 'unsafe-eval'`);
    if (
      scriptSources.some((source) => source === '*' || source === 'data:' || source === 'http:' || source === 'https:')
    )
      problems.push('script-src allows any host');
  }
  const attributeSources = directives.get('script-src-attr');
  if (attributeSources && !attributeSources.includes("'none'")) problems.push(`script-src-attr is not 'none'`);
  if (directives.get('frame-ancestors')?.join(' ') !== "'none'") problems.push(`frame-ancestors is not 'none'`);
  if (directives.get('object-src')?.join(' ') !== "'none'") problems.push(`object-src is not 'none'`);
  // ASVS 5.0 V3.4.3 asks for base-uri 'none' in the global policy.
  if (directives.get('base-uri')?.join(' ') !== "'none'") problems.push(`base-uri is not 'none'`);
  return problems;
}

function headerProblems(response: { headers: Record<string, unknown> }): string[] {
  const problems = cspProblems(response.headers['content-security-policy'] as string | undefined);
  if (response.headers['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  if (
    !/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/.test(
      String(response.headers['referrer-policy']),
    )
  )
    problems.push(`Referrer-Policy ${response.headers['referrer-policy']}`);
  if (response.headers['x-powered-by'] !== undefined) problems.push('X-Powered-By present');
  // No CORS: the API is same-origin only, so no answer may open itself to other origins.
  if (response.headers['access-control-allow-origin'] !== undefined)
    problems.push(`Access-Control-Allow-Origin ${response.headers['access-control-allow-origin']}`);
  return problems;
}

describe('security headers on every answer', () => {
  it('sends CSP (no unsafe-inline script, frame-ancestors none), nosniff and Referrer-Policy on every GET route, as visitor and signed in', async () => {
    const failures: string[] = [];
    let checked = 0;
    const getRoutes = app.routeList.filter((route) => route.method === 'GET');
    expect(getRoutes.length).toBeGreaterThan(20);
    for (const route of getRoutes) {
      for (const cookie of [undefined, other.cookie]) {
        const { url } = requestFor(
          'GET',
          route.url === '/api/docs/static/*' ? '/api/docs/static/swagger-ui.css' : route.url,
        );
        const response = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        checked += 1;
        for (const problem of headerProblems(response))
          failures.push(`GET ${route.url} (${response.statusCode}, ${cookie ? 'signed in' : 'visitor'}): ${problem}`);
      }
    }
    expect(failures).toEqual([]);
    console.log(`security headers: ${checked} GET answers on ${getRoutes.length} routes`);
  });

  it('keeps personal API answers out of browser and proxy caches (Cache-Control no-store or private)', async () => {
    // An event's calendar file is as public as its page (guests read it) and holds nobody's data; it is
    // revalidated on every use (no-cache) so that a change or cancellation reaches calendars.
    const publicAndImmutable = new Set([
      '/api/images/:photoId',
      '/api/events/:id/og-image',
      '/api/config',
      '/api/events/:id/calendar.ics',
    ]);
    const failures: string[] = [];
    for (const route of app.routeList.filter(
      (item) => item.method === 'GET' && item.url.startsWith('/api/') && !item.url.startsWith('/api/docs'),
    )) {
      if (publicAndImmutable.has(route.url)) continue;
      const response = await app.inject({
        method: 'GET',
        url: requestFor('GET', route.url).url,
        headers: { cookie: other.cookie },
      });
      const cacheControl = String(response.headers['cache-control'] ?? '');
      if (!/no-store|private/.test(cacheControl))
        failures.push(`GET ${route.url} (${response.statusCode}): cache-control ${cacheControl || 'missing'}`);
    }
    for (const url of ['/api/auth/user', '/api/no-such-route']) {
      const response = await app.inject({ method: 'GET', url });
      if (!/no-store/.test(String(response.headers['cache-control'])))
        failures.push(`visitor GET ${url}: cache-control ${response.headers['cache-control']}`);
    }
    expect(failures).toEqual([]);
  });

  it('sends them on 404s, errors and refusals too', async () => {
    const answers = [
      // An unknown /api path: 401 for a visitor (nothing about the API is told without a session), 404 signed in.
      await app.inject({ method: 'GET', url: '/api/no-such-route' }),
      await app.inject({ method: 'GET', url: '/api/no-such-route', headers: { cookie: owner.cookie } }),
      await app.inject({ method: 'GET', url: '/assets/missing-file.js' }),
      await app.inject({ method: 'GET', url: '/api/events/999999', headers: { cookie: owner.cookie } }),
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      }),
      await app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { cookie: owner.cookie },
        payload: { title: '' },
      }),
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: 'https://evil.example' },
        payload: {},
      }),
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      }),
      await app.inject({ method: 'GET', url: '/api/auth/user' }),
      await app.inject({ method: 'GET', url: '/api/images/not-a-photo' }),
      await app.inject({ method: 'PUT', url: '/api/events' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 404, 404, 404, 400, 400, 403, 415, 401, 404, 404]);
    const failures = answers.flatMap((answer, index) =>
      headerProblems(answer).map((problem) => `answer ${index} (${answer.statusCode}): ${problem}`),
    );
    expect(failures).toEqual([]);
  });

  it('sends HSTS only behind HTTPS', async () => {
    // An https PUBLIC_URL means the site is served over TLS: HSTS on every answer, forwarded header or not.
    const behindTls = await httpsApp.inject({ method: 'GET', url: '/api/config', remoteAddress: '10.0.0.2' });
    expect(behindTls.headers['strict-transport-security']).toMatch(/max-age=\d+; includeSubDomains/);
    expect(
      Number(/max-age=(\d+)/.exec(String(behindTls.headers['strict-transport-security']))![1]),
    ).toBeGreaterThanOrEqual(31_536_000);
    const errorBehindTls = await httpsApp.inject({ method: 'GET', url: '/api/auth/user' });
    expect(errorBehindTls.statusCode).toBe(401);
    expect(errorBehindTls.headers['strict-transport-security']).toBeDefined();
    // Without PUBLIC_URL nor TRUST_PROXY a forged X-Forwarded-Proto proves nothing.
    const plain = await app.inject({
      method: 'GET',
      url: '/api/config',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const plainLocal = await app.inject({ method: 'GET', url: '/' });
    expect(plainLocal.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the Host header', () => {
  it('refuses one that is no host with 400 INVALID_REQUEST, before any route builds a link on it', async () => {
    // The fuzzer's find: the calendar file built its links on `Host: \0` and answered 500.
    for (const host of ['\u0000', 'a b', `${HOST}/elsewhere`, `user@${HOST}`, `${HOST}:99999`, `${HOST}\\x`]) {
      for (const url of [`/api/events/${eventId}/calendar.ics`, '/api/config', `/events/${eventId}`]) {
        const response = await app.inject({ method: 'GET', url, headers: { host } });
        expect(response.statusCode, `${JSON.stringify(host)} ${url}`).toBe(400);
        expect(response.json()).toEqual({ message: 'The Host header is not valid', code: 'INVALID_REQUEST' });
      }
    }
    for (const host of [HOST, `${HOST}:8080`, '127.0.0.1:6173', '[::1]:5000', 'my_service:3000']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/events/${eventId}/calendar.ics`,
        headers: { host },
      });
      expect(response.statusCode, host).toBe(200);
    }
  });

  it('refuses an HTTP/1.0 request without Host with 400 where a route builds links on the host, and serves it elsewhere', async () => {
    // HTTP/1.0 may leave Host out; Fastify reads that as '', and `new URL('http://')` in the calendar threw.
    const listening = await createTestApp({ WEB_DIST_DIR: webDirectory });
    try {
      await listening.listen({ host: '127.0.0.1', port: 0 });
      const { port } = listening.server.address() as AddressInfo;
      const calendar = await sendRawRequest(port, Buffer.from(`GET /api/events/1/calendar.ics HTTP/1.0\r\n\r\n`));
      expect(calendar?.statusCode).toBe(400);
      expect(JSON.parse(calendar!.body)).toEqual({ message: 'The Host header is required', code: 'INVALID_REQUEST' });
      const config = await sendRawRequest(port, Buffer.from('GET /api/config HTTP/1.0\r\n\r\n'));
      expect(config?.statusCode).toBe(200);
    } finally {
      await listening.close();
    }
  });

  it("refuses a trusted proxy's forwarded host that is no host the same way", async () => {
    const behindProxy = await createTestApp({ WEB_DIST_DIR: webDirectory, TRUST_PROXY: '10.0.0.2' });
    try {
      const forwarded = (value: string) =>
        behindProxy.inject({
          method: 'GET',
          url: '/api/config',
          remoteAddress: '10.0.0.2',
          headers: { host: HOST, 'x-forwarded-host': value },
        });
      expect((await forwarded('x y')).statusCode).toBe(400);
      expect((await forwarded('pitchin.example.org')).statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('uploaded images', () => {
  it('serves the PNG and the GIF of an event with an image content type only, nosniff, to visitors too', async () => {
    const event = (
      await app.inject({ method: 'GET', url: `/api/events/${eventId}`, headers: { cookie: owner.cookie } })
    ).json() as { images: string[] };
    expect(event.images).toHaveLength(2);
    for (const imagePath of event.images) {
      const response = await app.inject({ method: 'GET', url: imagePath });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/(png|jpeg|webp|gif)$/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-disposition'] ?? '').not.toMatch(/filename=.*\.html?/i);
      expect((await sharp(response.rawPayload).metadata()).format).toMatch(/^(png|jpeg|webp|gif)$/);
      expect(cspProblems(response.headers['content-security-policy'] as string)).toEqual([]);
    }
  });

  it('decides the type from the bytes: a data URL claiming GIF that holds a PNG is stored and served as an image', async () => {
    const mislabelled = pngDataUrl.replace('data:image/png', 'data:image/gif');
    const created = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie: owner.cookie },
      payload: {
        title: 'Mislabelled',
        description: 'd',
        location: 'l',
        date: daysFromNow(4).toISOString(),
        categoryId: 1,
        maxAttendees: null,
        imageUrl: null,
        images: [mislabelled],
      },
    });
    expect(created.statusCode).toBe(201);
    const response = await app.inject({ method: 'GET', url: created.json().images[0] });
    expect(response.headers['content-type']).toMatch(/^image\/(png|jpeg|webp|gif)$/);
  });

  it('refuses HTML, SVG and HTML/GIF polyglots whatever the data URL claims, and never serves text/html', async () => {
    const html = Buffer.from('<!doctype html><script>window.__xss=1</script>').toString('base64');
    const polyglot = Buffer.concat([
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
      Buffer.from('<html><script>window.__xss=1</script></html>'),
    ]).toString('base64');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"><rect width="4" height="4"/></svg>',
    ).toString('base64');
    const attempts = [
      `data:image/png;base64,${html}`,
      `data:image/gif;base64,${polyglot}`,
      `data:image/webp;base64,${svg}`,
      `data:text/html;base64,${html}`,
      `data:image/svg+xml;base64,${svg}`,
    ];
    for (const image of attempts) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { cookie: owner.cookie },
        payload: {
          title: 'Polyglot',
          description: 'd',
          location: 'l',
          date: daysFromNow(4).toISOString(),
          categoryId: 1,
          maxAttendees: null,
          imageUrl: null,
          images: [image],
        },
      });
      expect(response.statusCode, image.slice(0, 30)).toBe(400);
    }
    const stored = await app.database.db.execute(
      sql`select count(*)::int as n from event_photos where content_type not like 'image/%'`,
    );
    expect(Number((stored as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBe(0);
  });

  it('refuses an image URL that is not http(s)', async () => {
    for (const imageUrl of [
      'javascript:window.__xss=1',
      'data:text/html,<script>window.__xss=1</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x.png',
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { cookie: owner.cookie },
        payload: {
          title: 'Bad URL',
          description: 'd',
          location: 'l',
          date: daysFromNow(4).toISOString(),
          categoryId: 1,
          maxAttendees: null,
          imageUrl,
          images: [],
        },
      });
      expect(response.statusCode, imageUrl).toBe(400);
    }
  });
});
