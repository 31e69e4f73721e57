import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ReportReason, ReportTargetType } from '../../../contract/moderation';
import type { MODERATION_ACTIONS, REPORT_STATUSES } from '../../../contract/moderation-catalogue';
import { type Executor, selectRows } from '../../db/client';
import { moderationLog, moderators, reports, userBlocks, users } from '../../db/schema';

export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
type ReportStatus = (typeof REPORT_STATUSES)[number];

export type PersonRow = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
};

const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
};

export async function findUserByEmail(
  db: Executor,
  normalizedEmail: string,
): Promise<(PersonRow & { email: string | null }) | undefined> {
  const [row] = await db
    .select({ ...personColumns, email: users.email })
    .from(users)
    .where(and(eq(users.email, normalizedEmail), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function findUserById(
  db: Executor,
  id: string,
): Promise<(PersonRow & { email: string | null; emailVerifiedAt: Date | null; suspendedAt: Date | null }) | undefined> {
  const [row] = await db
    .select({
      ...personColumns,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function isAppointedModerator(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: moderators.userId }).from(moderators).where(eq(moderators.userId, userId));
  return row !== undefined;
}

/** False when the person was a moderator already. */
export async function insertModerator(db: Executor, userId: string, appointedBy: string | null): Promise<boolean> {
  const rows = await db
    .insert(moderators)
    .values({ userId, appointedBy })
    .onConflictDoNothing()
    .returning({ userId: moderators.userId });
  return rows.length > 0;
}

export async function deleteModerator(db: Executor, userId: string): Promise<boolean> {
  const rows = await db.delete(moderators).where(eq(moderators.userId, userId)).returning({ id: moderators.userId });
  return rows.length > 0;
}

/**
 * The appointed moderators and the accounts of the ADMIN_EMAILS addresses whose owners confirmed them (the
 * one rule of ModerationService.isAdmin: an unconfirmed account holding the address is nobody).
 */
export function listModerators(db: Executor, adminEmails: string[]) {
  return db
    .select({ ...personColumns, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        sql`(${users.id} IN (SELECT user_id FROM moderators)${
          adminEmails.length > 0
            ? sql` OR (${inArray(users.email, adminEmails)} AND ${users.emailVerifiedAt} IS NOT NULL)`
            : sql``
        })`,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** `(1, 2, 3)` of ids, for `IN`; callers skip the query for none. */
function idList(ids: readonly (number | string)[]) {
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

export type EventTargetRow = {
  id: number;
  organizerId: string;
  title: string;
  description: string;
  isTest: boolean;
  hiddenAt: Date | string | null;
};

/** The events of these ids, in one read (the queue reads every report's target at once). */
export async function findEventTargets(db: Executor, eventIds: readonly number[]): Promise<EventTargetRow[]> {
  if (eventIds.length === 0) return [];
  return selectRows<EventTargetRow>(
    db,
    sql`SELECT id, organizer_id AS "organizerId", title, description, is_test AS "isTest", hidden_at AS "hiddenAt"
        FROM events WHERE id IN ${idList(eventIds)}`,
  );
}

export type MessageTargetRow = {
  id: number;
  senderId: string;
  receiverId: string | null;
  content: string;
  hiddenAt: Date | string | null;
};

export async function findMessageTargets(db: Executor, messageIds: readonly number[]): Promise<MessageTargetRow[]> {
  if (messageIds.length === 0) return [];
  return selectRows<MessageTargetRow>(
    db,
    sql`SELECT id, sender_id AS "senderId", receiver_id AS "receiverId", content, hidden_at AS "hiddenAt"
        FROM messages WHERE id IN ${idList(messageIds)}`,
  );
}

export type RatingTargetRow = {
  id: number;
  userId: string;
  eventId: number;
  rating: number;
  comment: string | null;
  eventTitle: string;
  hiddenAt: Date | string | null;
  isEventVisible: boolean;
};

export async function findRatingTargets(db: Executor, ratingIds: readonly number[]): Promise<RatingTargetRow[]> {
  if (ratingIds.length === 0) return [];
  return selectRows<RatingTargetRow>(
    db,
    sql`SELECT r.id, r.user_id AS "userId", r.event_id AS "eventId", r.rating, r.comment, e.title AS "eventTitle",
          r.hidden_at AS "hiddenAt", (e.is_test = false AND e.hidden_at IS NULL) AS "isEventVisible"
        FROM ratings r JOIN events e ON e.id = r.event_id WHERE r.id IN ${idList(ratingIds)}`,
  );
}

/** People by id (not erased), each with whether they are an appointed moderator: one read for a whole queue. */
export async function findPeopleByIds(db: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      ...personColumns,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      suspendedAt: users.suspendedAt,
      isAppointedModerator: sql<boolean>`EXISTS (SELECT 1 FROM moderators m WHERE m.user_id = ${users.id})`,
    })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), isNull(users.deletedAt)));
}

/** Undefined when the reporter has an open report of this target already (the partial unique index decides). */
export async function insertReport(
  db: Executor,
  report: {
    reporterId: string;
    targetType: ReportTargetType;
    targetId: string;
    targetUserId: string | null;
    reason: ReportReason;
    details: string | null;
  },
): Promise<number | undefined> {
  const [row] = await db
    .insert(reports)
    .values(report)
    .onConflictDoNothing({
      target: [reports.reporterId, reports.targetType, reports.targetId],
      where: sql`status = 'open'`,
    })
    .returning({ id: reports.id });
  return row?.id;
}

export type ReportRow = {
  id: number;
  targetType: ReportTargetType;
  targetId: string;
  targetUserId: string | null;
  reason: ReportReason;
  details: string | null;
  status: ReportStatus;
  createdAt: Date | string;
  reporterId: string;
  reporterFirstName: string | null;
  reporterLastName: string | null;
  reporterProfileImageUrl: string | null;
  openReportCount: number | string;
};

const REPORT_COLUMNS = sql`r.id, r.target_type AS "targetType", r.target_id AS "targetId", r.target_user_id AS "targetUserId",
  r.reason, r.details, r.status, r.created_at AS "createdAt", r.reporter_id AS "reporterId",
  u.first_name AS "reporterFirstName", u.last_name AS "reporterLastName", u.profile_image_url AS "reporterProfileImageUrl",
  (SELECT count(*)::int FROM reports same WHERE same.target_type = r.target_type AND same.target_id = r.target_id
    AND same.status = 'open') AS "openReportCount"`;

export async function findReport(db: Executor, id: number): Promise<ReportRow | undefined> {
  const [row] = await selectRows<ReportRow>(
    db,
    sql`SELECT ${REPORT_COLUMNS} FROM reports r JOIN users u ON u.id = r.reporter_id WHERE r.id = ${id}`,
  );
  return row;
}

/** The report's row, locked: two moderators resolving it at once act one after the other. */
export async function lockReport(db: Executor, id: number): Promise<{ status: ReportStatus } | undefined> {
  const [row] = await db.select({ status: reports.status }).from(reports).where(eq(reports.id, id)).for('update');
  return row;
}

/** Open reports first (oldest first, as a queue), then the latest resolved ones. */
export function listReports(db: Executor, limit: number): Promise<ReportRow[]> {
  return selectRows<ReportRow>(
    db,
    sql`(SELECT ${REPORT_COLUMNS}, 0 AS part FROM reports r JOIN users u ON u.id = r.reporter_id
          WHERE r.status = 'open' ORDER BY r.created_at, r.id LIMIT ${limit})
        UNION ALL
        (SELECT ${REPORT_COLUMNS}, 1 AS part FROM reports r JOIN users u ON u.id = r.reporter_id
          WHERE r.status <> 'open' ORDER BY r.resolved_at DESC, r.id DESC LIMIT ${limit})
        ORDER BY part, "createdAt", id`,
  );
}

/** Every open report of the target is settled by one decision about it. */
export async function resolveReportsOfTarget(
  db: Executor,
  target: { targetType: ReportTargetType; targetId: string },
  status: 'dismissed' | 'actioned',
  resolvedBy: string,
): Promise<void> {
  await db
    .update(reports)
    .set({ status, resolvedBy, resolvedAt: sql`now()` })
    .where(
      and(eq(reports.targetType, target.targetType), eq(reports.targetId, target.targetId), eq(reports.status, 'open')),
    );
}

const HIDEABLE_TABLES = { event: 'events', message: 'messages', rating: 'ratings' } as const;

/**
 * Hides one event, message or review; a review leaves its event's average in the same statement. Returns
 * false when it was hidden already.
 */
export async function hideContent(
  db: Executor,
  targetType: keyof typeof HIDEABLE_TABLES,
  id: number,
  note: string,
): Promise<boolean> {
  const table = sql.raw(HIDEABLE_TABLES[targetType]);
  const rows = await selectRows<{ id: number }>(
    db,
    sql`UPDATE ${table} SET hidden_at = now(), hidden_note = ${note}, hidden_cause = 'report'
        WHERE id = ${id} AND hidden_at IS NULL RETURNING id`,
  );
  if (rows.length > 0 && targetType === 'rating') await adjustRatingTotals(db, sql`r.id = ${id}`, -1);
  return rows.length > 0;
}

export async function unhideContent(
  db: Executor,
  targetType: keyof typeof HIDEABLE_TABLES,
  id: number,
): Promise<boolean> {
  const table = sql.raw(HIDEABLE_TABLES[targetType]);
  const rows = await selectRows<{ id: number }>(
    db,
    sql`UPDATE ${table} SET hidden_at = NULL, hidden_note = NULL, hidden_cause = NULL
        WHERE id = ${id} AND hidden_at IS NOT NULL RETURNING id`,
  );
  if (rows.length > 0 && targetType === 'rating') await adjustRatingTotals(db, sql`r.id = ${id}`, 1);
  return rows.length > 0;
}

/** Takes the reviews matched by `where` (on `ratings r`) out of, or back into, their events' averages. */
async function adjustRatingTotals(db: Executor, where: ReturnType<typeof sql>, sign: 1 | -1): Promise<void> {
  await db.execute(sql`UPDATE events e SET rating_count = e.rating_count + ${sign} * changed.count,
      rating_sum = e.rating_sum + ${sign} * changed.sum
    FROM (SELECT r.event_id, count(*)::int AS count, sum(r.rating)::int AS sum FROM ratings r WHERE ${where}
      GROUP BY r.event_id) changed
    WHERE e.id = changed.event_id`);
}

/**
 * A suspension (decisions §20): the account refuses sign-in, and its upcoming events, its reviews and its
 * messages leave everyone's view. Only what was visible is marked as the suspension's, so undoing it
 * brings back exactly that and leaves what a moderator hid on a report hidden. Returns false when the
 * person was suspended already.
 */
export async function suspendUser(db: Executor, userId: string, note: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ suspendedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
    .returning({ id: users.id });
  if (rows.length === 0) return false;
  await db.execute(sql`UPDATE events SET hidden_at = now(), hidden_note = ${note}, hidden_cause = 'suspension'
    WHERE organizer_id = ${userId} AND hidden_at IS NULL AND date > now()`);
  await adjustRatingTotals(db, sql`r.user_id = ${userId} AND r.hidden_at IS NULL`, -1);
  await db.execute(sql`UPDATE ratings SET hidden_at = now(), hidden_note = ${note}, hidden_cause = 'suspension'
    WHERE user_id = ${userId} AND hidden_at IS NULL`);
  await db.execute(sql`UPDATE messages SET hidden_at = now(), hidden_note = ${note}, hidden_cause = 'suspension'
    WHERE sender_id = ${userId} AND hidden_at IS NULL`);
  return true;
}

export async function unsuspendUser(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ suspendedAt: null })
    .where(and(eq(users.id, userId), sql`${users.suspendedAt} IS NOT NULL`))
    .returning({ id: users.id });
  if (rows.length === 0) return false;
  const cleared = sql`hidden_at = NULL, hidden_note = NULL, hidden_cause = NULL`;
  await db.execute(sql`UPDATE events SET ${cleared} WHERE organizer_id = ${userId} AND hidden_cause = 'suspension'`);
  await adjustRatingTotals(db, sql`r.user_id = ${userId} AND r.hidden_cause = 'suspension'`, 1);
  await db.execute(sql`UPDATE ratings SET ${cleared} WHERE user_id = ${userId} AND hidden_cause = 'suspension'`);
  await db.execute(sql`UPDATE messages SET ${cleared} WHERE sender_id = ${userId} AND hidden_cause = 'suspension'`);
  return true;
}

export async function insertLogEntry(
  db: Executor,
  entry: {
    actorId: string;
    action: ModerationAction;
    targetType: ReportTargetType;
    targetId: string;
    reportId: number | null;
    note: string;
  },
): Promise<number> {
  const [row] = await db.insert(moderationLog).values(entry).returning({ id: moderationLog.id });
  return row!.id;
}

export type LogRow = {
  id: number;
  action: ModerationAction;
  targetType: ReportTargetType;
  targetId: string;
  reportId: number | null;
  note: string;
  undoneAt: Date | string | null;
  createdAt: Date | string;
  actorId: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  actorProfileImageUrl: string | null;
};

const LOG_COLUMNS = sql`l.id, l.action, l.target_type AS "targetType", l.target_id AS "targetId", l.report_id AS "reportId",
  l.note, l.undone_at AS "undoneAt", l.created_at AS "createdAt", l.actor_id AS "actorId",
  u.first_name AS "actorFirstName", u.last_name AS "actorLastName", u.profile_image_url AS "actorProfileImageUrl"`;

export function listLog(db: Executor, limit: number): Promise<LogRow[]> {
  return selectRows<LogRow>(
    db,
    sql`SELECT ${LOG_COLUMNS} FROM moderation_log l LEFT JOIN users u ON u.id = l.actor_id
        ORDER BY l.created_at DESC, l.id DESC LIMIT ${limit}`,
  );
}

/** The entry, locked: two moderators undoing it at once undo it once. */
export async function lockLogEntry(db: Executor, id: number): Promise<LogRow | undefined> {
  const [row] = await selectRows<LogRow>(
    db,
    sql`SELECT ${LOG_COLUMNS} FROM moderation_log l LEFT JOIN users u ON u.id = l.actor_id WHERE l.id = ${id}
        FOR UPDATE OF l`,
  );
  return row;
}

export async function markLogEntryUndone(db: Executor, id: number): Promise<void> {
  await db
    .update(moderationLog)
    .set({ undoneAt: sql`now()` })
    .where(eq(moderationLog.id, id));
}

/** False when the block existed already. */
export async function insertBlock(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .insert(userBlocks)
    .values({ blockerId, blockedId })
    .onConflictDoNothing()
    .returning({ id: userBlocks.blockedId });
  return rows.length > 0;
}

export async function deleteBlock(db: Executor, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

export async function hasBlocked(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userBlocks.blockedId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  return row !== undefined;
}

export function listBlockedBy(db: Executor, blockerId: string): Promise<PersonRow[]> {
  return db
    .select(personColumns)
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt));
}
