import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { events, organizationMembers } from '../db/schema';
import { addRsvpRow, createEventRow, daysFromNow } from './fixtures';
import { createTestApp, signUpUser, type TestApp, verifyEmailOf } from './test-app';

/**
 * Every route of the server's own route table × {visitor, stranger, organizer, attendee}
 * with the status each must get. A route missing from EXPECTATIONS fails the suite, so a new route
 * cannot ship without deciding who may call it. The organizer owns the events and sent the messages;
 * the attendee holds the RSVPs and received the messages; the stranger has nothing to do with either.
 */
type Actor = 'visitor' | 'stranger' | 'organizer' | 'attendee';
const ACTORS: Actor[] = ['visitor', 'stranger', 'organizer', 'attendee'];

type Fixture = {
  upcomingEventId: number;
  pastEventId: number;
  /** The organizer's, for the calls that end an event (cancel, delete). */
  cancelEventId: number;
  deleteEventId: number;
  /** maxAttendees 1, the attendee holds the seat: the waitlist's event. */
  fullEventId: number;
  photoId: string;
  profilePhotoUrl: string;
  /** The organizer owns it; the attendee is one of its members. */
  organization: { id: number; slug: string };
  /**
   * The organizer's event with a schedule: `full` (one place) is the attendee's, who waits for approval
   * in `approve` and `decline`; the others are open; one hour apart, so no sign-up overlaps another.
   */
  slots: {
    eventId: number;
    open: number;
    remove: number;
    several: number;
    full: number;
    approve: number;
    decline: number;
  };
  ids: Record<Exclude<Actor, 'visitor'>, string>;
  emails: Record<Exclude<Actor, 'visitor'>, string>;
};

const ONE_PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

type Cell = { status: number; url?: string; body?: unknown; needsFreshSession?: boolean };
type Expectation = (fixture: Fixture) => Record<Actor, Cell>;

const same = (status: number, extra: Omit<Cell, 'status'> = {}): Record<Actor, Cell> => ({
  visitor: { status, ...extra },
  stranger: { status, ...extra },
  organizer: { status, ...extra },
  attendee: { status, ...extra },
});
const signedIn = (status: number, extra: Omit<Cell, 'status'> = {}): Record<Actor, Cell> => ({
  ...same(status, extra),
  visitor: { status: 401, ...extra },
});
const organizerOnly = (status: number, extra: Omit<Cell, 'status'> = {}): Record<Actor, Cell> => ({
  ...same(403, extra),
  visitor: { status: 401, ...extra },
  organizer: { status, ...extra },
});

/** No actor of this suite is a moderator (moderation.test.ts tests what moderators may do). */
const moderatorOnly = (extra: Omit<Cell, 'status'> = {}): Record<Actor, Cell> => ({
  ...same(403, extra),
  visitor: { status: 401, ...extra },
});

