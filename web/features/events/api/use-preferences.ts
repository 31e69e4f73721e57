import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Preferences, SavePreferencesBody } from '@contract/preferences';
import { readQueryOptions } from '@/lib/api-read';
import { callApi } from '@/lib/call-api';

/** GET /api/preferences; a rendered Home brings this answer with it (web/app/route-table.ts). */
export function usePreferences() {
  return useQuery(readQueryOptions('/api/preferences'));
}

/** GET /api/preferences/matching-events: up to 6 upcoming events in the person's place and categories. */
export function useMatchingEvents(isEnabled: boolean) {
  return useQuery({ ...readQueryOptions('/api/preferences/matching-events'), enabled: isEnabled });
}

/**
 * The first run's answers, its skip, and the tips' dismissal. Each answer is the new preferences,
 * put in the cache as it is; the matching events follow the answers, so they are read again.
 */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation<
    Preferences,
    Error,
    { action: 'save'; body: SavePreferencesBody } | { action: 'skip' | 'dismissTips' }
  >({
    mutationFn: (change) =>
      callApi((api) =>
        change.action === 'save'
          ? api.PUT('/api/preferences', { body: change.body })
          : change.action === 'skip'
            ? api.POST('/api/preferences/skip')
            : api.POST('/api/preferences/tips-dismissed'),
      ),
    onSuccess: async (preferences, change) => {
      queryClient.setQueryData(readQueryOptions('/api/preferences').queryKey, preferences);
      if (change.action === 'save')
        await queryClient.invalidateQueries({
          queryKey: readQueryOptions('/api/preferences/matching-events').queryKey,
        });
    },
  });
}
