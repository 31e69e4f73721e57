import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRsvpCounts } from '../../test/fixtures';
import {
  createEvent,
  createSecondApp,
  createTestApp,
  signUpMany,
  signUpUser,
  type TestApp,
  type SignedUpUser,
} from '../../test/test-app';

/*
 * Run only against PostgreSQL (vitest.config.ts includes *-postgres.test.ts when DATABASE_URL is set, as in the
 * PostgreSQL pass of .ci/run): the embedded database is one connection in one process, so two instances cannot
 * share it.
 */

const RSVP_EVENT = {
  title: 'Food bank shift',
  description: 'Sorting donations.',
  location: 'Porto',
  date: new Date(Date.now() + 48 * 60 * 60 * 1000).toISOString(),
  categoryId: 2,
  maxAttendees: null,
};

let app: TestApp;
let organizer: SignedUpUser;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  organizer = await signUpUser(app);
});
afterAll(async () => app?.close());

describe('RSVP capacity across server instances', () => {
  // Two apps with their own connection pools on one database are what two server processes look like to PostgreSQL.
  it('holds across two server instances sharing the database', async () => {
    const second = await createSecondApp(app);
    try {
      const eventId = (await createEvent(app, organizer.cookie, { ...RSVP_EVENT, maxAttendees: 5 })).id;
      const members = await signUpMany(app, 40);
      const responses = await Promise.all(
        members.map((member, index) =>
          (index % 2 ? second : app).inject({
            method: 'POST',
            url: `/api/events/${eventId}/rsvp`,
            payload: { status: 'attending' },
            headers: { cookie: member.cookie },
          }),
        ),
      );
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(5);
      expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(35);
      expect(await readRsvpCounts(app.database.db, eventId)).toEqual({ rsvpCount: 5, rows: 5 });
    } finally {
      await second.close();
    }
  }, 120_000);
});