const EXPECTATIONS: Record<string, Expectation> = {
  'GET /api/docs': () => same(200, { url: '/api/docs/' }),
  'GET /api/docs/static/index.html': () => same(302),
  'GET /api/docs/static/swagger-initializer.js': () => same(200),
  'GET /api/docs/json': () => same(200),
  'GET /api/docs/yaml': () => same(200),
  'GET /api/docs/static/*': () => same(200, { url: '/api/docs/static/swagger-ui.css' }),
  'GET /api/login': () => ({ ...same(302), visitor: { status: 200 } }),
  // No provider is configured in this suite.
  'GET /api/callback': () => same(404, { url: '/api/callback?state=x&code=y' }),
  'POST /api/auth/signup': () => same(201, { body: 'new-account' }),
  'POST /api/auth/login': () => same(401, { body: { email: 'nobody@example.org', password: 'whatever-password' } }),
  'GET /api/logout': () => same(302, { needsFreshSession: true }),
  'POST /api/logout': () => same(204, { needsFreshSession: true }),
  'GET /api/auth/user': () => signedIn(200),
  'GET /api/auth/security-events': () => signedIn(200),
  // Bodies that change nothing lasting: the suite's accounts must keep their passwords and sessions.
  'PATCH /api/auth/user': () => signedIn(200, { body: { lastName: 'Matrix' } }),
  'GET /api/profile-photos/:photoId': (f) => same(200, { url: f.profilePhotoUrl }),
  'POST /api/auth/password': () =>
    signedIn(400, { body: { currentPassword: 'not the password', newPassword: 'violet tractor harbour 93' } }),
  // One address per actor: a single address may be mailed only 3 times an hour.
  'POST /api/auth/password-reset': () => ({
    visitor: { status: 202, body: { email: 'nobody-1@example.org' } },
    stranger: { status: 202, body: { email: 'nobody-2@example.org' } },
    organizer: { status: 202, body: { email: 'nobody-3@example.org' } },
    attendee: { status: 202, body: { email: 'nobody-4@example.org' } },
  }),
  'POST /api/auth/password-reset/check': () => same(200, { body: { token: 'not-a-token' } }),
  'POST /api/auth/password-reset/confirm': () =>
    same(400, { body: { token: 'not-a-token', password: 'violet tractor harbour 93' } }),
  // The token is the credential: anyone opening a link is sent back to the app with its state.
  'GET /api/auth/verify-email': () => same(303, { url: '/api/auth/verify-email?token=not-a-token' }),
  'POST /api/auth/verify-email/resend': () => signedIn(204),
  'GET /api/auth/sessions': () => signedIn(200),
  // With the suite's own session, which it keeps: only the fresh sessions made for sign-out cells end.
  'POST /api/auth/sessions/revoke-others': () => signedIn(204),
  'GET /api/auth/user/export': () => signedIn(200),
  'DELETE /api/auth/user': () => signedIn(400, { body: { password: 'not the password' } }),
  'GET /api/categories': () => signedIn(200),
  'GET /api/stats/public': () => same(200),
  'GET /api/places': () => signedIn(200, { url: '/api/places?q=Porto' }),
  // Guests read events, one event, its reviews and its calendar file.
  'GET /api/events': () => same(200),
  'POST /api/events': () =>
    signedIn(201, {
      body: {
        title: 'Matrix event',
        description: 'd',
        location: 'l',
        date: daysFromNow(3).toISOString(),
        categoryId: 1,
        maxAttendees: null,
        imageUrl: null,
        images: [],
      },
    }),
  'GET /api/events/:id': (f) => same(200, { url: `/api/events/${f.upcomingEventId}` }),
  'GET /api/events/:id/calendar.ics': (f) => same(200, { url: `/api/events/${f.upcomingEventId}/calendar.ics` }),
  // Public like the events it lists; an unknown series answers every actor alike (series.test.ts reads real ones).
  'GET /api/series/:id': () => same(404, { url: '/api/series/2147483647' }),
  // The token is the credential; no session opens a feed without it.
  'GET /api/calendar/:file': () => same(404, { url: `/api/calendar/${'a'.repeat(43)}.ics` }),
  'GET /api/calendar-feed': () => signedIn(200),
  'POST /api/calendar-feed': () => signedIn(201),
  'DELETE /api/calendar-feed': () => signedIn(204),
  'GET /api/my-events': () => signedIn(200),
  'GET /api/my-rsvps': () => signedIn(200),
  'POST /api/events/:id/rsvp': (f) =>
    signedIn(200, { url: `/api/events/${f.upcomingEventId}/rsvp`, body: { status: 'supporting' } }),
  'DELETE /api/events/:id/rsvp': (f) => {
    const url = `/api/events/${f.upcomingEventId}/rsvp`;
    // The organizer's RSVP may have been made by the RSVP row above, so the organizer is not asserted here twice.
    return {
      visitor: { status: 401, url },
      stranger: {
        status: 404,
        url: `/api/events/${f.pastEventId}/rsvp`.replace(String(f.pastEventId), String(f.upcomingEventId + 100000)),
      },
      organizer: { status: 409, url: `/api/events/${f.pastEventId}/rsvp` },
      attendee: { status: 204, url },
    };
  },
  // The organizer's calls answer 403 to anyone else.
  'PATCH /api/events/:id': (f) =>
    organizerOnly(200, { url: `/api/events/${f.upcomingEventId}`, body: { title: 'Matrix renamed' } }),
  'GET /api/events/:id/audience': (f) =>
    organizerOnly(200, { url: `/api/events/${f.upcomingEventId}/audience?scope=following` }),
  'POST /api/events/:id/cancel': (f) =>
    organizerOnly(200, { url: `/api/events/${f.cancelEventId}/cancel`, body: { reason: 'Matrix' } }),
  'DELETE /api/events/:id': (f) => ({
    ...organizerOnly(204, { url: `/api/events/${f.deleteEventId}` }),
    // Asked after the organizer deleted it, so of another event of the organizer.
    attendee: { status: 403, url: `/api/events/${f.upcomingEventId}` },
  }),
  'GET /api/events/:id/attendees': (f) => organizerOnly(200, { url: `/api/events/${f.upcomingEventId}/attendees` }),
  'POST /api/events/:id/announcements': (f) =>
    organizerOnly(201, { url: `/api/events/${f.upcomingEventId}/announcements`, body: { content: 'Matrix notice' } }),
  // The attendee offered no co-organizing ('attending'): the organizer's call finds nothing to approve.
  'POST /api/events/:id/co-organizers/:userId': (f) =>
    organizerOnly(404, { url: `/api/events/${f.upcomingEventId}/co-organizers/${f.ids.attendee}` }),
  'DELETE /api/events/:id/co-organizers/:userId': (f) =>
    organizerOnly(404, { url: `/api/events/${f.upcomingEventId}/co-organizers/${f.ids.attendee}` }),
  'PUT /api/events/:id/attendance': (f) =>
    organizerOnly(200, {
      url: `/api/events/${f.pastEventId}/attendance`,
      body: { entries: [{ userId: f.ids.attendee, attended: true }] },
    }),
  // The holder's ticket: nobody else's, and nothing for a place that is not there.
  // A schedule is public; only its organizer changes it, and each person holds and leaves their own places.
  'GET /api/events/:id/slots': (f) => same(200, { url: `/api/events/${f.slots.eventId}/slots` }),
  'POST /api/events/:id/slots': (f) =>
    organizerOnly(201, {
      url: `/api/events/${f.slots.eventId}/slots`,
      body: {
        role: 'Matrix role',
        startsAt: daysFromNow(8).toISOString(),
        endsAt: new Date(daysFromNow(8).getTime() + 3_600_000).toISOString(),
        capacity: 3,
      },
    }),
  'PATCH /api/slots/:id': (f) =>
    organizerOnly(200, { url: `/api/slots/${f.slots.open}`, body: { description: 'Matrix' } }),
  // The attendee asks last, after the organizer removed it: a slot that is gone is not found.
  'DELETE /api/slots/:id': (f) => ({
    ...organizerOnly(204, { url: `/api/slots/${f.slots.remove}` }),
    attendee: { status: 404, url: `/api/slots/${f.slots.remove}` },
  }),
  'GET /api/slots/:id/audience': (f) => organizerOnly(200, { url: `/api/slots/${f.slots.open}/audience?scope=all` }),
  'POST /api/slots/:id/signup': (f) => signedIn(201, { url: `/api/slots/${f.slots.open}/signup` }),
  'POST /api/events/:id/slot-signups': (f) =>
    signedIn(201, { url: `/api/events/${f.slots.eventId}/slot-signups`, body: { slotIds: [f.slots.several] } }),
  'DELETE /api/slots/:id/signup': (f) => signedIn(204, { url: `/api/slots/${f.slots.open}/signup` }),
  'POST /api/slots/:id/waitlist': (f) => ({
    ...signedIn(201, { url: `/api/slots/${f.slots.full}/waitlist` }),
    attendee: { status: 409, url: `/api/slots/${f.slots.full}/waitlist` },
  }),
  'DELETE /api/slots/:id/waitlist': (f) => ({
    ...signedIn(204, { url: `/api/slots/${f.slots.full}/waitlist` }),
    attendee: { status: 404, url: `/api/slots/${f.slots.full}/waitlist` },
  }),
  'POST /api/slots/:id/signups/:userId/approve': (f) =>
    organizerOnly(200, { url: `/api/slots/${f.slots.approve}/signups/${f.ids.attendee}/approve` }),
  'POST /api/slots/:id/signups/:userId/decline': (f) =>
    organizerOnly(200, { url: `/api/slots/${f.slots.decline}/signups/${f.ids.attendee}/decline` }),
  // Attendance opens when the slot starts: the organizer is let through to that rule.
  'PUT /api/slots/:id/attendance': (f) =>
    organizerOnly(409, {
      url: `/api/slots/${f.slots.full}/attendance`,
      body: { entries: [{ userId: f.ids.attendee, attended: true }] },
    }),
  'GET /api/events/:id/slot-signups': (f) => organizerOnly(200, { url: `/api/events/${f.slots.eventId}/slot-signups` }),
  'GET /api/my-slots': () => signedIn(200),
  'GET /api/events/:id/ticket': (f) => ({
    ...signedIn(404, { url: `/api/events/${f.fullEventId}/ticket` }),
    attendee: { status: 200, url: `/api/events/${f.fullEventId}/ticket` },
  }),
  'GET /api/events/:id/ticket/qr-code': (f) => ({
    ...signedIn(404, { url: `/api/events/${f.fullEventId}/ticket/qr-code` }),
    attendee: { status: 200, url: `/api/events/${f.fullEventId}/ticket/qr-code` },
  }),
  'GET /api/events/:id/check-ins': (f) => organizerOnly(200, { url: `/api/events/${f.upcomingEventId}/check-ins` }),
  // Days ahead, the door is not open yet: the organizer passes the check and meets the window.
  'POST /api/events/:id/check-ins': (f) =>
    organizerOnly(409, { url: `/api/events/${f.upcomingEventId}/check-ins`, body: { code: '0'.repeat(32) } }),
  'POST /api/events/:id/check-outs': (f) =>
    organizerOnly(409, { url: `/api/events/${f.upcomingEventId}/check-outs`, body: { code: '0'.repeat(32) } }),
  // Walk-ins and the kiosk's code: the organizer's door, closed days before the start (409).
  'POST /api/events/:id/walk-ins': (f) =>
    organizerOnly(409, {
      url: `/api/events/${f.upcomingEventId}/walk-ins`,
      body: { firstName: 'Walk', lastName: 'In', email: 'walk-in@example.org' },
    }),
  // The organizer's own event is days away: the door is closed before any guest is looked for.
  'POST /api/events/:id/walk-ins/:guestId/check-out': (f) =>
    organizerOnly(409, { url: `/api/events/${f.upcomingEventId}/walk-ins/1/check-out` }),
  'DELETE /api/events/:id/walk-ins/:guestId': (f) =>
    organizerOnly(409, { url: `/api/events/${f.upcomingEventId}/walk-ins/1` }),
  'GET /api/events/:id/check-in-code': (f) =>
    organizerOnly(409, { url: `/api/events/${f.upcomingEventId}/check-in-code?device=KIOSK1` }),
  'GET /api/events/:id/check-in-code/qr-code': (f) =>
    organizerOnly(400, {
      url: `/api/events/${f.upcomingEventId}/check-in-code/qr-code?code=1.KIOSK1.${'A'.repeat(22)}`,
    }),
  // A forged self check-in code is refused before anything about the event or the caller is told.
  'POST /api/events/:id/self-check-in': (f) =>
    signedIn(400, { url: `/api/events/${f.upcomingEventId}/self-check-in`, body: { code: `1.${'A'.repeat(22)}` } }),
  'DELETE /api/events/:id/check-ins/:code': (f) =>
    organizerOnly(409, { url: `/api/events/${f.upcomingEventId}/check-ins/${'0'.repeat(32)}` }),
  'POST /api/events/:id/waitlist': (f) => ({
    ...signedIn(201, { url: `/api/events/${f.fullEventId}/waitlist` }),
    attendee: { status: 409, url: `/api/events/${f.fullEventId}/waitlist` },
  }),
  'DELETE /api/events/:id/waitlist': (f) => ({
    ...signedIn(204, { url: `/api/events/${f.fullEventId}/waitlist` }),
    attendee: { status: 404, url: `/api/events/${f.fullEventId}/waitlist` },
  }),
  'GET /api/user/hours': () => signedIn(200),
  // One slug per actor: a second creator of the same slug gets 409 (organizations.test.ts).
  'POST /api/organizations': () => ({
    visitor: { status: 401, body: { name: 'Matrix', slug: 'matrix-visitor', description: 'd' } },
    stranger: { status: 201, body: { name: 'Matrix', slug: 'matrix-stranger', description: 'd' } },
    organizer: { status: 201, body: { name: 'Matrix', slug: 'matrix-organizer', description: 'd' } },
    attendee: { status: 201, body: { name: 'Matrix', slug: 'matrix-attendee', description: 'd' } },
  }),
  'GET /api/organizations/mine': () => signedIn(200),
  'GET /api/organizations': () => signedIn(200, { url: '/api/organizations?list=discover' }),
  // Owners and admins: the attendee is only a member.
  'PUT /api/organizations/:id/logo': (f) =>
    organizerOnly(200, { url: `/api/organizations/${f.organization.id}/logo`, body: { image: ONE_PIXEL_PNG } }),
  'DELETE /api/organizations/:id/logo': (f) =>
    organizerOnly(200, { url: `/api/organizations/${f.organization.id}/logo` }),
  'GET /api/organization-logos/:logoId': () => same(404, { url: '/api/organization-logos/no-such-logo' }),
  'GET /api/organizations/:id/hours': (f) =>
    organizerOnly(200, { url: `/api/organizations/${f.organization.id}/hours?from=2026-01-01&to=2026-12-31` }),
  // Reporting the organizer: anyone but the organizer themselves (400), once each.
  'POST /api/reports': (f) => ({
    ...signedIn(201, { body: { targetType: 'user', targetId: f.ids.organizer, reason: 'spam' } }),
    organizer: { status: 400, body: { targetType: 'user', targetId: f.ids.organizer, reason: 'spam' } },
  }),
  'GET /api/moderation/status': () => signedIn(200),
  'GET /api/moderation/reports': () => moderatorOnly(),
  'POST /api/moderation/reports/:id/resolve': () =>
    moderatorOnly({ url: '/api/moderation/reports/1/resolve', body: { action: 'dismiss', note: 'Matrix' } }),
  'GET /api/moderation/log': () => moderatorOnly(),
  'POST /api/moderation/log/:id/undo': () =>
    moderatorOnly({ url: '/api/moderation/log/1/undo', body: { note: 'Matrix' } }),
  'GET /api/moderation/moderators': () => moderatorOnly(),
  'POST /api/moderation/moderators': (f) => moderatorOnly({ body: { email: f.emails.stranger } }),
  'DELETE /api/moderation/moderators/:id': (f) =>
    moderatorOnly({ url: `/api/moderation/moderators/${f.ids.stranger}` }),
  // Nobody real is blocked here: a block would stop the messages the other rows send.
  'POST /api/users/:id/block': () => signedIn(404, { url: '/api/users/nobody/block' }),
  'GET /api/users/:id/block': (f) => signedIn(200, { url: `/api/users/${f.ids.stranger}/block` }),
  'DELETE /api/users/:id/block': (f) => signedIn(200, { url: `/api/users/${f.ids.stranger}/block` }),
  'GET /api/blocks': () => signedIn(200),
  // Guests read an organization's page.
  'GET /api/organizations/:slug': (f) => same(200, { url: `/api/organizations/${f.organization.slug}` }),
  // Only its owners and admins see and change members; the attendee is a plain member.
  'GET /api/organizations/:id/members': (f) =>
    organizerOnly(200, { url: `/api/organizations/${f.organization.id}/members` }),
  'POST /api/organizations/:id/invitations': (f) =>
    organizerOnly(201, {
      url: `/api/organizations/${f.organization.id}/invitations`,
      body: { email: 'matrix-invitee@example.org', role: 'member' },
    }),
  'POST /api/organization-invitations/accept': () => signedIn(404, { body: { token: 'forged' } }),
  'PATCH /api/organizations/:id/members/:userId': (f) =>
    organizerOnly(200, {
      url: `/api/organizations/${f.organization.id}/members/${f.ids.attendee}`,
      body: { role: 'member' },
    }),
  // Of the stranger, who is no member: the attendee (a member, no admin) may not remove; the others find nobody.
  'DELETE /api/organizations/:id/members/:userId': (f) => ({
    ...signedIn(404, { url: `/api/organizations/${f.organization.id}/members/${f.ids.stranger}` }),
    attendee: { status: 403, url: `/api/organizations/${f.organization.id}/members/${f.ids.stranger}` },
  }),
  // Revoking an invitation and reassigning an event are its owners' and admins': nothing to find for the owner here.
  'DELETE /api/organizations/:id/invitations/:invitationId': (f) =>
    organizerOnly(404, { url: `/api/organizations/${f.organization.id}/invitations/999999` }),
  'PATCH /api/organizations/:id/events/:eventId': (f) =>
    organizerOnly(404, {
      url: `/api/organizations/${f.organization.id}/events/999999`,
      body: { organizerId: f.ids.organizer },
    }),
  'POST /api/organizations/:id/follow': (f) => signedIn(200, { url: `/api/organizations/${f.organization.id}/follow` }),
  'DELETE /api/organizations/:id/follow': (f) =>
    signedIn(200, { url: `/api/organizations/${f.organization.id}/follow` }),
  'GET /api/images/:photoId': (f) => same(200, { url: `/api/images/${f.photoId}` }),
  'POST /api/ratings': (f) => ({
    visitor: { status: 401, body: { eventId: f.pastEventId, rating: 4 } },
    stranger: { status: 403, body: { eventId: f.pastEventId, rating: 4 } },
    organizer: { status: 403, body: { eventId: f.pastEventId, rating: 4 } },
    attendee: { status: 201, body: { eventId: f.pastEventId, rating: 4, comment: 'Great' } },
  }),
  'GET /api/events/:id/ratings': (f) => same(200, { url: `/api/events/${f.pastEventId}/ratings` }),
  'POST /api/messages': (f) => ({
    visitor: { status: 401, body: { receiverId: f.emails.attendee, content: 'hi' } },
    stranger: { status: 201, body: { receiverId: f.emails.organizer, content: 'hello from a stranger' } },
    organizer: {
      status: 201,
      body: { receiverId: f.emails.attendee, content: 'see you there', eventId: f.upcomingEventId },
    },
    attendee: { status: 400, body: { receiverId: f.emails.attendee, content: 'note to self' } },
  }),
  'GET /api/messages': () => signedIn(200),
  'GET /api/conversations': () => signedIn(200),
  'GET /api/conversations/:id/messages': (f) => ({
    visitor: { status: 401, url: `/api/conversations/${f.ids.attendee}/messages` },
    stranger: { status: 200, url: `/api/conversations/${f.ids.attendee}/messages` },
    organizer: { status: 200, url: `/api/conversations/${f.ids.attendee}/messages` },
    attendee: { status: 200, url: `/api/conversations/${f.ids.organizer}/messages` },
  }),
  // Marks only what the caller received from that person: a stranger's call reads nothing of anyone's.
  'POST /api/conversations/:id/read': (f) => ({
    visitor: { status: 401, url: `/api/conversations/${f.ids.organizer}/read` },
    stranger: { status: 204, url: `/api/conversations/${f.ids.organizer}/read` },
    organizer: { status: 204, url: `/api/conversations/${f.ids.attendee}/read` },
    attendee: { status: 204, url: `/api/conversations/${f.ids.organizer}/read` },
  }),
  'GET /api/users': () => signedIn(200, { url: '/api/users?search=a' }),
  'GET /api/friends': () => signedIn(200),
  'GET /api/friends/requests': () => signedIn(200),
  'GET /api/friends/suggestions': () => signedIn(200),
  'GET /api/friends/people/:userId': (f) => signedIn(200, { url: `/api/friends/people/${f.ids.attendee}` }),
  // Each asks someone else, once; asking oneself is a 400 (friends.test.ts covers the rest of §21's rules).
  'POST /api/friends/requests': (f) => ({
    visitor: { status: 401, body: { userId: f.ids.organizer } },
    stranger: { status: 201, body: { userId: f.ids.organizer } },
    organizer: { status: 201, body: { userId: f.ids.attendee } },
    attendee: { status: 400, body: { userId: f.ids.attendee } },
  }),
  // A request nobody made: answering another person's request is a 403 (friends.test.ts).
  'POST /api/friends/requests/:id/accept': () => signedIn(404, { url: '/api/friends/requests/2147483647/accept' }),
  'POST /api/friends/requests/:id/decline': () => signedIn(404, { url: '/api/friends/requests/2147483647/decline' }),
  'DELETE /api/friends/:userId': () => signedIn(404, { url: '/api/friends/nobody-at-all' }),
  'GET /api/achievements': () => signedIn(200),
  'GET /api/user/achievements': () => signedIn(200),
  'GET /api/user/stats': () => signedIn(200),
  'GET /api/user/hours-by-month': () => signedIn(200),
  // Each caller reads and writes only their own answers: the routes take no id.
  'GET /api/preferences': () => signedIn(200),
  'PUT /api/preferences': () => signedIn(200, { body: { place: 'Lyon', categoryIds: [] } }),
  'POST /api/preferences/skip': () => signedIn(200),
  'POST /api/preferences/tips-dismissed': () => signedIn(200),
  'GET /api/preferences/matching-events': () => signedIn(200),
  // Each caller sees and marks only their own (a stranger's "mark all" leaves others' alone: tested below).
  'GET /api/notifications': () => signedIn(200),
  'GET /api/notifications/groups': () => signedIn(200),
  'GET /api/notifications/unread-count': () => signedIn(200),
  'POST /api/notifications/read': () => signedIn(204, { body: {} }),
  // Only an EventSource's Accept opens the stream (406 here); its delivery is tested in notifications/stream.test.ts.
  'GET /api/stream': () => signedIn(406),
  'GET /api/config': () => same(200),
  'GET /api/user/mail-settings': () => signedIn(200),
  'PUT /api/user/mail-settings': () => signedIn(200, { body: { kinds: { announcement: true } } }),
  // The link in a mail is its own authority: no session needed, and a forged token is refused alike for all.
  'GET /mail/unsubscribe': () =>
    same(400, { url: '/mail/unsubscribe?token=forged.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }),
  'POST /mail/unsubscribe': () =>
    same(400, { url: '/mail/unsubscribe?token=forged.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }),
  // The address decisions §19 names for the kiosk: everyone is sent on to the screen, which decides.
  'GET /events/:id/kiosk': (f) => same(302, { url: `/events/${f.upcomingEventId}/kiosk` }),
  'GET /mail/attendance': () =>
    same(400, { url: '/mail/attendance?token=forged.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }),
  'POST /mail/attendance': () =>
    same(400, { url: '/mail/attendance?token=forged.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }),
  // A walk-in's claim link (decisions §22): a forged token is refused alike for all; the press needs a session
  // only once the link is good (walk-in-claim.test.ts).
  'GET /mail/walk-in': () => same(400, { url: `/mail/walk-in?token=${'A'.repeat(43)}` }),
  'POST /api/walk-in-claims': () => signedIn(400, { url: `/api/walk-in-claims?token=${'A'.repeat(43)}` }),
  // Probes for load balancers, and metrics (off here: no METRICS_TOKEN or METRICS_PORT).
  'GET /healthz': () => same(200),
  'GET /readyz': () => same(200),
  'GET /metrics': () => same(404),
  'GET /api/events/:id/og-image': (f) => same(200, { url: `/api/events/${f.upcomingEventId}/og-image` }),
  'GET /': () => same(200),
  'GET /*': () => same(200, { url: '/discover' }),
};

let app: TestApp;
let fixture: Fixture;
const accounts: Partial<Record<Exclude<Actor, 'visitor'>, { cookie: string; email: string; password: string }>> = {};
const webDirectory = mkdtempSync(path.join(tmpdir(), 'pitchin-matrix-web-'));
writeFileSync(
  path.join(webDirectory, 'index.html'),
  '<!doctype html><html><head><!-- head:start --><!-- head:end --></head><body></body></html>',
);

beforeAll(async () => {
  app = await createTestApp({ WEB_DIST_DIR: webDirectory, AUTH_RATE_LIMIT: '100000' });
  for (const actor of ['stranger', 'organizer', 'attendee'] as const) {
    const signedUp = await signUpUser(app, { firstName: actor, lastName: 'Matrix' });
    // Confirmed, as people who write to addresses must be (decisions §22).
    await verifyEmailOf(app, signedUp.user);
    accounts[actor] = { cookie: signedUp.cookie, email: signedUp.user.email, password: signedUp.password };
  }
  const ids = {} as Fixture['ids'];
  const emails = {} as Fixture['emails'];
  for (const actor of ['stranger', 'organizer', 'attendee'] as const) {
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: accounts[actor]!.cookie } });
    ids[actor] = me.json().id;
    emails[actor] = me.json().email;
  }
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  const created = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { cookie: accounts.organizer!.cookie },
    payload: {
      title: 'Upcoming',
      description: 'd',
      location: 'Lisbon',
      date: daysFromNow(5).toISOString(),
      categoryId: 1,
      maxAttendees: 10,
      imageUrl: null,
      images: [`data:image/png;base64,${png.toString('base64')}`],
    },
  });
  expect(created.statusCode).toBe(201);
  const upcoming = created.json();
  const past = await createEventRow(app.database.db, {
    organizerId: ids.organizer,
    date: daysFromNow(-3),
    title: 'Past',
  });
  await addRsvpRow(app.database.db, past.id, ids.attendee);
  const toCancel = await createEventRow(app.database.db, {
    organizerId: ids.organizer,
    date: daysFromNow(6),
    title: 'To cancel',
  });
  const toDelete = await createEventRow(app.database.db, {
    organizerId: ids.organizer,
    date: daysFromNow(6),
    title: 'To delete',
  });
  const full = await createEventRow(app.database.db, {
    organizerId: ids.organizer,
    date: daysFromNow(6),
    title: 'Full',
    maxAttendees: 1,
  });
  await addRsvpRow(app.database.db, full.id, ids.attendee);
  const rsvp = await app.inject({
    method: 'POST',
    url: `/api/events/${upcoming.id}/rsvp`,
    headers: { cookie: accounts.attendee!.cookie },
    payload: { status: 'attending' },
  });
  expect(rsvp.statusCode).toBe(200);
  const message = await app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: { cookie: accounts.organizer!.cookie },
    payload: { receiverId: emails.attendee, content: 'private words' },
  });
  expect(message.statusCode).toBe(201);
  const profile = await app.inject({
    method: 'PATCH',
    url: '/api/auth/user',
    headers: { cookie: accounts.organizer!.cookie },
    payload: { profileImage: `data:image/png;base64,${png.toString('base64')}` },
  });
  expect(profile.statusCode).toBe(200);
  const organization = await app.inject({
    method: 'POST',
    url: '/api/organizations',
    headers: { cookie: accounts.organizer!.cookie },
    payload: { name: 'Matrix club', slug: 'matrix-club', description: 'd' },
  });
  expect(organization.statusCode).toBe(201);
  await app.database.db
    .insert(organizationMembers)
    .values({ organizationId: organization.json().id, userId: ids.attendee, role: 'member' });
  const slotEvent = await createEventRow(app.database.db, {
    organizerId: ids.organizer,
    date: daysFromNow(7),
    title: 'Schedule',
  });
  const addSlot = async (hour: number, capacity: number, requiresApproval = false) => {
    const startsAt = new Date(slotEvent.date.getTime() + hour * 3_600_000);
    const made = await app.inject({
      method: 'POST',
      url: `/api/events/${slotEvent.id}/slots`,
      headers: { cookie: accounts.organizer!.cookie },
      payload: {
        role: `Role ${hour}`,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
        capacity,
        requiresApproval,
      },
    });
    expect(made.statusCode).toBe(201);
    return (made.json() as { id: number }).id;
  };
  const slots = {
    eventId: slotEvent.id,
    open: await addSlot(0, 5),
    remove: await addSlot(1, 5),
    several: await addSlot(2, 5),
    full: await addSlot(3, 1),
    approve: await addSlot(4, 5, true),
    decline: await addSlot(5, 5, true),
  };
  for (const slotId of [slots.full, slots.approve, slots.decline]) {
    const signup = await app.inject({
      method: 'POST',
      url: `/api/slots/${slotId}/signup`,
      headers: { cookie: accounts.attendee!.cookie },
    });
    expect(signup.statusCode).toBe(201);
  }
  fixture = {
    slots,
    organization: { id: organization.json().id, slug: organization.json().slug },
    upcomingEventId: upcoming.id,
    pastEventId: past.id,
    cancelEventId: toCancel.id,
    deleteEventId: toDelete.id,
    fullEventId: full.id,
    photoId: String(upcoming.images[0]).split('/').pop()!,
    profilePhotoUrl: profile.json().profileImageUrl,
    ids,
    emails,
  };
});
afterAll(async () => app?.close());

async function cookieFor(actor: Actor, needsFreshSession: boolean): Promise<string | undefined> {
  if (actor === 'visitor') return undefined;
  const account = accounts[actor]!;
  if (!needsFreshSession) return account.cookie;
  // A separate session of the same user, so signing it out leaves the suite's own session alive.
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: account.password },
  });
  return `pitchin_session=${response.cookies.find((cookie) => cookie.name === 'pitchin_session')!.value}`;
}

