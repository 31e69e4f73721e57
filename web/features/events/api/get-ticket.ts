import { useQuery } from '@tanstack/react-query';
import { readQueryOptions } from '@/lib/api-read';

/** GET /api/events/{id}/ticket: the holder's check-in code; the QR code is its image (…/ticket/qr-code). */
function ticketQueryOptions(eventId: number) {
  return readQueryOptions('/api/events/{id}/ticket', { path: { id: eventId } });
}

export function useTicket(eventId: number) {
  // A code never changes while the place is held; a withdrawal makes every /api/events key stale (keys.ts).
  // Offline it is still asked for once: the service worker answers with the ticket it kept (decision 0037).
  return useQuery({
    ...ticketQueryOptions(eventId),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
    networkMode: 'offlineFirst',
  });
}
