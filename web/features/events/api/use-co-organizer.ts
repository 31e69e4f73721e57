import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AttendeesResponse } from '@contract/event-management';
import { callApi } from '@/lib/call-api';
import { refusalText } from '@/lib/error-text';
import { toast } from '@/lib/use-toast';
import { attendeesQueryKey } from './keys';

/**
 * Accepts a "Co-Organizing" RSVP (`isApproved` true) or declines it / ends those rights (decisions §21).
 * Apart from the other organizer calls: only the lazily loaded attendee list needs it, and the event
 * page's first load has no room for it (decisions §17).
 */
export function useCoOrganizer(eventId: number) {
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation('organizer');
  return useMutation<AttendeesResponse, Error, { userId: string; isApproved: boolean }>({
    mutationFn: ({ userId, isApproved }) => {
      const params = { params: { path: { id: eventId, userId } } };
      return callApi((api) =>
        isApproved
          ? api.POST('/api/events/{id}/co-organizers/{userId}', params)
          : api.DELETE('/api/events/{id}/co-organizers/{userId}', params),
      );
    },
    onSuccess: (answer) => queryClient.setQueryData(attendeesQueryKey(eventId), answer),
    onError: (error) =>
      void refusalText(i18n, error).then((text) =>
        toast({
          title: t('common:toasts.errorTitle'),
          description: text ?? t('coOrganizer.failed'),
          variant: 'destructive',
        }),
      ),
  });
}
