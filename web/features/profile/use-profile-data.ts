import { useQuery } from '@tanstack/react-query';
import type { Event } from '@contract/events';
import type { SecurityEvent } from '@contract/users';

/** GET /api/my-events: every event the user organizes. */
export function useMyEvents() {
  return useQuery<Event[]>({ queryKey: ['/api/my-events'] });
}

/** GET /api/my-rsvps: every event the user has an RSVP for. */
export function useMyRsvps() {
  return useQuery<Event[]>({ queryKey: ['/api/my-rsvps'] });
}

/** GET /api/auth/security-events: the user's last 20 sign-ins, failures, lockouts and sign-outs, newest first. */
export function useSecurityEvents() {
  return useQuery<SecurityEvent[]>({ queryKey: ['/api/auth/security-events'] });
}
