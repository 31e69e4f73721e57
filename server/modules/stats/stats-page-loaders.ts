import type { PageLoaders } from '../../lib/page-loaders';
import type { StatsService } from './stats.service';

/** Home's figures, and the landing page's (server/plugins/web.ts renders it with them). */
export function createStatsPageLoaders(service: StatsService): PageLoaders {
  return { '/api/stats/public': () => service.publicStats() };
}
