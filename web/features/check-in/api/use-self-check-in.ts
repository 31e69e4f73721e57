import { useMutation } from '@tanstack/react-query';
import type { SelfCheckInResponse } from '@contract/check-in';
import { callApi } from '@/lib/call-api';

/** POST /api/events/{id}/self-check-in with the code the kiosk's QR code carried. */
export function useSelfCheckIn(eventId: number) {
  return useMutation<SelfCheckInResponse, Error, string>({
    mutationFn: (code) =>
      callApi((api) =>
        api.POST('/api/events/{id}/self-check-in', { params: { path: { id: eventId } }, body: { code } }),
      ),
  });
}
