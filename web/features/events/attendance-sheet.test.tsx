import { describe, expect, it } from 'vitest';
import type { AttendeesResponse } from '@contract/event-management';
import type { Event } from '@contract/events';
import type { Slot, SlotRoster } from '@contract/slots';
import { testEvent, testOrganizer } from './test-event';
import { renderPage } from '../../app/server-render';

const HOUR_MS = 60 * 60 * 1000;
const organizer = testOrganizer;
const volunteer = { id: 'volunteer-1', firstName: 'Vera', lastName: 'Volunteer', profileImageUrl: null };

function pastEvent(): Event {
  return testEvent({ hoursAgo: 2, rsvpCount: 2, userRsvpStatus: 'organizing', canManage: true, durationMinutes: 180 });
}

describe('the attendance sheet', () => {
  it("offers a box for every RSVP but the organizer's own, whose row says why", async () => {
    const attendees: AttendeesResponse = {
      attendees: [
        {
          user: organizer,
          status: 'organizing',
          createdAt: new Date(0).toISOString(),
          attended: null,
          isCoOrganizer: false,
          confirmedAt: null,
          history: { attended: 0, noShows: 0 },
        },
        {
          user: volunteer,
          status: 'attending',
          createdAt: new Date(0).toISOString(),
          attended: null,
          isCoOrganizer: false,
          confirmedAt: null,
          history: { attended: 0, noShows: 0 },
        },
      ],
      waitlist: [],
    };
    const html = await renderPage({
      url: '/events/7',
      page: {
        user: { ...organizer, email: 'olga@example.org', createdAt: new Date(0).toISOString(), emailVerified: true },
        queries: [
          { url: '/api/events/7', data: pastEvent() },
          { url: '/api/events/7/attendees', data: attendees },
        ],
      },
      renderedWith: { language: 'en', theme: 'light', timeZone: 'UTC' },
      timeoutMs: 10_000,
    });
    expect(html).toContain('data-testid="attendance-sheet"');
    expect(html.match(/data-testid="attendee-row"/g)).toHaveLength(2);
    const boxes = html.match(/<input[^>]*data-testid="attendance-checkbox"[^>]*>/g) ?? [];
    expect(boxes).toHaveLength(1);
    expect(boxes[0]).toContain('aria-label="Vera Volunteer came"');
    expect(html).toContain('You organize this event: your own attendance is not recorded');
    expect(html).toContain('0 of 1 checked');
  });
});

describe('the attendance sheet of an event with slots', () => {
  it('is one sheet per slot with a box for each confirmed place only, and no event-wide sheet', async () => {
    const startedAt = new Date(Date.now() - HOUR_MS).toISOString();
    const slot = (id: number, role: string): Slot => ({
      id,
      eventId: 7,
      role,
      description: '',
      startsAt: startedAt,
      endsAt: new Date(Date.now() + HOUR_MS).toISOString(),
      capacity: 3,
      requiresApproval: id === 2,
      signupCount: id === 1 ? 1 : 0,
      pendingCount: id === 2 ? 1 : 0,
      waitlistCount: 0,
      userSignupStatus: null,
      hasSeriesCopies: false,
    });
    const pendingPerson = { id: 'volunteer-2', firstName: 'Pia', lastName: 'Pending', profileImageUrl: null };
    const roster: SlotRoster = [
      {
        slotId: 1,
        signups: [{ user: volunteer, status: 'confirmed', createdAt: new Date(0).toISOString(), attended: null }],
        waitlist: [],
      },
      {
        slotId: 2,
        signups: [{ user: pendingPerson, status: 'pending', createdAt: new Date(0).toISOString(), attended: null }],
        waitlist: [],
      },
    ];
    const html = await renderPage({
      url: '/events/7',
      page: {
        user: { ...organizer, email: 'olga@example.org', createdAt: new Date(0).toISOString(), emailVerified: true },
        queries: [
          { url: '/api/events/7', data: { ...pastEvent(), slotCount: 2, slotPlaces: 6, openSlotPlaces: 4 } },
          { url: '/api/events/7/attendees', data: { attendees: [], waitlist: [] } },
          { url: '/api/events/7/slots', data: [slot(1, 'Kitchen'), slot(2, 'First aid')] },
          { url: '/api/events/7/slot-signups', data: roster },
        ],
      },
      renderedWith: { language: 'en', theme: 'light', timeZone: 'UTC' },
      timeoutMs: 10_000,
    });
    expect(html).toContain('data-testid="slot-attendance"');
    expect(html.match(/data-testid="slot-attendance-slot"/g)).toHaveLength(2);
    const boxes = html.match(/<input[^>]*data-testid="attendance-checkbox"[^>]*>/g) ?? [];
    expect(boxes).toHaveLength(1);
    expect(boxes[0]).toContain('aria-label="Vera Volunteer came"');
    expect(html).toContain('Nobody holds a confirmed place in this slot.');
  });
});
