import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { selectRows } from './client';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoDataIfEmpty } from './seed-demo';

let app: TestApp;
let seedMilliseconds = 0;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  const started = performance.now();
  const result = await seedDemoDataIfEmpty(app.database.db);
  seedMilliseconds = performance.now() - started;
  expect(result).toEqual({ seeded: true });
});
afterAll(async () => app?.close());

async function one<Row>(query: ReturnType<typeof sql>): Promise<Row> {
  const [row] = await selectRows<Row>(app.database.db, query);
  return row!;
}

async function signInDemo() {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((item) => item.name === 'pitchin_session')!;
  return { user: response.json() as { id: string }, cookie: `pitchin_session=${cookie.value}` };
}

describe('demo data', () => {
  it('makes the demo account a moderator whose queue holds an open report with its event', async () => {
    const demo = await signInDemo();
    const status = await app.inject({ method: 'GET', url: '/api/moderation/status', headers: { cookie: demo.cookie } });
    expect(status.json()).toEqual({ isModerator: true, isAdmin: false });
    const queue = await app.inject({ method: 'GET', url: '/api/moderation/reports', headers: { cookie: demo.cookie } });
    expect(queue.json()).toMatchObject([{ status: 'open', targetType: 'event', content: { isHidden: false } }]);
  });

  it('is quick, and seeds only an empty database', async () => {
    console.info(`demo seed: ${seedMilliseconds.toFixed(0)} ms`);
    // The budget is < 3 s on an idle machine; test runs share cores with other work, so only runaway slowness fails
    // here.
    expect(seedMilliseconds).toBeLessThan(60_000);
    expect(await seedDemoDataIfEmpty(app.database.db)).toEqual({ seeded: false });
    const counts = await one<{ users: number; events: number }>(
      sql`SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM events) AS events`,
    );
    expect(counts.users).toBe(16);
  });

  it('has at least 40 events over all 12 categories, past and upcoming, some full, several with photos', async () => {
    const figures = await one<{
      events: number;
      categories: number;
      past: number;
      upcoming: number;
      full: number;
      with_photos: number;
      largest_photo: number;
      searchable: number;
    }>(sql`
      SELECT
        (SELECT count(*)::int FROM events) AS events,
        (SELECT count(DISTINCT category_id)::int FROM events) AS categories,
        (SELECT count(*)::int FROM events WHERE date < now()) AS past,
        (SELECT count(*)::int FROM events WHERE date > now()) AS upcoming,
        (SELECT count(*)::int FROM events WHERE date > now() AND rsvp_count = max_attendees) AS full,
        (SELECT count(DISTINCT event_id)::int FROM event_photos) AS with_photos,
        (SELECT max(octet_length(bytes))::int FROM photo_files) AS largest_photo,
        (SELECT count(*)::int FROM events WHERE search_vector @@ to_tsquery('simple', 'cleanup')) AS searchable`);
    expect(figures.events).toBeGreaterThanOrEqual(40);
    expect(figures.categories).toBe(12);
    expect(figures.past).toBeGreaterThanOrEqual(10);
    expect(figures.upcoming).toBeGreaterThanOrEqual(10);
    expect(figures.full).toBeGreaterThanOrEqual(2);
    expect(figures.with_photos).toBeGreaterThanOrEqual(5);
    expect(figures.largest_photo).toBeLessThan(30_000);
    expect(figures.searchable).toBeGreaterThanOrEqual(4);
    const [photo] = await selectRows<{ id: string }>(app.database.db, sql`SELECT id FROM event_photos LIMIT 1`);
    const image = await app.inject({ method: 'GET', url: `/api/images/${photo!.id}` });
    if (image.statusCode !== 404) {
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/image\/webp/);
    }
  });

  it('keeps every counter equal to its rows and follows the rating and capacity rules', async () => {
    const mismatches = await one<{
      rsvp: number;
      rating: number;
      over_capacity: number;
      bad_ratings: number;
      commented: number;
    }>(sql`
      SELECT
        (SELECT count(*)::int FROM events e WHERE e.rsvp_count <> (SELECT count(*) FROM rsvps r WHERE r.event_id = e.id)) AS rsvp,
        (SELECT count(*)::int FROM events e WHERE e.rating_count <> (SELECT count(*) FROM ratings r WHERE r.event_id = e.id)
            OR e.rating_sum <> (SELECT coalesce(sum(rating), 0) FROM ratings r WHERE r.event_id = e.id)) AS rating,
        (SELECT count(*)::int FROM events WHERE max_attendees IS NOT NULL AND rsvp_count > max_attendees) AS over_capacity,
        (SELECT count(*)::int FROM ratings r JOIN events e ON e.id = r.event_id
            WHERE e.date > now() OR e.organizer_id = r.user_id
               OR NOT EXISTS (SELECT 1 FROM rsvps v WHERE v.event_id = r.event_id AND v.user_id = r.user_id)) AS bad_ratings,
        (SELECT count(*)::int FROM ratings WHERE comment IS NOT NULL) AS commented`);
    expect(mismatches).toMatchObject({ rsvp: 0, rating: 0, over_capacity: 0, bad_ratings: 0 });
    expect(mismatches.commented).toBeGreaterThanOrEqual(10);
  });

  it('has two organizations: the demo account owns one, follows the other, and manages an event its admin created', async () => {
    const demo = await signInDemo();
    const groups = (
      await app.inject({ method: 'GET', url: '/api/organizations?list=mine', headers: { cookie: demo.cookie } })
    ).json() as Array<{
      slug: string;
      role: string | null;
      isFollowing: boolean;
      followerCount: number;
      upcomingEventCount: number;
    }>;
    expect(groups.map((group) => [group.slug, group.role, group.isFollowing])).toEqual([
      ['riverside-cleanup', 'owner', false],
      ['northside-food-bank', null, true],
    ]);
    for (const group of groups) {
      expect(group.followerCount).toBeGreaterThanOrEqual(1);
      expect(group.upcomingEventCount).toBe(1);
    }
    const page = (await app.inject({ method: 'GET', url: '/api/organizations/riverside-cleanup' })).json() as {
      upcomingEvents: Array<{ id: number; organizerId: string }>;
    };
    const event = page.upcomingEvents[0]!;
    expect(event.organizerId).not.toBe(demo.user.id);
    const read = await app.inject({ method: 'GET', url: `/api/events/${event.id}`, headers: { cookie: demo.cookie } });
    expect(read.json()).toMatchObject({ canManage: true, organization: { slug: 'riverside-cleanup' } });
  });

  it('lets the demo account sign in, with organized and joined events, achievements and unread messages', async () => {
    const demo = await signInDemo();
    const figures = await one<{ organized: number; joined_past: number; sent: number }>(sql`
      SELECT
        (SELECT count(*)::int FROM events WHERE organizer_id = ${demo.user.id}) AS organized,
        (SELECT count(*)::int FROM rsvps r JOIN events e ON e.id = r.event_id WHERE r.user_id = ${demo.user.id} AND e.date < now()) AS joined_past,
        (SELECT count(*)::int FROM messages WHERE sender_id = ${demo.user.id}) AS sent`);
    expect(figures.organized).toBeGreaterThanOrEqual(2);
    expect(figures.joined_past).toBeGreaterThanOrEqual(3);
    expect(figures.sent).toBeGreaterThanOrEqual(3);

    const achievements = (
      await app.inject({ method: 'GET', url: '/api/user/achievements', headers: { cookie: demo.cookie } })
    ).json() as Array<{ unlockedAt: string | null }>;
    expect(achievements.filter((record) => record.unlockedAt !== null).length).toBeGreaterThanOrEqual(3);
    const conversations = (
      await app.inject({ method: 'GET', url: '/api/conversations', headers: { cookie: demo.cookie } })
    ).json() as Array<{ unreadCount: number }>;
    expect(conversations.length).toBeGreaterThanOrEqual(3);
    expect(conversations.reduce((sum, conversation) => sum + conversation.unreadCount, 0)).toBeGreaterThanOrEqual(1);
    const stats = (
      await app.inject({ method: 'GET', url: '/api/user/stats', headers: { cookie: demo.cookie } })
    ).json();
    expect(stats.totalEvents).toBeGreaterThanOrEqual(5);
    expect(stats.averageRating).toBeGreaterThan(0);
    expect(stats.experience).toBeGreaterThan(10 * stats.totalEvents);
  });

  it('shows the day of the event: door times for who came, no-shows, reminders sent, confirmations', async () => {
    const figures = await one<{
      checked_in: number;
      checked_out: number;
      out_before_in: number;
      no_shows: number;
      reminders_unsent: number;
      reminders_sent: number;
      confirmed: number;
    }>(sql`
      SELECT
        (SELECT count(*)::int FROM rsvps WHERE checked_in_at IS NOT NULL) AS checked_in,
        (SELECT count(*)::int FROM rsvps WHERE checked_out_at IS NOT NULL) AS checked_out,
        (SELECT count(*)::int FROM rsvps WHERE checked_out_at <= checked_in_at) AS out_before_in,
        (SELECT count(*)::int FROM rsvps r JOIN events e ON e.id = r.event_id
          WHERE e.date + (e.duration_minutes + 720) * interval '1 minute' < now() AND r.user_id <> e.organizer_id
            AND r.attended IS NOT TRUE AND r.checked_in_at IS NULL) AS no_shows,
        (SELECT count(*)::int FROM mail_outbox WHERE kind = 'event_reminder' AND sent_at IS NULL) AS reminders_unsent,
        (SELECT count(*)::int FROM mail_outbox WHERE kind = 'event_reminder' AND sent_at IS NOT NULL) AS reminders_sent,
        (SELECT count(*)::int FROM rsvps WHERE confirmed_at IS NOT NULL) AS confirmed`);
    expect(figures.checked_in).toBeGreaterThan(0);
    expect(figures.checked_out).toBeGreaterThan(0);
    expect(figures.checked_out).toBeLessThan(figures.checked_in);
    expect(figures.out_before_in).toBe(0);
    expect(figures.no_shows).toBeGreaterThan(0);
    // A fresh seed mails nobody: its reminders are already sent.
    expect(figures.reminders_unsent).toBe(0);
    expect(figures.reminders_sent).toBeGreaterThan(0);
    expect(figures.confirmed).toBeGreaterThan(0);
  });

  it('shows the organizer features at once: a cancelled event, a full event with a queue, recorded attendance and verified hours', async () => {
    const demo = await signInDemo();
    const figures = await one<{
      cancelled_id: number;
      cancel_reason: string;
      cancelled_record: number;
      queued_full: number;
      queued_not_full: number;
      demo_place: number;
      recorded_by_demo: number;
      left_to_record: number;
      bad_durations: number;
    }>(sql`
      SELECT
        (SELECT min(id)::int FROM events WHERE status = 'cancelled' AND date > now()) AS cancelled_id,
        (SELECT min(cancel_reason) FROM events WHERE status = 'cancelled') AS cancel_reason,
        (SELECT count(*)::int FROM event_changes c JOIN events e ON e.id = c.event_id WHERE c.type = 'event_cancelled' AND e.status = 'cancelled') AS cancelled_record,
        (SELECT count(DISTINCT w.event_id)::int FROM waitlist_entries w JOIN events e ON e.id = w.event_id WHERE e.rsvp_count = e.max_attendees AND e.status = 'scheduled') AS queued_full,
        (SELECT count(DISTINCT w.event_id)::int FROM waitlist_entries w JOIN events e ON e.id = w.event_id WHERE e.max_attendees IS NULL OR e.rsvp_count < e.max_attendees) AS queued_not_full,
        (SELECT count(*)::int FROM waitlist_entries WHERE user_id = ${demo.user.id}) AS demo_place,
        (SELECT count(DISTINCT e.id)::int FROM events e JOIN rsvps r ON r.event_id = e.id WHERE e.organizer_id = ${demo.user.id} AND e.date < now() AND r.attended IS NOT NULL) AS recorded_by_demo,
        (SELECT count(*)::int FROM events e WHERE e.organizer_id = ${demo.user.id} AND e.date < now() AND e.date > now() - interval '30 days'
            AND e.rsvp_count > 0 AND NOT EXISTS (SELECT 1 FROM rsvps r WHERE r.event_id = e.id AND r.attended IS NOT NULL)) AS left_to_record,
        (SELECT count(*)::int FROM events WHERE duration_minutes NOT BETWEEN 15 AND 1440) AS bad_durations`);
    expect(figures.cancelled_id).toBeGreaterThan(0);
    expect(figures.cancel_reason.length).toBeGreaterThan(10);
    expect(figures.cancelled_record).toBeGreaterThanOrEqual(1);
    expect(figures.queued_full).toBeGreaterThanOrEqual(1);
    expect(figures.queued_not_full).toBe(0);
    expect(figures.demo_place).toBeGreaterThanOrEqual(1);
    expect(figures.recorded_by_demo).toBeGreaterThanOrEqual(1);
    expect(figures.left_to_record).toBeGreaterThanOrEqual(1);
    expect(figures.bad_durations).toBe(0);

    const listed = (
      await app.inject({ method: 'GET', url: '/api/events?include=past&limit=100', headers: { cookie: demo.cookie } })
    ).json() as Array<{ id: number }>;
    expect(listed.map((event) => event.id)).not.toContain(figures.cancelled_id);
    const cancelled = (
      await app.inject({ method: 'GET', url: `/api/events/${figures.cancelled_id}`, headers: { cookie: demo.cookie } })
    ).json();
    expect(cancelled).toMatchObject({ status: 'cancelled', userRsvpStatus: expect.any(String) });
    const waiting = (
      await app.inject({ method: 'GET', url: '/api/events', headers: { cookie: demo.cookie } })
    ).json() as Array<{ userWaitlistPosition: number | null; waitlistCount: number }>;
    expect(waiting.some((event) => event.userWaitlistPosition === 2 && event.waitlistCount >= 3)).toBe(true);

    const hours = (
      await app.inject({ method: 'GET', url: '/api/user/hours', headers: { cookie: demo.cookie } })
    ).json() as { verifiedHours: number; entries: unknown[] };
    expect(hours.verifiedHours).toBeGreaterThan(0);
    expect(hours.entries.length).toBeGreaterThanOrEqual(3);
  });
});

describe('demo friends (decisions §21)', () => {
  it('gives the demo account friends with mutual friends, requests both ways and suggestions', async () => {
    const { cookie } = await signInDemo();
    const read = async <T>(url: string): Promise<T> => {
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(200);
      return response.json() as T;
    };
    const friends = await read<Array<{ firstName: string; mutualFriends: number }>>('/api/friends');
    expect(friends.length).toBeGreaterThanOrEqual(4);
    expect(friends.some((friend) => friend.mutualFriends > 0)).toBe(true);
    const requests = await read<{ incoming: unknown[]; outgoing: unknown[] }>('/api/friends/requests');
    expect(requests.incoming.length).toBeGreaterThanOrEqual(2);
    expect(requests.outgoing.length).toBeGreaterThanOrEqual(1);
    const suggestions = await read<Array<{ event: { title: string } }>>('/api/friends/suggestions');
    expect(suggestions.length).toBeGreaterThan(0);
  });
});
