import type { Event } from '@contract/events';

const HOUR_MS = 60 * 60 * 1000;

export const testOrganizer = { id: 'organizer-1', firstName: 'Olga', lastName: 'Organizer', profileImageUrl: null };

/**
 * A whole Event answer for the screens' render tests: one place to follow the contract when the answer
 * gains a field. Started `hoursAgo` before now, organized by `testOrganizer`; `fields` override the rest.
 */
export function testEvent({ hoursAgo, ...fields }: Partial<Event> & { hoursAgo: number }): Event {
  const startedAt = new Date(Date.now() - hoursAgo * HOUR_MS).toISOString();
  return {
    id: 7,
    title: 'River cleanup',
    description: 'Gloves provided',
    location: 'Porto',
    latitude: null,
    longitude: null,
    distanceKm: null,
    date: startedAt,
    imageUrl: null,
    images: [],
    categoryId: 1,
    category: { id: 1, name: 'Environment', color: 'green', icon: 'leaf' },
    organizerId: testOrganizer.id,
    organizer: { ...testOrganizer, email: null },
    organization: null,
    rsvpCount: 0,
    maxAttendees: null,
    averageRating: 0,
    ratingCount: 0,
    userRsvpStatus: null,
    canManage: false,
    createdAt: startedAt,
    updatedAt: startedAt,
    status: 'scheduled',
    cancelReason: null,
    durationMinutes: 120,
    waitlistCount: 0,
    userWaitlistPosition: null,
    slotCount: 0,
    openSlotPlaces: 0,
    hiddenNotice: null,
    slotPlaces: 0,
    seriesId: null,
    seriesPosition: null,
    ...fields,
  };
}
