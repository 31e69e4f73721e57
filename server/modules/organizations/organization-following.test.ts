import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../../contract/events';
import type { Notification } from '../../../contract/notifications';
import { events } from '../../db/schema';
import { addOrganizationMemberRow, createEventRow, createOrganizationRow, daysFromNow } from '../../test/fixtures';
import { createEvent, createTestApp, signUpUser, type SignedUpUser, type TestApp } from '../../test/test-app';

/** Following an organization (decisions §20): the notice of each new event, and Discover's filter. */
let app: TestApp;
let owner: SignedUpUser;
let holder: SignedUpUser;
let follower: SignedUpUser;
let bystander: SignedUpUser;
let organizationId: number;
let otherOrganizationId: number;

beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '100000' });
  [owner, holder, follower, bystander] = [
    await signUpUser(app),
    await signUpUser(app),
    await signUpUser(app),
    await signUpUser(app),
  ];
  organizationId = await createOrganizationRow(app.database.db, {
    ownerId: owner.user.id,
    slug: 'tide-watchers',
    name: 'Tide Watchers',
  });
  otherOrganizationId = await createOrganizationRow(app.database.db, { ownerId: owner.user.id, slug: 'other-club' });
  await addOrganizationMemberRow(app.database.db, organizationId, holder.user.id, 'organizer');
  for (const person of [follower, holder]) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/organizations/${organizationId}/follow`,
      headers: { cookie: person.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
});
afterAll(async () => app?.close());

async function noticesOf(person: SignedUpUser): Promise<Notification[]> {
  const response = await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: person.cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<Notification[]>().filter((item) => item.type === 'organization_event');
}

async function list(person: SignedUpUser | null, query: string): Promise<Event[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/events${query}`,
    headers: person ? { cookie: person.cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('followers of an organization', () => {
  it('hear once of each new event it holds, named by the organization; its creator and others do not', async () => {
    const event = await createEvent(app, holder.cookie, { title: 'Dune planting', organizationId });
    const notices = await noticesOf(follower);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      event: { id: event.id, title: 'Dune planting' },
      data: { eventTitle: 'Dune planting', actorName: 'Tide Watchers' },
      readAt: null,
    });
    // The creator follows too but made it; a bystander follows nothing.
    expect(await noticesOf(holder)).toEqual([]);
    expect(await noticesOf(bystander)).toEqual([]);
    // A second event is a second notice; one of the creator's own, or under another organization, is none.
    await createEvent(app, holder.cookie, { title: 'Rock pool survey', organizationId });
    await createEvent(app, holder.cookie, { title: 'Own walk' });
    await createEvent(app, owner.cookie, { title: 'Other club day', organizationId: otherOrganizationId });
    expect((await noticesOf(follower)).map((item) => item.data.eventTitle)).toEqual([
      'Rock pool survey',
      'Dune planting',
    ]);
    // Editing an event is no new event.
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      headers: { cookie: holder.cookie },
      payload: { location: 'North beach' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await noticesOf(follower)).toHaveLength(2);
  });

  it('stop hearing once they unfollow', async () => {
    const quitter = await signUpUser(app);
    const url = `/api/organizations/${organizationId}/follow`;
    await app.inject({ method: 'POST', url, headers: { cookie: quitter.cookie } });
    await app.inject({ method: 'DELETE', url, headers: { cookie: quitter.cookie } });
    await createEvent(app, holder.cookie, { title: 'After unfollowing', organizationId });
    expect(await noticesOf(quitter)).toEqual([]);
  });
});

describe("Discover's filter by organizations followed", () => {
  it('lists only upcoming events of the organizations one follows, paged, and nothing for a guest or someone following none', async () => {
    const pager = await signUpUser(app);
    await app.inject({
      method: 'POST',
      url: `/api/organizations/${otherOrganizationId}/follow`,
      headers: { cookie: pager.cookie },
    });
    const ids: number[] = [];
    for (let day = 1; day <= 3; day += 1) {
      const row = await createEventRow(app.database.db, { organizerId: owner.user.id, date: daysFromNow(20 + day) });
      await app.database.db.update(events).set({ organizationId: otherOrganizationId }).where(eq(events.id, row.id));
      ids.push(row.id);
    }
    const all = await list(pager, '?organizations=followed&limit=50');
    expect(all.every((event) => event.organization?.id === otherOrganizationId)).toBe(true);
    expect(all.map((event) => event.id)).toEqual(expect.arrayContaining(ids));
    // Keyset paging keeps the filter: the Link header's next page carries it.
    const first = await app.inject({
      method: 'GET',
      url: '/api/events?organizations=followed&limit=1',
      headers: { cookie: pager.cookie },
    });
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toContain('organizations=followed');
    const second = await app.inject({ method: 'GET', url: next!, headers: { cookie: pager.cookie } });
    expect(second.json<Event[]>()[0]?.organization?.id).toBe(otherOrganizationId);
    expect(await list(bystander, '?organizations=followed')).toEqual([]);
    expect(await list(null, '?organizations=followed')).toEqual([]);
    expect((await list(bystander, '')).length).toBeGreaterThan(all.length);
    const bad = await app.inject({ method: 'GET', url: '/api/events?organizations=all' });
    expect(bad.statusCode).toBe(400);
  });
});
