import type { SeriesScope } from '@contract/series';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CancelEventBody, Event, UpdateEventBody } from '@contract/events';
import type {
  AnnouncementBody,
  AnnouncementResponse,
  AttendanceBody,
  AttendeesResponse,
  WaitlistResponse,
} from '@contract/event-management';
import { callApi } from '@/lib/call-api';
import { isUnauthorizedError } from '@/lib/api-error';
import { refusalText } from '@/lib/error-text';
import { toast } from '@/lib/use-toast';
import { VERIFIED_HOURS_QUERY_KEY } from '@/lib/api/get-user-stats';
import {
  attendeesQueryKey,
  eventQueryKey,
  refreshAfterAnnouncement,
  refreshAfterDelete,
  refreshEventQueries,
} from './keys';
import { handleUnauthorized } from './use-rsvp';

/**
 * The failure toast every organizer and waitlist call shares: a 401 signs the user in again;
 * otherwise what went wrong, translated from the answer's code (`409 EVENT_CANCELLED`: "This event was
 * cancelled"), else the screen's generic text.
 */
function useShowFailure() {
  const { t, i18n } = useTranslation('organizer');
  return (error: Error, fallback: string) => {
    if (isUnauthorizedError(error)) {
      handleUnauthorized(t('common:toasts.unauthorized.title'), t('common:toasts.unauthorized.description'));
      return;
    }
    void refusalText(i18n, error).then((text) =>
      toast({ title: t('common:toasts.errorTitle'), description: text ?? fallback, variant: 'destructive' }),
    );
  };
}

/** PATCH /api/events/{id}; every screen showing the event or its counts refetches. */
/** `scope`: which dates of the event's series the change reaches (this one when it has none). */
export function useUpdateEvent(eventId: number, scope: SeriesScope = 'this') {
  const queryClient = useQueryClient();
  const { t } = useTranslation('organizer');
  const showFailure = useShowFailure();
  return useMutation<Event, Error, UpdateEventBody>({
    mutationFn: (body) =>
      callApi((api) => api.PATCH('/api/events/{id}', { params: { path: { id: eventId }, query: { scope } }, body })),
    onSuccess: async (event) => {
      queryClient.setQueryData(eventQueryKey(eventId), event);
      toast({ title: t('edit.savedTitle'), description: t('edit.savedDescription') });
      await refreshEventQueries(queryClient);
    },
    onError: (error) => showFailure(error, t('edit.failed')),
  });
}

export function useCancelEvent(eventId: number, scope: SeriesScope = 'this') {
  const queryClient = useQueryClient();
  const { t } = useTranslation('organizer');
  const showFailure = useShowFailure();
  return useMutation<Event, Error, CancelEventBody>({
    mutationFn: (body) =>
      callApi((api) =>
        api.POST('/api/events/{id}/cancel', { params: { path: { id: eventId }, query: { scope } }, body }),
      ),
    onSuccess: async (event) => {
      queryClient.setQueryData(eventQueryKey(eventId), event);
      toast({ title: t('cancel.doneTitle'), description: t('cancel.doneDescription') });
      await refreshEventQueries(queryClient);
    },
    onError: (error) => showFailure(error, t('cancel.failed')),
  });
}

export function useDeleteEvent(eventId: number) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('organizer');
  const showFailure = useShowFailure();
  return useMutation<void, Error, void>({
    mutationFn: async () => {
      await callApi((api) => api.DELETE('/api/events/{id}', { params: { path: { id: eventId } } }));
    },
    onSuccess: async () => {
      toast({ title: t('delete.doneTitle'), description: t('delete.doneDescription') });
      await refreshAfterDelete(queryClient, eventId);
    },
    onError: (error) => showFailure(error, t('delete.failed')),
  });
}

