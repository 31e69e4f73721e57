import type { z } from 'zod';
import type {
  createReportBodySchema,
  ModerationLogEntry,
  ModerationStatus,
  QueuedReport,
  Report,
  ReportTargetType,
  resolveReportBodySchema,
} from '../../../contract/moderation';
import { MODERATION_LIMITS } from '../../../contract/moderation-catalogue';
import type { PublicUser } from '../../../contract/users';
import type { Database, Executor } from '../../db/client';
import { normalizeEmail } from '../../lib/email-address';
import { refusal, refusalMessage } from '../../lib/refusals';
import { toIso } from '../../lib/iso-time';
import type { SessionUser } from '../auth/session-user';
import { endFriendshipForBlock } from '../friends/friends.service';
import { consumeWriteLimit, WRITE_LIMITS } from '../limits/limits.service';
import * as repository from './moderation.repository';

type CreateReportInput = z.output<typeof createReportBodySchema>;
type ResolveInput = z.output<typeof resolveReportBodySchema>;

/** Decisions §20: a message between the two is refused when either blocked the other. */
export async function isBlockedEitherWay(db: Executor, firstId: string, secondId: string): Promise<boolean> {
  return (await repository.hasBlocked(db, firstId, secondId)) || (await repository.hasBlocked(db, secondId, firstId));
}

/**
 * Decisions §22: only the moderator who acted, or an administrator, undoes an action; otherwise any
 * moderator would lift an administrator's suspension of a moderator, which only an administrator may make.
 */
function isUndoableBy(actorId: string | null, userId: string, status: ModerationStatus): boolean {
  return status.isAdmin || actorId === userId;
}

function personOf(prefix: 'reporter' | 'actor', row: Record<string, unknown>): PublicUser {
  return {
    id: row[`${prefix}Id`] as string,
    firstName: row[`${prefix}FirstName`] as string | null,
    lastName: row[`${prefix}LastName`] as string | null,
    profileImageUrl: row[`${prefix}ProfileImageUrl`] as string | null,
  };
}

function toReport(row: repository.ReportRow): Report {
  return {
    id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    details: row.details,
    status: row.status,
    createdAt: toIso(row.createdAt),
    reporter: personOf('reporter', row),
  };
}

function targetKey(type: ReportTargetType, id: string): string {
  return `${type}:${id}`;
}

function numericId(targetId: string): number | null {
  return /^\d{1,10}$/.test(targetId) && Number(targetId) <= 2_147_483_647 ? Number(targetId) : null;
}

/** What a report points at, as the moderator and the rules need it. */
type LoadedTarget = {
  authorId: string;
  title: string | null;
  text: string | null;
  path: string | null;
  isHidden: boolean;
  /** Whether the reporter could have seen it: nobody reports what they cannot see. */
  isVisibleTo: (userId: string) => boolean;
};

/**
 * What a suspension needs of the sessions (AuthService has it): named here rather than imported, so that
 * moderation depends on no auth service, which depends on messages, which depends on moderation.
 */
type SessionEnder = {
  endSessionsOfUser(userId: string, keepToken: string | null, db: Executor): Promise<number>;
};

export class ModerationService {
  constructor(
    private readonly db: Database,
    private readonly authService: SessionEnder,
    private readonly adminEmails: readonly string[],
  ) {}

  /**
   * THE answer to "is this person an administrator": the session's user, a report's author
   * and the moderators list all ask it. An ADMIN_EMAILS address counts only once its owner proved it (a
   * verified e-mail): otherwise whoever signed up first with the address would be an administrator.
   */
  isAdmin(user: Pick<SessionUser, 'email' | 'emailVerifiedAt'>): boolean {
    return (
      user.email !== null && user.emailVerifiedAt !== null && this.adminEmails.includes(normalizeEmail(user.email))
    );
  }

  async status(user: SessionUser, db: Executor = this.db): Promise<ModerationStatus> {
    const isAdmin = this.isAdmin(user);
    return { isAdmin, isModerator: isAdmin || (await repository.isAppointedModerator(db, user.id)) };
  }

  private async requireModerator(user: SessionUser, db: Executor = this.db): Promise<ModerationStatus> {
    const status = await this.status(user, db);
    if (!status.isModerator) throw refusal('NOT_MODERATOR');
    return status;
  }

