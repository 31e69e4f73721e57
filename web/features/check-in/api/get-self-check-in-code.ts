import { useQuery } from '@tanstack/react-query';
import { apiUrl, readQueryOptions } from '@/lib/api-read';

/** A new code this often: a code lives 2 minutes (decisions §19), so the screen never shows a dead one. */
const ROTATE_MS = 60_000;

/** GET /api/events/{id}/check-in-code: the kiosk's rotating self check-in code (organizer only). */
function selfCheckInCodeQueryOptions(eventId: number) {
  return readQueryOptions('/api/events/{id}/check-in-code', { path: { id: eventId } });
}

export function useSelfCheckInCode(eventId: number) {
  return useQuery({
    ...selfCheckInCodeQueryOptions(eventId),
    refetchInterval: ROTATE_MS,
    refetchIntervalInBackground: true,
    // A code is worth nothing once old: never shown from a cache, never kept past its life.
    staleTime: 0,
    gcTime: ROTATE_MS,
  });
}

/** The code's link drawn as a QR code by the server (SVG): no encoder reaches the browser. */
export function selfCheckInQrCodeUrl(eventId: number, code: string): string {
  return apiUrl('/api/events/{id}/check-in-code/qr-code', { path: { id: eventId }, query: { code } });
}
