import type { Executor } from '../../db/client';
import * as repository from './event-management.repository';

/**
 * Verified minutes for the modules that count them inside their own transactions (the Journey's hour
 * achievements, the public figures). Apart from the service because the Journey's achievement progress,
 * which this module's service calls, needs them too: through the service the two would import each other.
 */
export function sumVerifiedMinutes(db: Executor, userId: string): Promise<number> {
  return repository.sumAttendedMinutesOnce(db, userId);
}

export function sumEveryonesVerifiedMinutes(db: Executor): Promise<number> {
  return repository.sumEveryonesAttendedMinutesOnce(db);
}

export function sumVerifiedMinutesByMonth(
  db: Executor,
  userId: string,
  timeZone: string,
  firstMonth: string,
): Promise<Map<string, number>> {
  return repository.sumAttendedMinutesByMonth(db, userId, timeZone, firstMonth);
}

/** Verified attendance at an organization's events in a date range, for its hours report (decisions §20). */
export function listVerifiedAttendanceAtOrganization(
  db: Executor,
  organizationId: number,
  range: { from: string; to: string; timeZone: string },
): Promise<repository.OrganizationAttendanceRow[]> {
  return repository.listOrganizationAttendance(
    db,
    organizationId,
    { date: range.from, timeZone: range.timeZone },
    {
      date: range.to,
    },
  );
}