  private async isModeratorId(db: Executor, userId: string): Promise<{ isModerator: boolean; isAdmin: boolean }> {
    const person = await repository.findUserById(db, userId);
    if (!person) return { isModerator: false, isAdmin: false };
    const isAdmin = this.isAdmin(person);
    return { isAdmin, isModerator: isAdmin || (await repository.isAppointedModerator(db, userId)) };
  }

  /**
   * What the reports point at, read together: one query per kind of target, whatever the count, so the
   * queue costs the same few reads for one report or a full page.
   */
  private async loadTargets(
    db: Executor,
    references: ReadonlyArray<{ targetType: ReportTargetType; targetId: string }>,
  ): Promise<Map<string, LoadedTarget>> {
    const idsOf = (type: ReportTargetType) => [
      ...new Set(
        references
          .filter((reference) => reference.targetType === type)
          .map((reference) => numericId(reference.targetId))
          .filter((id): id is number => id !== null),
      ),
    ];
    const userIds = [
      ...new Set(references.filter((ref) => ref.targetType === 'user').map((ref) => ref.targetId)),
    ].filter((id) => id.length <= 100);
    const [people, events, messages, ratings] = [
      await repository.findPeopleByIds(db, userIds),
      await repository.findEventTargets(db, idsOf('event')),
      await repository.findMessageTargets(db, idsOf('message')),
      await repository.findRatingTargets(db, idsOf('rating')),
    ];
    const targets = new Map<string, LoadedTarget>();
    for (const person of people)
      targets.set(targetKey('user', person.id), {
        authorId: person.id,
        title: [person.firstName, person.lastName].filter(Boolean).join(' ') || null,
        text: null,
        path: null,
        isHidden: person.suspendedAt !== null,
        isVisibleTo: () => true,
      });
    for (const event of events)
      targets.set(targetKey('event', String(event.id)), {
        authorId: event.organizerId,
        title: event.title,
        text: event.description,
        path: `/events/${event.id}`,
        isHidden: event.hiddenAt !== null,
        isVisibleTo: (userId) => (!event.isTest && event.hiddenAt === null) || event.organizerId === userId,
      });
    for (const message of messages)
      targets.set(targetKey('message', String(message.id)), {
        authorId: message.senderId,
        title: null,
        text: message.content,
        path: null,
        isHidden: message.hiddenAt !== null,
        // Only its two people have read it.
        isVisibleTo: (userId) => userId === message.senderId || userId === message.receiverId,
      });
    for (const rating of ratings)
      targets.set(targetKey('rating', String(rating.id)), {
        authorId: rating.userId,
        title: rating.eventTitle,
        text: rating.comment === null ? `★ ${rating.rating}` : `★ ${rating.rating} — ${rating.comment}`,
        path: `/events/${rating.eventId}`,
        isHidden: rating.hiddenAt !== null,
        isVisibleTo: (userId) => rating.isEventVisible && (rating.hiddenAt === null || rating.userId === userId),
      });
    return targets;
  }

  private async loadTarget(db: Executor, type: ReportTargetType, targetId: string): Promise<LoadedTarget | null> {
    const key = type === 'user' ? targetKey(type, targetId) : targetKey(type, String(numericId(targetId)));
    return (await this.loadTargets(db, [{ targetType: type, targetId }])).get(key) ?? null;
  }

  /** One open report per reporter and target: another answers 409 ALREADY_REPORTED and counts nothing. */
  async report(reporterId: string, input: CreateReportInput): Promise<Report> {
    return this.db.transaction(async (tx) => {
      await consumeWriteLimit(tx, WRITE_LIMITS.reports, reporterId);
      const target = await this.loadTarget(tx, input.targetType, input.targetId);
      // Whatever the reporter cannot see answers as what does not exist, so a report cannot probe ids.
      if (!target || !target.isVisibleTo(reporterId)) throw refusal('REPORT_TARGET_NOT_FOUND');
      if (target.authorId === reporterId)
        throw refusal('CANNOT_REPORT_OWN', [{ path: 'targetId', message: refusalMessage('CANNOT_REPORT_OWN') }]);
      const id = await repository.insertReport(tx, {
        reporterId,
        targetType: input.targetType,
        targetId: input.targetId,
        targetUserId: target.authorId,
        reason: input.reason,
        details: input.details,
      });
      if (id === undefined) throw refusal('ALREADY_REPORTED');
      return toReport((await repository.findReport(tx, id))!);
    });
  }

