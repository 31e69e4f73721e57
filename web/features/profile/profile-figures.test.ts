import { describe, expect, it } from 'vitest';
import type { Event } from '@contract/events';
import { meanOrganizedRating, mostRecent, profileFigures } from './profile-figures';

let nextId = 1;
function event(fields: Partial<Event> = {}): Event {
  const id = nextId++;
  return {
    id,
    title: `Event ${id}`,
    description: '',
    location: 'Here',
    date: '2026-06-01T10:00:00.000Z',
    imageUrl: null,
    images: [],
    categoryId: 1,
    category: { id: 1, name: 'Cleanup', color: 'green', icon: 'trash-2' },
    organizerId: 'me',
    organizer: { firstName: 'A', lastName: 'B', email: null, profileImageUrl: null },
    rsvpCount: 0,
    maxAttendees: null,
    averageRating: 0,
    ratingCount: 0,
    userRsvpStatus: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  } as Event;
}
const many = (count: number, fields: Partial<Event> = {}) => Array.from({ length: count }, () => event(fields));
/** The server's counts for these organized events, `joined` RSVPs and verified hours. */
const counts = (organized: Event[], joined: number, verifiedHours = 0) => ({
  organizedCount: organized.length,
  attendedCount: joined,
  verifiedHours,
});
/** The figures of these organized events, this many joined and these verified hours. */
const figuresOf = (organized: Event[], joined: number, verifiedHours = 0) =>
  profileFigures(organized, counts(organized, joined, verifiedHours));

describe('profile badges', () => {
  it('New Volunteer when no rule holds', () => {
    expect(figuresOf([], 0).badges).toEqual(['newVolunteer']);
  });
  it('Event Leader at 5 organized, not at 4', () => {
    expect(figuresOf(many(4), 0).badges).toEqual(['newVolunteer']);
    expect(figuresOf(many(5), 0).badges).toEqual(['eventLeader']);
  });
  it('Community Champion at 10 joined, not at 9', () => {
    expect(figuresOf([], 9).badges).toEqual(['newVolunteer']);
    expect(figuresOf([], 10).badges).toEqual(['communityChampion']);
  });
  it('Time Giver at 50 verified hours, not at 49.5, nor on planned hours alone', () => {
    expect(figuresOf([], 0, 49.5).badges).toEqual(['newVolunteer']);
    expect(figuresOf([], 0, 50).badges).toEqual(['timeGiver']);
    // 5 organized and 10 joined plan 50 hours, of which organizers confirmed none.
    expect(figuresOf(many(5), 10).badges).toEqual(['eventLeader', 'communityChampion']);
  });
  it('Top Rated at a mean of 4.5 over rated organized events, not at 4.4', () => {
    expect(
      figuresOf([event({ averageRating: 4, ratingCount: 2 }), event({ averageRating: 5, ratingCount: 1 })], 0).badges,
    ).toEqual(['topRated']);
    expect(
      figuresOf([event({ averageRating: 4, ratingCount: 2 }), event({ averageRating: 4.8, ratingCount: 1 })], 0).badges,
    ).toEqual(['newVolunteer']);
  });
});

describe('profile figures', () => {
  it('verified hours, People Helped and total events', () => {
    const figures = figuresOf([event({ rsvpCount: 3 }), event({ rsvpCount: 7 })], 2, 5.5);
    expect(figures).toMatchObject({ organized: 2, joined: 2, hours: 5.5, peopleHelped: 10, totalEvents: 4 });
  });
  it("counts the server's figures, not the events in hand", () => {
    // One organized event loaded of the 120 the server counts, and 130 RSVPs (more than a page).
    const figures = profileFigures([event({ rsvpCount: 3 })], counts([], 130, 12));
    expect(figures).toMatchObject({ organized: 0, joined: 130, totalEvents: 130, hours: 12 });
  });
  it('the mean rating ignores events nobody rated, 0 when none', () => {
    expect(meanOrganizedRating([])).toBe(0);
    expect(
      meanOrganizedRating([event({ averageRating: 0, ratingCount: 0 }), event({ averageRating: 3.5, ratingCount: 4 })]),
    ).toBe(3.5);
  });
  it('the three most recent by date', () => {
    const events = ['2026-01-01', '2026-05-01', '2026-03-01', '2026-04-01'].map((day) =>
      event({ date: `${day}T10:00:00.000Z`, title: day }),
    );
    expect(mostRecent(events).map((item) => item.title)).toEqual(['2026-05-01', '2026-04-01', '2026-03-01']);
  });
});
