import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysFromNow } from '../../test/fixtures';
import { createTestApp, signUpUser, type TestApp, type SignedUpUser } from '../../test/test-app';

type EventAnswer = {
  id: number;
  userRsvpStatus: string | null;
  userWaitlistPosition: number | null;
  organizer: { email: string | null };
};

let app: TestApp;
let organizer: SignedUpUser;
let attendee: SignedUpUser;
let eventId: number;

beforeAll(async () => {
  // A guest and a member read the same URLs, one after the other.
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  organizer = await signUpUser(app);
  attendee = await signUpUser(app);
  const created = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { cookie: organizer.cookie },
    payload: {
      title: 'Guest-readable beach day',
      description: 'Open to all.',
      location: 'Cascais',
      date: daysFromNow(3).toISOString(),
      categoryId: 1,
      maxAttendees: 1,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  eventId = created.json().id;
  const rsvp = await app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/rsvp`,
    headers: { cookie: attendee.cookie },
    payload: { status: 'attending' },
  });
  expect(rsvp.statusCode, rsvp.body).toBe(200);
});
afterAll(async () => app?.close());

function read(url: string, member?: SignedUpUser) {
  return app.inject({ method: 'GET', url, headers: member ? { cookie: member.cookie } : {} });
}

describe('guests', () => {
  it('read the event list, one event and its reviews, with no RSVP status and no e-mail', async () => {
    const list = await read('/api/events');
    expect(list.statusCode).toBe(200);
    const listed = (list.json() as EventAnswer[]).find((event) => event.id === eventId)!;
    expect(listed.userRsvpStatus).toBeNull();
    expect(listed.userWaitlistPosition).toBeNull();
    const one = await read(`/api/events/${eventId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id: eventId,
      userRsvpStatus: null,
      userWaitlistPosition: null,
      organizer: { email: null },
    });
    expect(one.body).not.toContain(organizer.user.email);
    expect(one.body).not.toContain(attendee.user.email);
    expect((await read(`/api/events/${eventId}/ratings`)).statusCode).toBe(200);
    expect((await read('/api/events/424242')).json()).toEqual({ message: 'Event not found', code: 'EVENT_NOT_FOUND' });
    expect((await read('/api/events/abc')).statusCode).toBe(400);
    expect((await read('/api/events?limit=500')).statusCode).toBe(400);
  });

  it("never get a member's RSVP status, nor a member the guest's answer, reading the same URLs in turn", async () => {
    // The member reads first and their answer is stored; the guest must not see "attending".
    expect((await read(`/api/events/${eventId}`, attendee)).json().userRsvpStatus).toBe('attending');
    expect((await read(`/api/events/${eventId}`)).json().userRsvpStatus).toBeNull();
    const memberList = (await read('/api/events?search=beach', attendee)).json() as EventAnswer[];
    expect(memberList.find((event) => event.id === eventId)!.userRsvpStatus).toBe('attending');
    const guestList = (await read('/api/events?search=beach')).json() as EventAnswer[];
    expect(guestList.find((event) => event.id === eventId)!.userRsvpStatus).toBeNull();
    // The other order: the guest reads a URL first, then the member gets their own status.
    const guestFirst = (await read('/api/events?location=cascais')).json() as EventAnswer[];
    expect(guestFirst.find((event) => event.id === eventId)!.userRsvpStatus).toBeNull();
    const memberSecond = (await read('/api/events?location=cascais', attendee)).json() as EventAnswer[];
    expect(memberSecond.find((event) => event.id === eventId)!.userRsvpStatus).toBe('attending');
    const guestOne = await read(`/api/events/${eventId}`);
    expect(guestOne.json().userRsvpStatus).toBeNull();
    expect((await read(`/api/events/${eventId}`, attendee)).json().userRsvpStatus).toBe('attending');
    // Nothing a guest is sent may be kept by a shared cache on the way either.
    expect(String(guestOne.headers['cache-control'] ?? '')).not.toMatch(/public/);
  });

  it('still get 401 for everything else they might try', async () => {
    const calls: Array<['GET' | 'POST' | 'DELETE' | 'PATCH', string]> = [
      ['POST', `/api/events/${eventId}/rsvp`],
      ['DELETE', `/api/events/${eventId}/rsvp`],
      ['POST', '/api/events'],
      ['PATCH', `/api/events/${eventId}`],
      ['GET', '/api/my-events'],
      ['GET', '/api/my-rsvps'],
      ['GET', `/api/events/${eventId}/attendees`],
      ['GET', '/api/messages'],
      ['GET', '/api/auth/user'],
      ['GET', '/api/categories'],
      ['GET', '/api/calendar-feed'],
    ];
    for (const [method, url] of calls) {
      const response = await app.inject({
        method,
        url,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
    }
  });
});
