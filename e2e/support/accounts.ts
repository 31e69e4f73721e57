import { randomBytes } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

export const DEMO_ACCOUNT = { email: 'demo@pitchin.app', password: 'pitchin-demo' } as const;

export type TestUser = { id: string; email: string; password: string; firstName: string; lastName: string };

/**
 * Signs a new user up through the real API inside the page's browser context, so the session cookie
 * lands in the browser exactly as the sign-in page would leave it.
 */
export async function signUpInBrowser(page: Page, fields: Partial<Omit<TestUser, 'id'>> = {}): Promise<TestUser> {
  return signUpWith(page.context().request, fields);
}

export async function signUpWith(request: APIRequestContext, fields: Partial<Omit<TestUser, 'id'>> = {}): Promise<TestUser> {
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

export async function signInWith(context: BrowserContext, account: { email: string; password: string } = DEMO_ACCOUNT): Promise<void> {
  const response = await context.request.post('/api/auth/login', { data: account });
  if (response.status() !== 200) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

/** Creates an event through the API as the signed-in user of `request`; returns the event read shape. */
export async function createEventWith(
  request: APIRequestContext,
  fields: Partial<{ title: string; description: string; location: string; date: string; categoryId: number; maxAttendees: number | null; imageUrl: string | null }> = {},
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
      images: [],
    },
  });
  if (response.status() !== 201) throw new Error(`event creation failed: ${response.status()} ${await response.text()}`);
  return response.json();
}

type ListedEvent = { id: number; rsvpCount: number; maxAttendees: number | null; organizerId: string; organizer: { email: string | null } };

/**
 * Upcoming events of the demo seed with room to spare, so parallel tests joining them never fill them.
 * Only the seed's (its people's addresses end in pitchin.app): a parallel test that counts the
 * attendees of an event it created must never see another test join it.
 */
export async function roomyDemoEvents(request: APIRequestContext, count: number): Promise<ListedEvent[]> {
  const events: ListedEvent[] = await (await request.get('/api/events?limit=100')).json();
  const roomy = events.filter(
    (event) => (event.organizer.email?.endsWith('pitchin.app') ?? false) && (event.maxAttendees === null || event.maxAttendees - event.rsvpCount >= 10),
  );
  if (roomy.length < count) throw new Error(`only ${roomy.length} demo events with room, ${count} wanted`);
  return roomy.slice(0, count);
}

/** RSVPs 'attending' to each of `events`. */
export async function joinEvents(request: APIRequestContext, events: ReadonlyArray<{ id: number }>): Promise<void> {
  for (const event of events) {
    const response = await request.post(`/api/events/${event.id}/rsvp`, { data: { status: 'attending' } });
    if (response.status() !== 200) throw new Error(`joining event ${event.id} failed: ${response.status()}`);
  }
}