  /** A page of the queue in a fixed number of reads (targets by kind, then their authors), not a few per report. */
  async listQueue(user: SessionUser): Promise<QueuedReport[]> {
    await this.requireModerator(user);
    const rows = await repository.listReports(this.db, MODERATION_LIMITS.queuePageSize);
    const targets = await this.loadTargets(this.db, rows);
    const authorIds = [...new Set([...targets.values()].map((target) => target.authorId))];
    const authors = new Map(
      (await repository.findPeopleByIds(this.db, authorIds)).map((author) => [author.id, author]),
    );
    return rows.map((row) => {
      const target = targets.get(
        row.targetType === 'user'
          ? targetKey('user', row.targetId)
          : targetKey(row.targetType, String(numericId(row.targetId))),
      );
      let content: QueuedReport['content'] = null;
      if (target) {
        const author = authors.get(target.authorId);
        content = {
          author: author
            ? {
                id: author.id,
                firstName: author.firstName,
                lastName: author.lastName,
                profileImageUrl: author.profileImageUrl,
              }
            : null,
          title: target.title,
          text: target.text,
          path: target.path,
          isHidden: target.isHidden,
          isAuthorSuspended: author?.suspendedAt != null,
          isAuthorModerator: author !== undefined && (this.isAdmin(author) || author.isAppointedModerator),
        };
      }
      return { ...toReport(row), content, openReportCount: Number(row.openReportCount) };
    });
  }

  async resolve(user: SessionUser, reportId: number, input: ResolveInput): Promise<void> {
    await this.db.transaction(async (tx) => {
      const actor = await this.requireModerator(user, tx);
      const locked = await repository.lockReport(tx, reportId);
      if (!locked) throw refusal('REPORT_NOT_FOUND');
      if (locked.status !== 'open') throw refusal('ALREADY_RESOLVED');
      const report = (await repository.findReport(tx, reportId))!;
      const target = { targetType: report.targetType, targetId: report.targetId };
      if (input.action === 'dismiss') {
        await repository.resolveReportsOfTarget(tx, target, 'dismissed', user.id);
        await this.log(tx, user.id, 'dismiss', target, reportId, input.note);
        return;
      }
      if (input.action === 'hide') {
        if (report.targetType === 'user')
          throw refusal('CANNOT_HIDE_PERSON', [{ path: 'action', message: refusalMessage('CANNOT_HIDE_PERSON') }]);
        const id = numericId(report.targetId);
        if (id === null || !(await this.loadTarget(tx, report.targetType, report.targetId)))
          throw refusal('REPORT_TARGET_NOT_FOUND');
        await repository.hideContent(tx, report.targetType, id, input.note);
        await repository.resolveReportsOfTarget(tx, target, 'actioned', user.id);
        await this.log(tx, user.id, 'hide', target, reportId, input.note);
        return;
      }
      const authorId = report.targetUserId;
      if (authorId === null) throw refusal('REPORT_TARGET_NOT_FOUND');
      await this.suspend(tx, user.id, actor, authorId, input.note);
      await repository.resolveReportsOfTarget(tx, target, 'actioned', user.id);
      await this.log(tx, user.id, 'suspend', { targetType: 'user', targetId: authorId }, reportId, input.note);
    });
  }

  private async suspend(
    tx: Executor,
    actorId: string,
    actor: ModerationStatus,
    userId: string,
    note: string,
  ): Promise<void> {
    if (userId === actorId) throw refusal('CANNOT_SUSPEND_SELF');
    const person = await this.isModeratorId(tx, userId);
    if (person.isModerator && !actor.isAdmin) throw refusal('CANNOT_SUSPEND_MODERATOR');
    await repository.suspendUser(tx, userId, note);
    // In the same transaction, which also signals every process to forget the sessions (decisions §20).
    await this.authService.endSessionsOfUser(userId, null, tx);
  }

  private async log(
    tx: Executor,
    actorId: string,
    action: repository.ModerationAction,
    target: { targetType: ReportTargetType; targetId: string },
    reportId: number | null,
    note: string,
  ): Promise<void> {
    await repository.insertLogEntry(tx, { actorId, action, ...target, reportId, note });
  }

