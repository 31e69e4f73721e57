import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CreateRatingBody, Rating } from '@contract/ratings';
import { apiRequest, isUnauthorizedError } from '@/lib/query-client';
import { toast } from '@/lib/use-toast';
import { handleUnauthorized } from './use-rsvp';

export function ratingsQueryKey(eventId: number) {
  return [`/api/events/${eventId}/ratings`] as const;
}

/** GET /api/events/{id}/ratings, newest first (decisions §5). */
export function useRatings(eventId: number, isEnabled = true) {
  return useQuery<Rating[]>({ queryKey: ratingsQueryKey(eventId), enabled: isEnabled });
}

/**
 * POST /api/ratings. Refreshes the events lists (their average changes), my-events, this event and
 * its ratings (spec §7), plus the journey stats a rating feeds. Toasts per spec §8; the caller closes
 * its dialog through `onSuccess`.
 */
export function useSubmitRating(eventId: number, options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('event-detail');
  return useMutation<Rating, Error, Omit<CreateRatingBody, 'eventId'>>({
    mutationFn: async (body) => {
      const res = await apiRequest('POST', '/api/ratings', { ...body, eventId });
      return (await res.json()) as Rating;
    },
    onSuccess: async () => {
      options.onSuccess?.();
      toast({ title: t('rating.submittedTitle'), description: t('rating.submittedDescription') });
      await Promise.all([
        queryClient.invalidateQueries({
          predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/events'),
        }),
        queryClient.invalidateQueries({ queryKey: ['/api/my-events'] }),
        queryClient.invalidateQueries({ queryKey: ratingsQueryKey(eventId) }),
        queryClient.invalidateQueries({ queryKey: [`/api/events/${eventId}`] }),
        queryClient.invalidateQueries({ queryKey: ['/api/user/stats'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/user/achievements'] }),
      ]);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        handleUnauthorized(t('toast.unauthorizedTitle'), t('toast.unauthorizedDescription'));
        return;
      }
      toast({ title: t('toast.errorTitle'), description: t('rating.failedDescription'), variant: 'destructive' });
    },
  });
}
