import { PUBLIC_STATS_MAX_AGE_SECONDS, type PublicStats } from '../../../contract/stats';
import type { Database } from '../../db/client';
import { sumEveryonesVerifiedMinutes } from '../event-management/verified-hours';
import * as repository from './stats.repository';

type StatsOptions = { timeZone: string; now?: () => Date };

/**
 * The public figures, read at most once per 5 minutes per process (decisions.md §21 lets them be that
 * old): every visitor of the landing page asks for them, and adding up everyone's verified hours reads
 * every attended RSVP. Visitors arriving together share the one reading in hand.
 */
export class StatsService {
  private reading: { promise: Promise<PublicStats>; startedAt: number } | null = null;
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly options: StatsOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  publicStats(): Promise<PublicStats> {
    const now = this.now();
    if (this.reading && now.getTime() - this.reading.startedAt < PUBLIC_STATS_MAX_AGE_SECONDS * 1000)
      return this.reading.promise;
    const promise = this.readPublicStats(now);
    const reading = { promise, startedAt: now.getTime() };
    this.reading = reading;
    // A failed reading is tried again by the next request rather than served for five minutes.
    promise.catch(() => {
      if (this.reading === reading) this.reading = null;
    });
    return promise;
  }

  private async readPublicStats(now: Date): Promise<PublicStats> {
    const [counts, verifiedMinutes] = await Promise.all([
      repository.countAccountsOrganizationsAndEventsThisMonth(this.db, this.options.timeZone, now),
      sumEveryonesVerifiedMinutes(this.db),
    ]);
    return {
      volunteers: counts.volunteers,
      verifiedHours: Math.round((verifiedMinutes / 60) * 100) / 100,
      communities: counts.communities,
      eventsThisMonth: counts.eventsThisMonth,
    };
  }
}