  async listLog(user: SessionUser): Promise<ModerationLogEntry[]> {
    const status = await this.requireModerator(user);
    const rows = await repository.listLog(this.db, MODERATION_LIMITS.logPageSize);
    return rows.map((row) => ({
      id: row.id,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      reportId: row.reportId,
      note: row.note,
      actor: row.actorId === null ? null : personOf('actor', row),
      createdAt: toIso(row.createdAt),
      isUndone: row.undoneAt !== null,
      canUndo:
        row.undoneAt === null &&
        (row.action === 'hide' || row.action === 'suspend') &&
        isUndoableBy(row.actorId, user.id, status),
    }));
  }

  /** Undoes a hide (unhide) or a suspension (unsuspend); the undo is written to the log with its own note. */
  async undo(user: SessionUser, logId: number, note: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const status = await this.requireModerator(user, tx);
      const entry = await repository.lockLogEntry(tx, logId);
      if (!entry) throw refusal('LOG_ENTRY_NOT_FOUND');
      if (!isUndoableBy(entry.actorId, user.id, status)) throw refusal('NOT_ACTION_AUTHOR');
      if (entry.undoneAt !== null || (entry.action !== 'hide' && entry.action !== 'suspend'))
        throw refusal('CANNOT_UNDO');
      const target = { targetType: entry.targetType, targetId: entry.targetId };
      if (entry.action === 'hide') {
        const id = numericId(entry.targetId);
        if (id !== null && entry.targetType !== 'user') await repository.unhideContent(tx, entry.targetType, id);
        await this.log(tx, user.id, 'unhide', target, entry.reportId, note);
      } else {
        await repository.unsuspendUser(tx, entry.targetId);
        await this.log(tx, user.id, 'unsuspend', target, entry.reportId, note);
      }
      await repository.markLogEntryUndone(tx, logId);
    });
  }

  /** ADMIN_EMAILS appoint and remove moderators (decisions §20); each is logged like any other act. */
  async appoint(user: SessionUser, email: string): Promise<void> {
    if (!this.isAdmin(user)) throw refusal('NOT_ADMIN');
    await this.db.transaction(async (tx) => {
      const person = await repository.findUserByEmail(tx, normalizeEmail(email));
      if (!person) throw refusal('USER_NOT_FOUND');
      if (await repository.insertModerator(tx, person.id, user.id))
        await this.log(tx, user.id, 'appoint', { targetType: 'user', targetId: person.id }, null, email);
    });
  }

  async removeModerator(user: SessionUser, userId: string): Promise<void> {
    if (!this.isAdmin(user)) throw refusal('NOT_ADMIN');
    await this.db.transaction(async (tx) => {
      if (await repository.deleteModerator(tx, userId))
        await this.log(tx, user.id, 'remove_moderator', { targetType: 'user', targetId: userId }, null, '-');
    });
  }

  async listModerators(user: SessionUser) {
    await this.requireModerator(user);
    const rows = await repository.listModerators(this.db, [...this.adminEmails]);
    return rows.map(({ email, emailVerifiedAt, ...person }) => ({
      ...person,
      isAdmin: this.isAdmin({ email, emailVerifiedAt }),
    }));
  }

  async block(blockerId: string, blockedId: string): Promise<void> {
    if (blockerId === blockedId)
      throw refusal('CANNOT_BLOCK_SELF', [{ path: 'id', message: refusalMessage('CANNOT_BLOCK_SELF') }]);
    if (!(await repository.findUserById(this.db, blockedId))) throw refusal('USER_NOT_FOUND');
    await this.db.transaction(async (tx) => {
      await repository.insertBlock(tx, blockerId, blockedId);
      await endFriendshipForBlock(tx, blockerId, blockedId);
    });
  }

  async unblock(blockerId: string, blockedId: string): Promise<void> {
    await repository.deleteBlock(this.db, blockerId, blockedId);
  }

  async isBlocking(blockerId: string, blockedId: string): Promise<boolean> {
    return repository.hasBlocked(this.db, blockerId, blockedId);
  }

  listBlocked(blockerId: string): Promise<PublicUser[]> {
    return repository.listBlockedBy(this.db, blockerId);
  }
}
