import { test as base, expect, type APIRequestContext, type CDPSession, type Page } from '@playwright/test';
import { startE2eServer } from '../../scripts/e2e-server-process.mjs';
import { createEventWith, signUpWith, type TestUser } from './accounts';
import { E2E_BASE_URL, E2E_PORT } from './e2e-settings';

type NewUserFields = Partial<Omit<TestUser, 'id'>>;
type EventFields = Parameters<typeof createEventWith>[1];

/** Another person of a test: their account and an API session of their own (another device). */
type Person = { user: TestUser; request: APIRequestContext };

type TestFixtures = {
  /**
   * The person at the keyboard: a new account made through the API, whose session cookie is already in
   * the page's browser context, so the first `page.goto` is signed in. The sign-in screen has its own tests.
   */
  user: TestUser;
  /** Like `user`, for a test that needs the account's names or e-mail chosen. */
  signUp: (fields?: NewUserFields) => Promise<TestUser>;
  /** Other people, each a new account with its own API session; the sessions are closed after the test. */
  newPerson: (fields?: NewUserFields) => Promise<Person>;
  /**
   * An event of someone else's (the organizer of an event sees their tools instead of the RSVP control).
   * The organizers come from the worker's pool, each used for at most the 10 events an hour that the
   * write limits allow one organizer.
   */
  eventOfAnother: (fields?: EventFields) => Promise<{ id: number; title: string } & Record<string, unknown>>;
  /**
   * Slows every request of the page down for real (Chrome's own throttling, not a faked answer), so
   * pending states stay visible. Returns the session, to lift or change it with `setLatency`.
   */
  throttle: (latency: number, options?: { bytesPerSecond?: number; page?: Page }) => Promise<CDPSession>;
};

type WorkerFixtures = {
  organizerPool: { nextOrganizer: () => Promise<APIRequestContext> };
  /**
   * A server of this worker's own with no demo data, for the screens of a community without events. Started
   * only by the tests that ask for it; nothing may create events or RSVPs there.
   */
  emptyServerUrl: string;
};

/** An organizer may create 10 events an hour (the per-user write limits). */
const EVENTS_PER_ORGANIZER = 10;

/** Changes a throttled page's latency (0 lifts it) and, optionally, its bandwidth (-1: unlimited). */
export async function setLatency(cdp: CDPSession, latency: number, bytesPerSecond = -1): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  user: async ({ context }, use) => {
    await use(await signUpWith(context.request));
  },

  signUp: async ({ context }, use) => {
    await use((fields) => signUpWith(context.request, fields));
  },

  newPerson: async ({ playwright, baseURL }, use) => {
    const sessions: APIRequestContext[] = [];
    await use(async (fields) => {
      const request = await playwright.request.newContext({ baseURL });
      sessions.push(request);
      return { user: await signUpWith(request, fields), request };
    });
    await Promise.all(sessions.map((request) => request.dispose()));
  },

  organizerPool: [
    async ({ playwright }, use) => {
      const organizers: APIRequestContext[] = [];
      let eventsOfLatest = EVENTS_PER_ORGANIZER;
      await use({
        nextOrganizer: async () => {
          if (eventsOfLatest >= EVENTS_PER_ORGANIZER) {
            const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
            await signUpWith(request, { firstName: 'Orla', lastName: 'Organizer' });
            organizers.push(request);
            eventsOfLatest = 0;
          }
          eventsOfLatest += 1;
          return organizers.at(-1)!;
        },
      });
      await Promise.all(organizers.map((request) => request.dispose()));
    },
    { scope: 'worker' },
  ],

  eventOfAnother: async ({ organizerPool }, use) => {
    await use(async (fields) => createEventWith(await organizerPool.nextOrganizer(), fields));
  },

  throttle: async ({ page }, use) => {
    await use(async (latency, { bytesPerSecond = -1, page: target = page } = {}) => {
      const cdp = await target.context().newCDPSession(target);
      await cdp.send('Network.enable');
      await setLatency(cdp, latency, bytesPerSecond);
      return cdp;
    });
  },

  emptyServerUrl: [
    // Playwright reads a fixture's dependencies from its destructured first argument: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      // Two ports above the shared server's are its own and its mail's; each worker's empty server sits above,
      // four ports apart, so that no server's port is another's mail port (two above its own).
      const port = E2E_PORT + 10 + 4 * workerInfo.parallelIndex;
      const server = await startE2eServer({ port, environment: { SEED_DEMO: 'false' } });
      await use(server.url);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

export { expect };
