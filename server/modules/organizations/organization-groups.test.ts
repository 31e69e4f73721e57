import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationCard } from '../../../contract/organizations';
import { organizationFollows } from '../../db/schema';
import { addOrganizationMemberRow, createEventRow, createOrganizationRow, daysFromNow } from '../../test/fixtures';
import { createTestApp, signUpUser, type SignedUpUser, type TestApp } from '../../test/test-app';
import { events } from '../../db/schema';
import { eq } from 'drizzle-orm';

/** GET /api/organizations: the Groups screen's lists (decisions §21). */
let app: TestApp;
let person: SignedUpUser;
let other: SignedUpUser;
const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '100000' });
  person = await signUpUser(app);
  other = await signUpUser(app);
  const db = app.database.db;
  ids.owned = await createOrganizationRow(db, {
    ownerId: person.user.id,
    slug: 'zebra-keepers',
    name: 'Zebra Keepers',
  });
  ids.member = await createOrganizationRow(db, {
    ownerId: other.user.id,
    slug: 'apple-pickers',
    name: 'Apple Pickers',
  });
  await addOrganizationMemberRow(db, ids.member, person.user.id, 'member');
  ids.followed = await createOrganizationRow(db, { ownerId: other.user.id, slug: 'bee-friends', name: 'Bee Friends' });
  ids.popular = await createOrganizationRow(db, { ownerId: other.user.id, slug: 'big-crowd', name: 'Big 100% Crowd' });
  ids.quiet = await createOrganizationRow(db, { ownerId: other.user.id, slug: 'quiet-ones', name: 'Quiet Ones' });
  await db.insert(organizationFollows).values([
    { organizationId: ids.followed, userId: person.user.id },
    { organizationId: ids.popular, userId: other.user.id },
  ]);
  const upcoming = await createEventRow(db, { organizerId: other.user.id, date: daysFromNow(3) });
  const past = await createEventRow(db, { organizerId: other.user.id, date: daysFromNow(-3) });
  for (const event of [upcoming, past])
    await db.update(events).set({ organizationId: ids.member }).where(eq(events.id, event.id));
});
afterAll(async () => app?.close());

async function list(query: string, cookie = person.cookie): Promise<OrganizationCard[]> {
  const response = await app.inject({ method: 'GET', url: `/api/organizations${query}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('the Groups lists', () => {
  it("'mine' holds where one belongs (first, by name) and what one follows, with roles and counts", async () => {
    const mine = await list('?list=mine');
    expect(mine.map((card) => [card.slug, card.role, card.isFollowing])).toEqual([
      ['apple-pickers', 'member', false],
      ['zebra-keepers', 'owner', false],
      ['bee-friends', null, true],
    ]);
    expect(mine[0]).toMatchObject({ memberCount: 2, followerCount: 0, upcomingEventCount: 1, logoUrl: null });
    expect(mine[2]).toMatchObject({ followerCount: 1, memberCount: 1 });
    // The default list is one's own.
    expect((await list('')).map((card) => card.slug)).toEqual(mine.map((card) => card.slug));
  });

  it("'discover' holds the others, most followed first, and search matches words of the name literally", async () => {
    expect((await list('?list=discover')).map((card) => card.slug)).toEqual(['big-crowd', 'quiet-ones']);
    expect((await list('?list=discover&search=QUIET')).map((card) => card.slug)).toEqual(['quiet-ones']);
    expect((await list('?list=discover&search=100%25')).map((card) => card.slug)).toEqual(['big-crowd']);
    expect(await list('?list=discover&search=_')).toEqual([]);
    expect((await list('?list=mine&search=bee')).map((card) => card.slug)).toEqual(['bee-friends']);
  });

  it('an empty list for someone with none; 400 for a bad list or search, 401 for guests', async () => {
    const newcomer = await signUpUser(app);
    expect(await list('?list=mine', newcomer.cookie)).toEqual([]);
    for (const query of ['?list=everything', `?search=${'x'.repeat(101)}`]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/organizations${query}`,
        headers: { cookie: person.cookie },
      });
      expect(response.statusCode).toBe(400);
    }
    expect((await app.inject({ method: 'GET', url: '/api/organizations' })).statusCode).toBe(401);
  });
});