function bodyFor(cell: Cell) {
  if (cell.body === 'new-account')
    return {
      email: `m-${randomBytes(4).toString('hex')}@example.org`,
      password: 'long enough pw',
      firstName: 'M',
      lastName: 'N',
    };
  return cell.body;
}

describe('authorization matrix', () => {
  it('has an expectation for every route the server declares', () => {
    const declared = app.routeList.map((route) => `${route.method} ${route.url}`);
    const missing = declared.filter((key) => !EXPECTATIONS[key]);
    expect(missing).toEqual([]);
  });

  it('gives every actor the expected status on every route, and never leaks secrets', async () => {
    let cells = 0;
    const mismatches: string[] = [];
    const sessionValues = Object.values(accounts).map((account) => account!.cookie.split('=')[1]!);
    for (const route of app.routeList) {
      const key = `${route.method} ${route.url}`;
      const expectation = EXPECTATIONS[key]!(fixture);
      for (const actor of ACTORS) {
        const cell = expectation[actor];
        const cookie = await cookieFor(actor, Boolean(cell.needsFreshSession));
        const body = bodyFor(cell);
        const response = await app.inject({
          method: route.method as 'GET',
          url: cell.url ?? route.url,
          headers: cookie ? { cookie } : {},
          ...(body !== undefined ? { payload: body as object } : {}),
        });
        cells += 1;
        if (response.statusCode !== cell.status)
          mismatches.push(
            `${key} as ${actor}: expected ${cell.status}, got ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        const text = response.body;
        if (/scrypt\$|\$argon2(id|i|d)\$|password_?hash/i.test(text))
          mismatches.push(`${key} as ${actor}: body carries a password hash`);
        for (const value of sessionValues)
          if (text.includes(value)) mismatches.push(`${key} as ${actor}: body carries a session id`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(cells).toBe(app.routeList.length * ACTORS.length);
    console.log(`authorization matrix: ${app.routeList.length} routes × ${ACTORS.length} actors = ${cells} cells`);
  });

  it('lets no one read messages they neither sent nor received', async () => {
    const stranger = accounts.stranger!.cookie;
    const inbox = (
      await app.inject({ method: 'GET', url: '/api/messages', headers: { cookie: stranger } })
    ).json() as Array<{ content: string }>;
    expect(inbox.map((message) => message.content)).not.toContain('private words');
    const conversations = (
      await app.inject({ method: 'GET', url: '/api/conversations', headers: { cookie: stranger } })
    ).json() as Array<{ id: string }>;
    expect(conversations.map((conversation) => conversation.id)).not.toContain(fixture.ids.attendee);
    const thread = (
      await app.inject({
        method: 'GET',
        url: `/api/conversations/${fixture.ids.attendee}/messages`,
        headers: { cookie: stranger },
      })
    ).json() as Array<{ content: string }>;
    expect(thread.map((message) => message.content)).not.toContain('private words');
  });

  it("lets no one read or mark another's notifications", async () => {
    const attendee = accounts.attendee!.cookie;
    // The matrix above marked everything read: a new message gives the attendee an unread notification.
    const sent = await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { cookie: accounts.organizer!.cookie },
      payload: { receiverId: fixture.ids.attendee, content: 'another private word' },
    });
    expect(sent.statusCode).toBe(201);
    const own = (
      await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: attendee } })
    ).json() as Array<{ id: number; readAt: string | null }>;
    const unread = own.filter((item) => item.readAt === null);
    expect(unread.length).toBeGreaterThan(0);
    const stranger = accounts.stranger!.cookie;
    const theirs = (
      await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: stranger } })
    ).json() as Array<{ id: number }>;
    expect(theirs.map((item) => item.id).filter((id) => own.some((item) => item.id === id))).toEqual([]);
    const marked = await app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { cookie: stranger },
      payload: { ids: unread.map((item) => item.id) },
    });
    expect(marked.statusCode).toBe(204);
    const count = (
      await app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie: attendee } })
    ).json() as { count: number };
    expect(count.count).toBe(unread.length);
  });

  it('shows no other user e-mail in user search and no e-mail of a stranger anywhere a stranger reads', async () => {
    const users = (
      await app.inject({
        method: 'GET',
        url: '/api/users?search=Matrix',
        headers: { cookie: accounts.stranger!.cookie },
      })
    ).body;
    expect(users).not.toMatch(/@/);
    const strangerReads = [
      '/api/messages',
      '/api/conversations',
      `/api/events/${fixture.pastEventId}/ratings`,
      '/api/my-rsvps',
    ];
    for (const url of strangerReads) {
      const text = (await app.inject({ method: 'GET', url, headers: { cookie: accounts.stranger!.cookie } })).body;
      expect(text, url).not.toContain(fixture.emails.attendee);
    }
  });
});

/**
 * The organizer's calls on events held under an organization, for each of its roles: its owners, admins
 * and organizers manage every one of its events as their organizer does; its members, and people outside
 * it, get 403 as any stranger would. Each role acts on events of its own, so a cancel or delete by one
 * leaves the others' to act on.
 */
describe('authorization matrix of organization roles', () => {
  type Role = 'owner' | 'admin' | 'organizer' | 'member' | 'outsider';
  const ROLES: Role[] = ['owner', 'admin', 'organizer', 'member', 'outsider'];
  const MAY_MANAGE: Record<Role, boolean> = {
    owner: true,
    admin: true,
    organizer: true,
    member: false,
    outsider: false,
  };

  it("gives each role the organizer's rights over the organization's events, or 403", async () => {
    const creator = await signUpUser(app, { firstName: 'Creator', lastName: 'Matrix' });
    const created = await app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: { cookie: creator.cookie },
      payload: { name: 'Role matrix', slug: 'role-matrix', description: 'd' },
    });
    expect(created.statusCode).toBe(201);
    const organizationId = created.json().id as number;
    const people = {} as Record<Role, { cookie: string; id: string }>;
    for (const role of ROLES) {
      const person = await signUpUser(app, { firstName: role, lastName: 'Matrix' });
      people[role] = { cookie: person.cookie, id: person.user.id };
      if (role !== 'outsider')
        await app.database.db.insert(organizationMembers).values({ organizationId, userId: person.user.id, role });
    }
    const volunteer = await signUpUser(app, { firstName: 'Volunteer', lastName: 'Matrix' });
    const heldEvent = async (date: Date) => {
      const row = await createEventRow(app.database.db, { organizerId: creator.user.id, date, title: 'Held' });
      await app.database.db.update(events).set({ organizationId }).where(eq(events.id, row.id));
      return row.id;
    };
    const mismatches: string[] = [];
    for (const role of ROLES) {
      const { cookie } = people[role];
      const upcoming = await heldEvent(daysFromNow(5));
      await addRsvpRow(app.database.db, upcoming, volunteer.user.id);
      const past = await heldEvent(daysFromNow(-2));
      await addRsvpRow(app.database.db, past, volunteer.user.id);
      const toCancel = await heldEvent(daysFromNow(6));
      const toDelete = await heldEvent(daysFromNow(6));
      const calls: Array<{
        method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
        url: string;
        body?: object;
        ok: number;
      }> = [
        { method: 'PATCH', url: `/api/events/${upcoming}`, body: { title: `Renamed by ${role}` }, ok: 200 },
        { method: 'GET', url: `/api/events/${upcoming}/attendees`, ok: 200 },
        { method: 'GET', url: `/api/events/${upcoming}/attendees?format=csv`, ok: 200 },
        { method: 'POST', url: `/api/events/${upcoming}/announcements`, body: { content: 'Notice' }, ok: 201 },
        {
          method: 'PUT',
          url: `/api/events/${past}/attendance`,
          body: { entries: [{ userId: volunteer.user.id, attended: true }] },
          ok: 200,
        },
        { method: 'POST', url: `/api/events/${toCancel}/cancel`, body: { reason: 'Matrix' }, ok: 200 },
        { method: 'DELETE', url: `/api/events/${toDelete}`, ok: 204 },
      ];
      for (const call of calls) {
        const response = await app.inject({
          method: call.method,
          url: call.url,
          headers: { cookie },
          ...(call.body ? { payload: call.body } : {}),
        });
        const expected = MAY_MANAGE[role] ? call.ok : 403;
        if (response.statusCode !== expected)
          mismatches.push(`${call.method} ${call.url} as ${role}: expected ${expected}, got ${response.statusCode}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

/**
 * Decisions §21: a "Co-Organizing" RSVP the organizer approved gives every organizer right on that event,
 * through canManageEvent; the same RSVP before approval, or after the approval is taken back, gives none.
 */
describe('authorization matrix of co-organizers', () => {
  it("gives an approved co-organizer the organizer's rights over that event only, and takes them back", async () => {
    const organizer = await signUpUser(app, { firstName: 'Lead', lastName: 'Matrix' });
    const helper = await signUpUser(app, { firstName: 'Helper', lastName: 'Matrix' });
    const volunteer = await signUpUser(app, { firstName: 'Volunteer', lastName: 'Matrix' });
    const heldEvent = async (date: Date) => {
      const row = await createEventRow(app.database.db, { organizerId: organizer.user.id, date, title: 'Shared' });
      await addRsvpRow(app.database.db, row.id, helper.user.id, 'organizing');
      await addRsvpRow(app.database.db, row.id, volunteer.user.id);
      return row.id;
    };
    const approve = (eventId: number, cookie = organizer.cookie) =>
      app.inject({
        method: 'POST',
        url: `/api/events/${eventId}/co-organizers/${helper.user.id}`,
        headers: { cookie },
      });
    const callsOn = async () => {
      const [upcoming, past, toCancel, toDelete] = [
        await heldEvent(daysFromNow(5)),
        await heldEvent(daysFromNow(-2)),
        await heldEvent(daysFromNow(6)),
        await heldEvent(daysFromNow(6)),
      ];
      return {
        events: [upcoming, past, toCancel, toDelete],
        calls: [
          {
            method: 'PATCH' as const,
            url: `/api/events/${upcoming}`,
            body: { title: 'Renamed by a co-organizer' },
            ok: 200,
          },
          { method: 'GET' as const, url: `/api/events/${upcoming}/attendees`, ok: 200 },
          {
            method: 'POST' as const,
            url: `/api/events/${upcoming}/announcements`,
            body: { content: 'Notice' },
            ok: 201,
          },
          {
            method: 'PUT' as const,
            url: `/api/events/${past}/attendance`,
            body: { entries: [{ userId: volunteer.user.id, attended: true }] },
            ok: 200,
          },
          { method: 'POST' as const, url: `/api/events/${toCancel}/cancel`, body: { reason: 'Matrix' }, ok: 200 },
          // Past the organizer check, the organizer's own rule: an event people joined is cancelled, not deleted.
          { method: 'DELETE' as const, url: `/api/events/${toDelete}`, ok: 409 },
        ],
      };
    };
    const run = async (calls: Awaited<ReturnType<typeof callsOn>>['calls'], isAllowed: boolean) => {
      const mismatches: string[] = [];
      for (const call of calls) {
        const response = await app.inject({
          method: call.method,
          url: call.url,
          headers: { cookie: helper.cookie },
          ...(call.body ? { payload: call.body } : {}),
        });
        const expected = isAllowed ? call.ok : 403;
        if (response.statusCode !== expected)
          mismatches.push(`${call.method} ${call.url}: expected ${expected}, got ${response.statusCode}`);
      }
      return mismatches;
    };

    const unapproved = await callsOn();
    expect(await run(unapproved.calls, false)).toEqual([]);
    // Only someone who manages the event approves: the helper cannot approve themself, nor the volunteer them.
    expect((await approve(unapproved.events[0]!, helper.cookie)).statusCode).toBe(403);
    expect((await approve(unapproved.events[0]!, volunteer.cookie)).statusCode).toBe(403);

    const approved = await callsOn();
    for (const eventId of approved.events) expect((await approve(eventId)).statusCode).toBe(200);
    expect(await run(approved.calls, true)).toEqual([]);

    const revoked = await callsOn();
    for (const eventId of revoked.events) {
      expect((await approve(eventId)).statusCode).toBe(200);
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/events/${eventId}/co-organizers/${helper.user.id}`,
        headers: { cookie: organizer.cookie },
      });
      expect(removed.statusCode).toBe(200);
    }
    expect(await run(revoked.calls, false)).toEqual([]);
  });
});
