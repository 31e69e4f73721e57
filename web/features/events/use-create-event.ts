import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CreateEventBody, Event } from '@contract/events';
import { api, dataOf } from '@/lib/api-client';
import { isUnauthorizedError } from '@/lib/api-error';
import { toast } from '@/lib/use-toast';
import { handleUnauthorized } from './use-rsvp';

/**
 * A new event refreshes the events lists and my-events. Lists are keyed by their filtered
 * URL ('/api/events?limit=24&category=3'), so they are matched on the URL rather than an array
 * prefix; event detail keys ('/api/events/12') are left alone, nothing in them changed.
 */
function refreshAfterCreate(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({
      predicate: (query) => {
        const url = query.queryKey[0];
        return typeof url === 'string' && (url === '/api/events' || url.startsWith('/api/events?'));
      },
    }),
    queryClient.invalidateQueries({ queryKey: ['/api/my-events'] }),
    // The journey's counts include organized events.
    queryClient.invalidateQueries({ queryKey: ['/api/user/stats'] }),
  ]);
}

/** POST /api/events with its success and error toasts. Resetting and closing the form is the caller's. */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('events');
  return useMutation<Event, Error, CreateEventBody>({
    mutationFn: (body) => dataOf(api.POST('/api/events', { body })),
    onSuccess: async () => {
      toast({ title: t('toast.created.title'), description: t('toast.created.description') });
      await refreshAfterCreate(queryClient);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        handleUnauthorized(t('common:toasts.unauthorized.title'), t('common:toasts.unauthorized.description'));
        return;
      }
      toast({ title: t('common:toasts.errorTitle'), description: t('toast.createFailed'), variant: 'destructive' });
    },
  });
}
