import { MODERATION_LIMITS } from '../../../contract/moderation-catalogue';
import type { Executor } from '../../db/client';
import { tooManyRequests } from '../../lib/http-error';
import * as repository from './limits.repository';

/**
 * The per-user write limits, shared by every server process through PostgreSQL (decision
 * 0011 says why a table of fixed-window counters and not @fastify/rate-limit's stores).
 */
export type WriteLimit = { name: string; limit: number; windowMs: number; message: string };

export const WRITE_LIMITS = {
  messages: {
    name: 'messages',
    limit: 30,
    windowMs: 60_000,
    message: 'You are sending messages too fast. Please wait a moment.',
  },
  events: {
    name: 'events',
    limit: 10,
    windowMs: 60 * 60_000,
    message: 'You have created many events in the last hour. Please try again later.',
  },
  /**
   * Every saved change of an event, per organizer: generous for someone fixing their events, but an
   * organizer cannot edit without end (each change of date, place or length reaches every RSVP holder,
   * gathered into one mail per 15 minutes and one unread notification).
   */
  eventEdits: {
    name: 'event-edits',
    limit: 60,
    windowMs: 60 * 60_000,
    message: 'You have changed events many times in the last hour. Please try again later.',
  },
  /**
   * Creating, changing and removing slots, per organizer: a festival's schedule of 200 slots can be set up
   * within the hour, but each time change or removal reaches the slot's people, so it is not without end.
   */
  slotWrites: {
    name: 'slot-writes',
    limit: 300,
    windowMs: 60 * 60_000,
    message: 'You have changed slots many times in the last hour. Please try again later.',
  },
  photoBytes: {
    name: 'photo-bytes',
    limit: 50 * 1024 * 1024,
    windowMs: 24 * 60 * 60_000,
    message: 'You have uploaded 50 MB of photos today. Please try again tomorrow.',
  },
  /**
   * Organizer announcements do not count toward `messages`: one announcement is one act of the
   * organizer however many people hold an RSVP, and counting each copy would let a single announcement
   * to 30 people use up a minute of direct messages. They have this limit of their own instead, per
   * organizer, so an organizer cannot flood their attendees' inboxes.
   */
  announcements: {
    name: 'announcements',
    limit: 10,
    windowMs: 60 * 60_000,
    message: 'You have sent many announcements in the last hour. Please try again later.',
  },
  invitations: {
    name: 'invitations',
    limit: 1,
    windowMs: 24 * 60 * 60_000,
    message: 'An invitation was already sent to this address today.',
  },
  /** People an organizer adds at the door (decisions §19), each perhaps an invitation mail to a stranger's address. */
  walkIns: {
    name: 'walk-ins',
    limit: 200,
    windowMs: 24 * 60 * 60_000,
    message: 'You have added many walk-ins today. Please try again tomorrow.',
  },
  /** Invitations into organizations, per inviting admin: each is a mail to an address of their choosing. */
  organizationInvitations: {
    name: 'organization-invitations',
    limit: 50,
    windowMs: 24 * 60 * 60_000,
    message: 'You have sent many invitations today. Please try again tomorrow.',
  },
  /** New organizations per person and day (decisions §22): forty squatted names in a second was possible. */
  organizations: {
    name: 'organizations',
    limit: 5,
    windowMs: 24 * 60 * 60_000,
    message: 'You have created many organizations today. Please try again tomorrow.',
  },
  /** Reports per reporter and day (decisions §20): each lands in a moderator's queue. */
  reports: {
    name: 'reports',
    limit: MODERATION_LIMITS.reportsPerDay,
    windowMs: 24 * 60 * 60_000,
    message: 'You have sent many reports today. Please try again tomorrow.',
  },
  /**
   * Friend requests per person (decisions §21 under §16's per-user limits): each one is a notification in
   * someone else's bell, so a stranger cannot ask the whole site; a declined request may be asked again,
   * and only this limit keeps that from becoming a stream of asks.
   */
  friendRequests: {
    name: 'friend-requests',
    limit: 30,
    windowMs: 24 * 60 * 60_000,
    message: 'You have sent many friend requests today. Please try again tomorrow.',
  },
} as const satisfies Record<string, WriteLimit>;

function windowStartOf(now: number, windowMs: number): Date {
  return new Date(now - (now % windowMs));
}

function retryAfterSeconds(now: number, windowMs: number): number {
  return (windowStartOf(now, windowMs).getTime() + windowMs - now) / 1000;
}

/**
 * Counts `amount` against `limit` for `subject` (a user id, an address) and throws 429 with Retry-After
 * when it would pass the limit. Run it inside the transaction of the write it guards: a refused or
 * failed write then counts nothing, since the counter's change rolls back with it.
 */
export async function consumeWriteLimit(
  db: Executor,
  limit: WriteLimit,
  subject: string,
  amount = 1,
  now = Date.now(),
): Promise<void> {
  const total = await repository.addToCounter(
    db,
    `${limit.name}:${subject}`,
    windowStartOf(now, limit.windowMs),
    amount,
  );
  if (total > limit.limit) throw tooManyRequests(limit.message, retryAfterSeconds(now, limit.windowMs));
}

/** Whether `amount` more would pass the limit, without counting it: for checks that must come before costly work. */
export async function wouldExceedWriteLimit(
  db: Executor,
  limit: WriteLimit,
  subject: string,
  amount = 1,
  now = Date.now(),
): Promise<boolean> {
  const total = await repository.readCounter(db, `${limit.name}:${subject}`, windowStartOf(now, limit.windowMs));
  return total + amount > limit.limit;
}

/** Throws the limit's 429 when `amount` more would pass it; counts nothing. */
export async function assertWithinWriteLimit(
  db: Executor,
  limit: WriteLimit,
  subject: string,
  amount = 1,
  now = Date.now(),
): Promise<void> {
  if (await wouldExceedWriteLimit(db, limit, subject, amount, now))
    throw tooManyRequests(limit.message, retryAfterSeconds(now, limit.windowMs));
}

/** Windows that have ended count nothing; the longest window is a day. */
export async function purgeEndedWindows(db: Executor, now = Date.now()): Promise<void> {
  await repository.deleteCountersBefore(db, new Date(now - 2 * 24 * 60 * 60_000));
}
