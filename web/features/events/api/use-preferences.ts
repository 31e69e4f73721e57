import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Preferences, SavePreferencesBody } from '@contract/preferences';
import { readQueryOptions } from '@/lib/api-read';
import { callApi } from '@/lib/call-api';

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
