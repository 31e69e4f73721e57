import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WalkInBody, WalkInResponse } from '@contract/check-in';
import { callApi } from '@/lib/call-api';
import { doorQueryOptions } from './get-door';

/** POST /api/events/{id}/walk-ins: online only, the server decides whether the address has an account. */
export function useAddWalkIn(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation<WalkInResponse, Error, WalkInBody>({
    mutationFn: (body) =>
      callApi((api) => api.POST('/api/events/{id}/walk-ins', { params: { path: { id: eventId } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: doorQueryOptions(eventId).queryKey }),
  });
}
