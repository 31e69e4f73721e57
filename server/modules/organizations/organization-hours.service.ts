import type { HoursReport } from '../../../contract/organizations';
import type { Database } from '../../db/client';
import { toCsv } from '../../lib/csv';
import { formatLocalTime } from '../../lib/local-time';
import { personName } from '../../lib/person-name';
import { listVerifiedAttendanceAtOrganization } from '../event-management/verified-hours';
import type { OrganizationsService } from './organizations.service';

/** Hours to two decimals, as a person's own verified hours are shown. */
function toHours(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

/**
 * The organization's hours report (decisions §20): every verified hour given at its events in a date
 * range, per person and event, per person, and in total. A person's hours here are the sum of their
 * events' hours; the Journey's own figure merges overlapping events, which at one organization's events
 * in one range are rare, and a report a coordinator checks line by line must add up.
 */
export class OrganizationHoursService {
  constructor(
    private readonly db: Database,
    private readonly organizations: OrganizationsService,
  ) {}

  async report(
    userId: string,
    organizationId: number,
    range: { from: string; to: string; timeZone: string },
  ): Promise<HoursReport> {
    await this.organizations.assertCanReadHours(userId, organizationId);
    const rows = await listVerifiedAttendanceAtOrganization(this.db, organizationId, range);
    const people = new Map<string, HoursReport['people'][number] & { minutes: number }>();
    let totalMinutes = 0;
    const entries = rows.map((row) => {
      const user = {
        id: row.userId,
        firstName: row.firstName,
        lastName: row.lastName,
        profileImageUrl: row.profileImageUrl,
      };
      const person = people.get(row.userId) ?? { user, hours: 0, eventCount: 0, minutes: 0 };
      person.minutes += row.minutes;
      person.eventCount += 1;
      people.set(row.userId, person);
      totalMinutes += row.minutes;
      return {
        eventId: row.eventId,
        title: row.title,
        date: row.date.toISOString(),
        user,
        hours: toHours(row.minutes),
      };
    });
    return {
      ...range,
      totalHours: toHours(totalMinutes),
      people: [...people.values()]
        .sort((a, b) => b.minutes - a.minutes || personName(a.user).localeCompare(personName(b.user)))
        .map(({ minutes, ...person }) => ({ ...person, hours: toHours(minutes) })),
      entries,
    };
  }
}

/**
 * The report as a coordinator opens it in a spreadsheet, like the attendees CSV: columns in words, no ids,
 * times on the caller's clock (named in the header). One row per person and event, then each person's
 * total, then everyone's.
 */
export function hoursReportToCsv(report: HoursReport): string {
  return toCsv(
    ['Name', 'Event', `Date (${report.timeZone})`, 'Verified hours'],
    [
      ...report.entries.map((entry) => [
        personName(entry.user),
        entry.title,
        formatLocalTime(entry.date, report.timeZone),
        entry.hours,
      ]),
      ...report.people.map((person) => [
        personName(person.user),
        `Total (${person.eventCount} ${person.eventCount === 1 ? 'event' : 'events'})`,
        `${report.from} to ${report.to}`,
        person.hours,
      ]),
      ['Everyone', 'Total', `${report.from} to ${report.to}`, report.totalHours],
    ],
  );
}
