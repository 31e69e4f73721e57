import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CreateEventBody, Event } from '@contract/events';
import { apiRequest, isUnauthorizedError } from '@/lib/query-client';
import { toast } from '@/lib/use-toast';
import { handleUnauthorized } from './use-rsvp';

/**
 * Spec §7: a new event refreshes the events lists and my-events. Lists are keyed by their filtered
 * URL ('/api/events?limit=24&category=3'), so they are matched on the URL rather than an array
 * prefix; event detail keys ('/api/events/12') are left alone, nothing in them changed.
 */
export function refreshAfterCreate(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({
      predicate: (query) => {
        const url = query.queryKey[0];
        return typeof url === 'string' && (url === '/api/events' || url.startsWith('/api/events?'));
      },
    }),
    queryClient.invalidateQueries({ queryKey: ['/api/my-events'] }),
    // The journey's counts include organized events (decisions §7).
    queryClient.invalidateQueries({ queryKey: ['/api/user/stats'] }),
  ]);
}

/** POST /api/events with the toasts of spec §8. Resetting and closing the form is the caller's. */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('events');
  return useMutation<Event, Error, CreateEventBody>({
    mutationFn: async (body) => {
      const res = await apiRequest('POST', '/api/events', body);
      return (await res.json()) as Event;
    },
    onSuccess: async () => {
      toast({ title: t('toast.created.title'), description: t('toast.created.description') });
      await refreshAfterCreate(queryClient);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        handleUnauthorized(t('toast.unauthorized.title'), t('toast.unauthorized.description'));
        return;
      }
      toast({ title: t('toast.error'), description: t('toast.createFailed'), variant: 'destructive' });
    },
  });
}
