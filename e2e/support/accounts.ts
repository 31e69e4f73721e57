import { randomBytes } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { E2E_BASE_URL } from './e2e-settings';

export const DEMO_ACCOUNT = { email: 'demo@pitchin.app', password: 'pitchin-demo' } as const;

/**
 * Demo accounts, whose addresses the seed marks confirmed, for tests that write to addresses with no account
 * (only confirmed accounts may). One per test file, so that no other test's messages land in their lists.
 */
export const CONFIRMED_DEMO_SENDERS = {
  messages: { email: 'liam.murphy@demo.pitchin.app', password: DEMO_ACCOUNT.password },
  share: { email: 'hannah.kim@demo.pitchin.app', password: DEMO_ACCOUNT.password },
} as const;

export type TestUser = { id: string; email: string; password: string; firstName: string; lastName: string };

/**
 * Signs a new user up through the real API inside the page's browser context, so the session cookie
 * lands in the browser exactly as the sign-in page would leave it.
 */
export async function signUpInBrowser(page: Page, fields: Partial<Omit<TestUser, 'id'>> = {}): Promise<TestUser> {
  return signUpWith(page.context().request, fields);
}

export async function signUpWith(
  request: APIRequestContext,
  fields: Partial<Omit<TestUser, 'id'>> = {},
): Promise<TestUser> {
  const user = {
    email: fields.email ?? `e2e-${randomBytes(5).toString('hex')}@example.org`,
    password: fields.password ?? 'correct horse battery',
    firstName: fields.firstName ?? 'Alex',
    lastName: fields.lastName ?? 'Rivera',
  };
  const response = await request.post('/api/auth/signup', { data: user });
  if (response.status() !== 201) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  return { ...user, id: (await response.json()).id };
}

export async function signInWith(
  context: BrowserContext,
  account: { email: string; password: string } = DEMO_ACCOUNT,
): Promise<void> {
  const response = await context.request.post('/api/auth/login', { data: account });
  if (response.status() !== 200) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

/** Creates an event through the API as the signed-in user of `request`; returns the event read shape. */
export async function createEventWith(
  request: APIRequestContext,
  fields: Partial<{
    title: string;
    description: string;
    location: string;
    date: string;
    categoryId: number;
    maxAttendees: number | null;
    imageUrl: string | null;
    images: string[];
    /** The place picker's coordinates (decisions §21). */
    latitude: number;
    longitude: number;
  }> = {},
) {
  const response = await request.post('/api/events', {
    data: {
      title: fields.title ?? `E2E event ${randomBytes(3).toString('hex')}`,
      description: fields.description ?? 'An event created by a browser test.',
      location: fields.location ?? 'Lisbon, Portugal',
      date: fields.date ?? new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString(),
      categoryId: fields.categoryId ?? 1,
      maxAttendees: fields.maxAttendees ?? null,
      imageUrl: fields.imageUrl ?? null,
      images: fields.images ?? [],
      ...(fields.latitude !== undefined && { latitude: fields.latitude, longitude: fields.longitude }),
    },
  });
  if (response.status() !== 201)
    throw new Error(`event creation failed: ${response.status()} ${await response.text()}`);
  return response.json();
}

/**
 * An event of someone else's, created by a new organizer of its own: the organizer of an event sees
 * their own tools on its page instead of the RSVP control, so a test of the visitor's side needs one.
 */
export async function createEventAsAnother(
  playwright: PlaywrightWorkerArgs['playwright'],
  fields: Parameters<typeof createEventWith>[1] = {},
  organizerFields: Partial<Omit<TestUser, 'id'>> = {},
) {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  try {
    const organizer = await signUpWith(request, organizerFields);
    return { organizer, event: await createEventWith(request, fields) };
  } finally {
    await request.dispose();
  }
}

/** An organizer may create 10 events an hour. */
const EVENTS_PER_ORGANIZER_PER_HOUR = 10;

/**
 * Creates many events, each group of 10 by a fresh organizer (the write limits allow one organizer 10
 * an hour). `newRequestContext`: the test's `() => playwright.request.newContext({ baseURL })`.
 */
export async function createManyEvents(
  newRequestContext: () => Promise<APIRequestContext>,
  fieldsList: ReadonlyArray<Parameters<typeof createEventWith>[1]>,
) {
  const organizers: APIRequestContext[] = [];
  const created = [];
  try {
    for (const [index, fields] of fieldsList.entries()) {
      if (index % EVENTS_PER_ORGANIZER_PER_HOUR === 0) {
        organizers.push(await newRequestContext());
        await signUpWith(organizers.at(-1)!);
      }
      created.push(await createEventWith(organizers.at(-1)!, fields));
    }
  } finally {
    await Promise.all(organizers.map((organizer) => organizer.dispose()));
  }
  return created;
}

/**
 * Upcoming events of organizers made for the calling test alone, for a test to join. Never the demo
 * seed's: parallel tests' joins fill those (CI once found 8 with room where 10 were wanted), and a test
 * that counts the attendees of an event must never see another test join it.
 */
export async function eventsOfNewOrganizers(playwright: PlaywrightWorkerArgs['playwright'], count: number) {
  const day = 24 * 60 * 60 * 1000;
  return createManyEvents(
    () => playwright.request.newContext({ baseURL: E2E_BASE_URL }),
    Array.from({ length: count }, (_, index) => ({ date: new Date(Date.now() + (index + 2) * day).toISOString() })),
  );
}

/** RSVPs with `status` to one event as the user of `request`. */
export async function rsvpWith(request: APIRequestContext, eventId: number, status = 'attending'): Promise<void> {
  const response = await request.post(`/api/events/${eventId}/rsvp`, { data: { status } });
  if (response.status() !== 200)
    throw new Error(`RSVP to event ${eventId} failed: ${response.status()} ${await response.text()}`);
}

/** RSVPs 'attending' to each of `events`. */
export async function joinEvents(request: APIRequestContext, events: ReadonlyArray<{ id: number }>): Promise<void> {
  for (const event of events) {
    const response = await request.post(`/api/events/${event.id}/rsvp`, { data: { status: 'attending' } });
    if (response.status() !== 200) throw new Error(`joining event ${event.id} failed: ${response.status()}`);
  }
}

/**
 * A scheduled event of the signed-in account (the demo account) that took place in the last 25 days, when
 * the attendance sheet is open, with at least `minimumAttendees` people to record; null if it has none.
 */
export async function findRecentPastEventWithAttendees(
  request: APIRequestContext,
  minimumAttendees: number,
): Promise<{ id: number; attendees: Array<{ user: { id: string }; attended: boolean | null }> } | null> {
  const mine: Array<{ id: number; status: string; date: string }> = await (await request.get('/api/my-events')).json();
  const now = Date.now();
  for (const event of mine.filter(
    (candidate) =>
      candidate.status === 'scheduled' &&
      Date.parse(candidate.date) < now &&
      Date.parse(candidate.date) > now - 25 * 24 * 3600_000,
  )) {
    const answer = await (await request.get(`/api/events/${event.id}/attendees`)).json();
    if (answer.attendees.length >= minimumAttendees) return { id: event.id, attendees: answer.attendees };
  }
  return null;
}
