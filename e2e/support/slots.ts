import { expect, type APIRequestContext } from '@playwright/test';
import type { Slot } from '../../contract/slots';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Adds a slot through the API as the request's person (the event's organizer): `startHours` after `base`
 * (an event's start, in ms), `lengthHours` long (2 unless said), for `capacity` people (3 unless said).
 */
export async function createSlotWith(
  request: APIRequestContext,
  eventId: number,
  base: number,
  fields: {
    role: string;
    startHours: number;
    lengthHours?: number;
    capacity?: number;
    requiresApproval?: boolean;
    description?: string;
  },
): Promise<Slot> {
  const startsAt = new Date(base + fields.startHours * HOUR_MS);
  const response = await request.post(`/api/events/${eventId}/slots`, {
    data: {
      role: fields.role,
      ...(fields.description === undefined ? {} : { description: fields.description }),
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + (fields.lengthHours ?? 2) * HOUR_MS).toISOString(),
      capacity: fields.capacity ?? 3,
      requiresApproval: fields.requiresApproval ?? false,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Slot;
}
