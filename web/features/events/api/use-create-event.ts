import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Event } from '@contract/events';
import type { CreateEventOrSeriesBody } from '@contract/series';
import { callApi } from '@/lib/call-api';
import { isUnauthorizedError } from '@/lib/api-error';
import { toast } from '@/lib/use-toast';
import { refreshAfterCreate } from './keys';
import { handleUnauthorized } from './use-rsvp';

/** POST /api/events with its success and error toasts. Resetting and closing the form is the caller's. */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('events');
  return useMutation<Event, Error, CreateEventOrSeriesBody>({
    mutationFn: (body) => callApi((api) => api.POST('/api/events', { body })),
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
