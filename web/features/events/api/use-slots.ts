import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AttendanceBody } from '@contract/event-management';
import type { SeriesScope } from '@contract/series';
import type { CreateSlotBody, SlotRoster, UpdateSlotBody } from '@contract/slots';
import { VERIFIED_HOURS_QUERY_KEY } from '@/lib/api/get-user-stats';
import { callApi } from '@/lib/call-api';
import { isUnauthorizedError } from '@/lib/api-error';
import { refusalText } from '@/lib/error-text';
import { toast } from '@/lib/use-toast';
import { slotRosterQueryOptions } from './get-slots';
import { refreshEventQueries } from './keys';
import { handleUnauthorized } from './use-rsvp';

/** A slot write changes the schedule, the event's counts and the person's lists: all read again. */
const MY_SLOTS_QUERY_KEY = ['/api/my-slots'] as const;

function useRefreshSchedule() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([refreshEventQueries(queryClient), queryClient.invalidateQueries({ queryKey: MY_SLOTS_QUERY_KEY })]);
}

/** The refusal in the reader's language (SLOT_FULL: "This slot is full"), else the screen's generic text. */
function useShowFailure() {
  const { t, i18n } = useTranslation('schedule');
  return (error: Error) => {
    if (isUnauthorizedError(error)) {
      handleUnauthorized(t('common:toasts.unauthorized.title'), t('common:toasts.unauthorized.description'));
      return;
    }
    void refusalText(i18n, error).then((text) =>
      toast({ title: t('common:toasts.errorTitle'), description: text ?? t('failed'), variant: 'destructive' }),
    );
  };
}

function useScheduleMutation<Input>(run: (input: Input) => Promise<unknown>, doneText?: (input: Input) => string) {
  const refresh = useRefreshSchedule();
  const showFailure = useShowFailure();
  return useMutation<unknown, Error, Input>({
    mutationFn: run,
    onSuccess: async (_answer, input) => {
      if (doneText) toast({ title: doneText(input) });
      await refresh();
    },
    onError: showFailure,
  });
}

/** With a `scope` beyond `this`, on the other dates of the series too (decision 0032). */
export function useCreateSlot(eventId: number) {
  const { t } = useTranslation('schedule');
  return useScheduleMutation(
    ({ body, scope }: { body: CreateSlotBody; scope: SeriesScope }) =>
      callApi((api) =>
        api.POST('/api/events/{id}/slots', { params: { path: { id: eventId }, query: { scope } }, body }),
      ),
    () => t('editor.added'),
  );
}

export function useUpdateSlot() {
  const { t } = useTranslation('schedule');
  return useScheduleMutation(
    ({ slotId, body, scope }: { slotId: number; body: UpdateSlotBody; scope: SeriesScope }) =>
      callApi((api) => api.PATCH('/api/slots/{id}', { params: { path: { id: slotId }, query: { scope } }, body })),
    () => t('editor.saved'),
  );
}

export function useDeleteSlot() {
  const { t } = useTranslation('schedule');
  return useScheduleMutation(
    ({ slotId, scope }: { slotId: number; scope: SeriesScope }) =>
      callApi((api) => api.DELETE('/api/slots/{id}', { params: { path: { id: slotId }, query: { scope } } })),
    () => t('editor.removed'),
  );
}

/** Several slots of the event in one call: all of them or none. */
export function useTakeSlots(eventId: number) {
  const { t } = useTranslation('schedule');
  return useScheduleMutation(
    (slotIds: number[]) =>
      callApi((api) =>
        api.POST('/api/events/{id}/slot-signups', { params: { path: { id: eventId } }, body: { slotIds } }),
      ),
    (slotIds) => t('volunteer.taken', { count: slotIds.length }),
  );
}

export function useGiveUpSlot() {
  const { t } = useTranslation('schedule');
  return useScheduleMutation(
    (slotId: number) => callApi((api) => api.DELETE('/api/slots/{id}/signup', { params: { path: { id: slotId } } })),
    () => t('volunteer.withdrawn'),
  );
}

export function useSlotWaitlist() {
  const { t } = useTranslation('schedule');
  return useScheduleMutation(
    ({ slotId, isJoining }: { slotId: number; isJoining: boolean }) =>
      isJoining
        ? callApi((api) => api.POST('/api/slots/{id}/waitlist', { params: { path: { id: slotId } } }))
        : callApi((api) => api.DELETE('/api/slots/{id}/waitlist', { params: { path: { id: slotId } } })),
    ({ isJoining }) => (isJoining ? t('volunteer.joinedWaitlist') : t('volunteer.leftWaitlist')),
  );
}

export function useDecideSignup() {
  const { t } = useTranslation('schedule');
  return useScheduleMutation(
    ({ slotId, userId, isApproved }: { slotId: number; userId: string; isApproved: boolean }) =>
      isApproved
        ? callApi((api) =>
            api.POST('/api/slots/{id}/signups/{userId}/approve', { params: { path: { id: slotId, userId } } }),
          )
        : callApi((api) =>
            api.POST('/api/slots/{id}/signups/{userId}/decline', { params: { path: { id: slotId, userId } } }),
          ),
    ({ isApproved }) => (isApproved ? t('pending.approved') : t('pending.declined')),
  );
}

/** PUT /api/slots/{id}/attendance: who came to one slot; the answer is that slot's row of the roster. */
export function useSaveSlotAttendance(eventId: number, slotId: number) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('organizer');
  const showFailure = useShowFailure();
  return useMutation<SlotRoster[number], Error, AttendanceBody>({
    mutationFn: (body) =>
      callApi((api) => api.PUT('/api/slots/{id}/attendance', { params: { path: { id: slotId } }, body })),
    onSuccess: async (answer) => {
      queryClient.setQueryData(slotRosterQueryOptions(eventId).queryKey, (current) =>
        current?.map((entry) => (entry.slotId === answer.slotId ? answer : entry)),
      );
      toast({ title: t('attendance.savedTitle'), description: t('attendance.savedDescription') });
      await queryClient.invalidateQueries({ queryKey: VERIFIED_HOURS_QUERY_KEY });
    },
    onError: showFailure,
  });
}

/**
 * The create form's schedule (decision 0039): each slot added to the new event right after it is made,
 * to every date of a series at once (`scope=all`, each at the same time of its date). One call at a time,
 * in the form's order; answers how many failed, which the organizer then adds on the event page. The
 * lists read again afterwards, as the event's open places changed.
 */
export function useAddSlotsToNewEvent() {
  const refresh = useRefreshSchedule();
  return async (eventId: number, slots: CreateSlotBody[], isSeries: boolean): Promise<number> => {
    let failed = 0;
    for (const body of slots) {
      try {
        await callApi((api) =>
          api.POST('/api/events/{id}/slots', {
            params: { path: { id: eventId }, ...(isSeries ? { query: { scope: 'all' as const } } : {}) },
            body,
          }),
        );
      } catch {
        failed += 1;
      }
    }
    await refresh();
    return failed;
  };
}
