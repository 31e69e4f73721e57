import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../contract/notifications';
import { createEvent, createTestApp, signUpUser, type TestApp, type SignedUpUser } from '../../test/test-app';

let app: TestApp;
let organizer: SignedUpUser;
let volunteer: SignedUpUser;
let waiting: SignedUpUser;
let stranger: SignedUpUser;

beforeAll(async () => {
  app = await createTestApp();
  organizer = await signUpUser(app, { firstName: 'Olga', lastName: 'Organizer' });
  volunteer = await signUpUser(app, { firstName: 'Vera', lastName: 'Volunteer' });
  waiting = await signUpUser(app, { firstName: 'Walt', lastName: 'Waiting' });
  stranger = await signUpUser(app, { firstName: 'Stan', lastName: 'Stranger' });
});
afterAll(async () => app?.close());

async function listOf(account: SignedUpUser, url = '/api/notifications'): Promise<Notification[]> {
  const response = await app.inject({ method: 'GET', url, headers: { cookie: account.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function unreadOf(account: SignedUpUser): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/notifications/unread-count',
    headers: { cookie: account.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json().count;
}

async function call(account: SignedUpUser, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });
}

const ofType = (list: Notification[], type: Notification['type']) => list.filter((item) => item.type === type);

describe('notifications are created in the transaction of each write', () => {
  let eventId: number;

  it('rsvp_received: the organizer hears of a new RSVP, with the event and who it was', async () => {
    eventId = (await createEvent(app, organizer.cookie, { maxAttendees: 1 })).id;
    expect((await call(volunteer, 'POST', `/api/events/${eventId}/rsvp`, { status: 'attending' })).statusCode).toBe(
      200,
    );
    const [received] = ofType(await listOf(organizer), 'rsvp_received');
    expect(received).toMatchObject({
      event: { id: eventId, title: 'River cleanup' },
      actor: { id: volunteer.user.id, firstName: 'Vera', lastName: 'Volunteer' },
      readAt: null,
    });
    // The RSVP holder is not told of their own RSVP.
    expect(ofType(await listOf(volunteer), 'rsvp_received')).toEqual([]);
  });

  it('achievement_unlocked: a first RSVP unlocks an achievement, which is notified once', async () => {
    const unlocked = ofType(await listOf(volunteer), 'achievement_unlocked');
    expect(unlocked.length).toBeGreaterThanOrEqual(1);
    expect(unlocked[0]!.event).toBeUndefined();
    expect(unlocked[0]!.actor).toBeUndefined();
    const before = unlocked.length;
    // A change of status unlocks nothing new.
    expect((await call(volunteer, 'POST', `/api/events/${eventId}/rsvp`, { status: 'supporting' })).statusCode).toBe(
      200,
    );
    expect(ofType(await listOf(volunteer), 'achievement_unlocked')).toHaveLength(before);
  });

  it('event_changed: a new place tells every RSVP holder, not the organizer', async () => {
    expect((await call(organizer, 'PATCH', `/api/events/${eventId}`, { location: 'Braga' })).statusCode).toBe(200);
    expect(ofType(await listOf(volunteer), 'event_changed')).toMatchObject([
      { event: { id: eventId }, actor: { id: organizer.user.id } },
    ]);
    expect(ofType(await listOf(organizer), 'event_changed')).toEqual([]);
  });

  it('announcement: each RSVP holder gets it as a notification and as a message', async () => {
    expect(
      (await call(organizer, 'POST', `/api/events/${eventId}/announcements`, { content: 'Meet at the bridge' }))
        .statusCode,
    ).toBe(201);
    expect(ofType(await listOf(volunteer), 'announcement')).toMatchObject([
      { event: { id: eventId }, actor: { id: organizer.user.id } },
    ]);
    expect(ofType(await listOf(stranger), 'announcement')).toEqual([]);
  });

  it('waitlist_promoted: a withdrawal gives the seat to the first person waiting, who is told', async () => {
    expect((await call(waiting, 'POST', `/api/events/${eventId}/waitlist`)).statusCode).toBe(201);
    expect(ofType(await listOf(waiting), 'waitlist_promoted')).toEqual([]);
    expect((await call(volunteer, 'DELETE', `/api/events/${eventId}/rsvp`)).statusCode).toBe(204);
    expect(ofType(await listOf(waiting), 'waitlist_promoted')).toMatchObject([{ event: { id: eventId } }]);
  });

  it('event_cancelled: every RSVP holder is told', async () => {
    expect((await call(organizer, 'POST', `/api/events/${eventId}/cancel`, { reason: 'Storm' })).statusCode).toBe(200);
    expect(ofType(await listOf(waiting), 'event_cancelled')).toMatchObject([
      { event: { id: eventId, title: 'River cleanup' }, actor: { id: organizer.user.id } },
    ]);
    expect(ofType(await listOf(volunteer), 'event_cancelled')).toEqual([]);
  });

  it('message_received: the receiver is told who wrote; the sender is not', async () => {
    const sent = await call(stranger, 'POST', '/api/messages', {
      receiverId: volunteer.user.id,
      content: 'Hello Vera',
    });
    expect(sent.statusCode).toBe(201);
    expect(ofType(await listOf(volunteer), 'message_received')).toMatchObject([
      { actor: { id: stranger.user.id, firstName: 'Stan' }, readAt: null },
    ]);
    expect(ofType(await listOf(stranger), 'message_received')).toEqual([]);
  });

  it('a refused write leaves no notification behind', async () => {
    const before = (await listOf(volunteer)).length;
    expect(
      (await call(stranger, 'POST', '/api/messages', { receiverId: volunteer.user.id, content: 'x'.repeat(5001) }))
        .statusCode,
    ).toBe(400);
    expect((await call(stranger, 'POST', `/api/events/${eventId}/rsvp`, { status: 'attending' })).statusCode).toBe(409);
    expect(await listOf(volunteer)).toHaveLength(before);
    expect(ofType(await listOf(organizer), 'rsvp_received').map((item) => item.actor?.id)).not.toContain(
      stranger.user.id,
    );
  });
});

describe('the notification calls', () => {
  it('lists newest first and pages with a Link header until the end', async () => {
    const all = await listOf(volunteer, '/api/notifications?limit=100');
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.map((item) => item.id)).toEqual([...all.map((item) => item.id)].sort((a, b) => b - a));
    const seen: number[] = [];
    let url: string | null = '/api/notifications?limit=2';
    while (url) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie: volunteer.cookie } });
      expect(response.statusCode).toBe(200);
      const page = response.json() as Notification[];
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page.map((item) => item.id));
      const link = response.headers.link as string | undefined;
      url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
    }
    expect(seen).toEqual(all.map((item) => item.id));
  });

  it('counts unread, marks chosen ids read, then all', async () => {
    const all = await listOf(volunteer, '/api/notifications?limit=100');
    expect(await unreadOf(volunteer)).toBe(all.length);
    const chosen = all.slice(0, 2).map((item) => item.id);
    const marked = await call(volunteer, 'POST', '/api/notifications/read', { ids: chosen });
    expect(marked.statusCode).toBe(204);
    expect(marked.body).toBe('');
    expect(await unreadOf(volunteer)).toBe(all.length - 2);
    const after = await listOf(volunteer, '/api/notifications?limit=100');
    for (const item of after) expect(item.readAt === null, String(item.id)).toBe(!chosen.includes(item.id));
    // Made before "mark all", since a first event may unlock an achievement of its own.
    const ownEventId = (await createEvent(app, volunteer.cookie, { maxAttendees: 1 })).id;
    expect((await call(volunteer, 'POST', '/api/notifications/read', {})).statusCode).toBe(204);
    expect(await unreadOf(volunteer)).toBe(0);
    // A bodiless POST also means "all".
    expect((await call(stranger, 'POST', `/api/events/${ownEventId}/rsvp`, { status: 'attending' })).statusCode).toBe(
      200,
    );
    expect(await unreadOf(volunteer)).toBe(1);
    expect((await call(volunteer, 'POST', '/api/notifications/read')).statusCode).toBe(204);
    expect(await unreadOf(volunteer)).toBe(0);
  });

  it('reading a conversation reads its message notifications, so the bell agrees with the inbox', async () => {
    expect(
      (await call(stranger, 'POST', '/api/messages', { receiverId: organizer.user.id, content: 'A question' }))
        .statusCode,
    ).toBe(201);
    const before = await unreadOf(organizer);
    expect(ofType(await listOf(organizer), 'message_received').filter((item) => item.readAt === null)).toHaveLength(1);
    expect((await call(organizer, 'POST', `/api/conversations/${stranger.user.id}/read`)).statusCode).toBe(204);
    expect(await unreadOf(organizer)).toBe(before - 1);
  });

  it('nobody reads or marks anyone else’s notifications', async () => {
    const theirs = await listOf(organizer, '/api/notifications?limit=100');
    const mine = await listOf(stranger, '/api/notifications?limit=100');
    expect(mine.map((item) => item.id).filter((id) => theirs.some((other) => other.id === id))).toEqual([]);
    const unreadBefore = await unreadOf(organizer);
    expect(unreadBefore).toBeGreaterThan(0);
    expect(
      (await call(stranger, 'POST', '/api/notifications/read', { ids: theirs.map((item) => item.id) })).statusCode,
    ).toBe(204);
    expect((await call(stranger, 'POST', '/api/notifications/read', {})).statusCode).toBe(204);
    expect(await unreadOf(organizer)).toBe(unreadBefore);
  });

  it('refuses bad input with the one error shape', async () => {
    const cases: Array<{ method: 'GET' | 'POST'; url: string; payload?: unknown; status: number; message: RegExp }> = [
      { method: 'GET', url: '/api/notifications?limit=0', status: 400, message: /Limit must be at least 1/ },
      { method: 'GET', url: '/api/notifications?limit=101', status: 400, message: /Limit must be at most 100/ },
      { method: 'GET', url: '/api/notifications?limit=abc', status: 400, message: /Limit must be a number/ },
      { method: 'GET', url: '/api/notifications?cursor=-4', status: 400, message: /Cursor is damaged/ },
      {
        method: 'POST',
        url: '/api/notifications/read',
        payload: { ids: 'all' },
        status: 400,
        message: /Ids must be a list of numbers/,
      },
      {
        method: 'POST',
        url: '/api/notifications/read',
        payload: { ids: ['1'] },
        status: 400,
        message: /Each id must be a number/,
      },
      { method: 'POST', url: '/api/notifications/read', payload: { ids: [1.5] }, status: 400, message: /whole number/ },
      {
        method: 'POST',
        url: '/api/notifications/read',
        payload: { ids: Array.from({ length: 501 }, (_, index) => index + 1) },
        status: 400,
        message: /At most 500 ids/,
      },
      { method: 'POST', url: '/api/notifications/read', payload: { ids: [1], extra: true }, status: 400, message: /./ },
    ];
    for (const item of cases) {
      const response = await app.inject({
        method: item.method,
        url: item.url,
        headers: { cookie: volunteer.cookie },
        ...(item.payload !== undefined ? { payload: item.payload as object } : {}),
      });
      expect(response.statusCode, `${item.url} ${JSON.stringify(item.payload)}`).toBe(item.status);
      expect(response.json().message).toMatch(item.message);
    }
    const textBody = await app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { cookie: volunteer.cookie, 'content-type': 'text/plain' },
      payload: 'all',
    });
    expect(textBody.statusCode).toBe(415);
  });

  it('answers 401 without a session, and the stream 406 to anything but an EventSource', async () => {
    for (const url of ['/api/notifications', '/api/notifications/unread-count', '/api/stream']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
    }
    expect((await app.inject({ method: 'POST', url: '/api/notifications/read', payload: {} })).statusCode).toBe(401);
    const image = await app.inject({
      method: 'GET',
      url: '/api/stream',
      headers: { cookie: volunteer.cookie, accept: 'image/avif,image/webp,*/*' },
    });
    expect(image.statusCode).toBe(406);
    expect(image.json().message).toMatch(/text\/event-stream/);
  });
});
