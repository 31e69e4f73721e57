import type { Series } from '../../../contract/series';
import type { Database, Executor } from '../../db/client';
import { notFound } from '../../lib/http-error';
import * as repository from './series.repository';

const SERIES_NOT_FOUND = 'Series not found';

/** Opens a new series in the caller's transaction (the create of its first date); answers its id. */
export function insertSeries(tx: Executor, series: repository.NewSeries): Promise<number> {
  return repository.insertSeries(tx, series);
}

/** The dates a change of scope `following` (from `from`) or `all` reaches, in the order to lock them. */
export function listChangeableOccurrenceIds(tx: Executor, seriesId: number, from: Date): Promise<number[]> {
  return repository.listChangeableOccurrenceIds(tx, seriesId, from);
}

export class SeriesService {
  constructor(private readonly db: Database) {}

  /** Every date of a series the viewer may see, cancelled ones too (their page says why); 404 when none. */
  async get(viewerId: string | null, seriesId: number): Promise<Series> {
    const series = await repository.findSeries(this.db, seriesId);
    if (!series) throw notFound(SERIES_NOT_FOUND, 'SERIES_NOT_FOUND');
    const occurrences = await repository.listOccurrences(this.db, seriesId, viewerId);
    if (occurrences.length === 0) throw notFound(SERIES_NOT_FOUND, 'SERIES_NOT_FOUND');
    return {
      id: series.id,
      frequency: series.frequency,
      interval: series.interval,
      occurrences: occurrences.map((occurrence) => ({
        id: occurrence.id,
        date: occurrence.date.toISOString(),
        durationMinutes: occurrence.durationMinutes,
        status: occurrence.status,
        seriesPosition: occurrence.seriesPosition ?? 0,
      })),
    };
  }
}
