import { useQuery } from '@tanstack/react-query';
import { readQueryOptions } from '@/lib/api-read';

/**
 * GET /api/stats/public: Home's community figures. The server reads them at most every five minutes
 * (contract/stats.ts), so asking more often would only fetch the same answer.
 */
const publicStats = { ...readQueryOptions('/api/stats/public'), staleTime: 5 * 60 * 1000 };

export function usePublicStats() {
  return useQuery(publicStats);
}