export function useSendAnnouncement(eventId: number) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('organizer');
  const showFailure = useShowFailure();
  return useMutation<AnnouncementResponse, Error, AnnouncementBody>({
    mutationFn: (body) =>
      callApi((api) => api.POST('/api/events/{id}/announcements', { params: { path: { id: eventId } }, body })),
    onSuccess: async (answer) => {
      toast({
        title: t('announce.sentTitle'),
        description: t('announce.sentDescription', { count: answer.recipientCount }),
      });
      // The organizer sent each attendee a message: their own conversations list shows them.
      await refreshAfterAnnouncement(queryClient);
    },
    onError: (error) => showFailure(error, t('announce.failed')),
  });
}

export function useSaveAttendance(eventId: number) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('organizer');
  const showFailure = useShowFailure();
  return useMutation<AttendeesResponse, Error, AttendanceBody>({
    mutationFn: (body) =>
      callApi((api) => api.PUT('/api/events/{id}/attendance', { params: { path: { id: eventId } }, body })),
    onSuccess: async (answer) => {
      queryClient.setQueryData(attendeesQueryKey(eventId), answer);
      toast({ title: t('attendance.savedTitle'), description: t('attendance.savedDescription') });
      // The organizer may have recorded their own attendance: their verified hours change.
      await queryClient.invalidateQueries({ queryKey: VERIFIED_HOURS_QUERY_KEY });
    },
    onError: (error) => showFailure(error, t('attendance.failed')),
  });
}

/**
 * Accepts a "Co-Organizing" RSVP (decisions §21), or declines it or ends those rights (the person stays as
 * attending); the answer is the attendee list as it now is.
 */
export function useCoOrganizer(eventId: number) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('organizer');
  const showFailure = useShowFailure();
  return useMutation<AttendeesResponse, Error, { userId: string; isAccepted: boolean }>({
    mutationFn: ({ userId, isAccepted }) =>
      callApi((api) => {
        const options = { params: { path: { id: eventId, userId } } };
        return isAccepted
          ? api.POST('/api/events/{id}/co-organizers/{userId}', options)
          : api.DELETE('/api/events/{id}/co-organizers/{userId}', options);
      }),
    onSuccess: (answer) => queryClient.setQueryData(attendeesQueryKey(eventId), answer),
    onError: (error) => showFailure(error, t('attendees.coOrganizerFailed')),
  });
}

/** DELETE /api/events/{id}/rsvp ("Withdraw"). */
export function useWithdraw(eventId: number) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('organizer');
  const showFailure = useShowFailure();
  return useMutation<void, Error, void>({
    mutationFn: async () => {
      await callApi((api) => api.DELETE('/api/events/{id}/rsvp', { params: { path: { id: eventId } } }));
    },
    onSuccess: async () => {
      toast({ title: t('withdraw.doneTitle'), description: t('withdraw.doneDescription') });
      await refreshEventQueries(queryClient);
    },
    onError: (error) => {
      showFailure(error, t('withdraw.failed'));
      void refreshEventQueries(queryClient);
    },
  });
}

/** Join when full, leave any time before the start. */
export function useWaitlist(eventId: number) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('organizer');
  const showFailure = useShowFailure();
  const join = useMutation<WaitlistResponse, Error, void>({
    mutationFn: () => callApi((api) => api.POST('/api/events/{id}/waitlist', { params: { path: { id: eventId } } })),
    onSuccess: async (answer) => {
      toast({ title: t('waitlist.joinedTitle'), description: t('waitlist.position', { position: answer.position }) });
      await refreshEventQueries(queryClient);
    },
    onError: (error) => {
      showFailure(error, t('waitlist.failed'));
      // A place may have freed meanwhile ("There are free places: RSVP instead"): show it.
      void refreshEventQueries(queryClient);
    },
  });
  const leave = useMutation<void, Error, void>({
    mutationFn: async () => {
      await callApi((api) => api.DELETE('/api/events/{id}/waitlist', { params: { path: { id: eventId } } }));
    },
    onSuccess: async () => {
      toast({ title: t('waitlist.leftTitle'), description: t('waitlist.leftDescription') });
      await refreshEventQueries(queryClient);
    },
    onError: (error) => {
      showFailure(error, t('waitlist.failed'));
      void refreshEventQueries(queryClient);
    },
  });
  return { join, leave };
}
