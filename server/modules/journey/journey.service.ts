import { createHash } from 'node:crypto';
import {
  type Achievement,
  type UserAchievement,
  type UserStats,
  volunteerHours,
  XP_PER_VERIFIED_HOUR,
} from '../../../contract/journey';
import { ACHIEVEMENT_CATALOGUE } from '../../db/catalogue';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import { isTimeZone } from '../../lib/time-zone';
import { sumVerifiedMinutes, sumVerifiedMinutesByMonth } from '../event-management/verified-hours';
import * as repository from './journey.repository';

/** The Journey's chart: this month and the eleven before it. */
const CHART_MONTHS = 12;

type AchievementRow = Awaited<ReturnType<typeof repository.listAchievements>>[number];

/** A new deploy with a changed catalogue must not be answered 304 from a browser's older copy. */
const CATALOGUE_FINGERPRINT = createHash('sha256')
  .update(JSON.stringify(ACHIEVEMENT_CATALOGUE))
  .digest('base64url')
  .slice(0, 10);

function toAchievement(row: AchievementRow): Achievement {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    requirement: row.requirement,
    points: row.points,
    icon: row.icon,
    color: row.color,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The validator of GET /api/user/achievements. Every change to a user's achievement rows bumps
 * users.achievements_version in the same transaction, and the session lookup already loaded that
 * column, so an unchanged poll is answered without touching the database. The user id is part of it
 * because a browser keeps one cache entry per URL, whoever is signed in.
 */
export function userAchievementsEtag(userId: string, achievementsVersion: number): string {
  return `W/"${userId}.${achievementsVersion}.${CATALOGUE_FINGERPRINT}"`;
}

export class JourneyService {
  // The catalogue is written from code at start (db/catalogue.ts) and never changes while the server
  // runs, so one read serves every request of the process.
  private cataloguePromise: Promise<Achievement[]> | null = null;

  constructor(private readonly db: Database) {}

  catalogue(): Promise<Achievement[]> {
    this.cataloguePromise ??= repository.listAchievements(this.db).then(
      (rows) => rows.map(toAchievement),
      (error: unknown) => {
        this.cataloguePromise = null;
        throw error;
      },
    );
    return this.cataloguePromise;
  }

  async userAchievements(userId: string): Promise<UserAchievement[]> {
    const rows = await repository.listUnlockedOrStartedAchievements(this.db, userId);
    return rows.map((row) => ({
      id: row.id,
      achievementId: row.achievementId,
      achievement: toAchievement(row.achievement),
      progress: row.progress,
      unlockedAt: row.unlockedAt?.toISOString() ?? null,
    }));
  }

  /**
   * The Journey's chart: verified hours per calendar month over the last 12 months in the viewer's zone
   * (decisions.md §21: the hours shown are the ones organizers confirmed), to a tenth of an hour.
   */
  async hoursByMonth(userId: string, timeZone = 'UTC'): Promise<Array<{ month: string; hours: number }>> {
    if (!isTimeZone(timeZone))
      throw badRequest('Unknown time zone', [
        { path: 'timeZone', message: 'must be an IANA time zone such as Europe/Berlin' },
      ]);
    const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' })
      .format(new Date())
      .split('-')
      .map(Number) as [number, number];
    const months = Array.from({ length: CHART_MONTHS }, (_, index) => {
      const date = new Date(Date.UTC(year, month - 1 - (CHART_MONTHS - 1 - index), 1));
      return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
    });
    const minutes = await sumVerifiedMinutesByMonth(this.db, userId, timeZone, months[0]!);
    return months.map((key) => ({ month: key, hours: Math.round((minutes.get(key) ?? 0) / 6) / 10 }));
  }

  /**
   * The Journey's stats, with the one hours formula so Profile and Journey agree. Experience counts whole
   * verified hours, never planned ones: a level says what organizers confirmed (decisions.md §21).
   */
  async stats(userId: string): Promise<UserStats> {
    const [inputs, verifiedMinutes, attendanceRecord] = await Promise.all([
      repository.readUserStatsInputs(this.db, userId),
      sumVerifiedMinutes(this.db, userId),
      repository.countAttendanceRecord(this.db, userId),
    ]);
    const totalEvents = inputs.organized + inputs.joined;
    return {
      totalHours: volunteerHours(inputs.organized, inputs.joined),
      verifiedHours: Math.round((verifiedMinutes / 60) * 100) / 100,
      totalEvents,
      averageRating: inputs.averageRating,
      experience: inputs.unlockedPoints + XP_PER_VERIFIED_HOUR * Math.floor(verifiedMinutes / 60),
      eventsOrganized: inputs.organized,
      eventsJoined: inputs.joined,
      upcomingCount: inputs.upcoming,
      attendedCount: inputs.joined,
      organizedCount: inputs.organized,
      attendanceRecord,
    };
  }
}
