import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CreateRatingBody, Rating } from '@contract/ratings';
import { callApi } from '@/lib/call-api';
import { isUnauthorizedError } from '@/lib/api-error';
import { toast } from '@/lib/use-toast';
import { refreshAfterRating } from './keys';
import { handleUnauthorized } from './use-rsvp';

/**
 * POST /api/ratings. Refreshes the events lists (their average changes), my-events, this event and
 * its ratings, plus the journey stats a rating feeds. Toasts on success and failure; the caller closes
 * its dialog through `onSuccess`.
 */
export function useSubmitRating(eventId: number, options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('reviews');
  return useMutation<Rating, Error, Omit<CreateRatingBody, 'eventId'>>({
    mutationFn: (body) => callApi((api) => api.POST('/api/ratings', { body: { ...body, eventId } })),
    onSuccess: async () => {
      options.onSuccess?.();
      toast({ title: t('rating.submittedTitle'), description: t('rating.submittedDescription') });
      await refreshAfterRating(queryClient);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        handleUnauthorized(t('common:toasts.unauthorized.title'), t('common:toasts.unauthorized.description'));
        return;
      }
      toast({
        title: t('common:toasts.errorTitle'),
        description: t('rating.failedDescription'),
        variant: 'destructive',
      });
    },
  });
}
