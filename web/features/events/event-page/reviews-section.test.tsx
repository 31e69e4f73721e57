import { describe, expect, it } from 'vitest';
import type { Event } from '@contract/events';
import type { Rating } from '@contract/ratings';
import { testEvent } from '../test-event';
import { renderPage } from '../../../app/server-render';

const HOUR_MS = 60 * 60 * 1000;
const author = { id: 'author-1', firstName: 'Ana', lastName: 'Author', profileImageUrl: null };
const other = { id: 'other-1', firstName: 'Otto', lastName: 'Other', profileImageUrl: null };

function pastEvent(): Event {
  return testEvent({ hoursAgo: 48, rsvpCount: 3, averageRating: 4, ratingCount: 1, userRsvpStatus: 'attending' });
}

function rating(id: number, person: typeof author, fields: Partial<Rating> = {}): Rating {
  return {
    id,
    eventId: 7,
    userId: person.id,
    rating: 4,
    comment: `Review by ${person.firstName}`,
    createdAt: new Date(Date.now() - HOUR_MS).toISOString(),
    user: { firstName: person.firstName, lastName: person.lastName, profileImageUrl: null },
    hiddenNotice: null,
    ...fields,
  };
}

/** The event page of a past event, as `viewer` reads it, with these reviews. */
function renderReviews(viewer: typeof author, ratings: Rating[]) {
  return renderPage({
    url: '/events/7',
    page: {
      user: { ...viewer, email: 'viewer@example.org', createdAt: new Date(0).toISOString(), emailVerified: true },
      queries: [
        { url: '/api/events/7', data: pastEvent() },
        { url: '/api/events/7/ratings', data: ratings },
      ],
    },
    renderedWith: { language: 'en', theme: 'light', timeZone: 'UTC' },
    timeoutMs: 10_000,
  });
}

describe('reviews and moderation (decisions §20)', () => {
  it("shows the author of a hidden review the moderator's note, and offers Report on others' reviews only", async () => {
    const html = await renderReviews(author, [
      rating(1, author, { hiddenNotice: { hiddenAt: new Date().toISOString(), note: 'Names a volunteer in full.' } }),
      rating(2, other),
    ]);
    expect(html.match(/data-testid="review"/g)).toHaveLength(2);
    expect(html).toContain('data-testid="hidden-notice"');
    expect(html).toContain('A moderator hid your review');
    expect(html).toContain('Names a volunteer in full.');
    // One Report: Otto's review; Ana does not report her own.
    expect(html.match(/data-testid="review-report"/g)).toHaveLength(1);
  });

  it('shows no notice and no Report to a reader of only their own visible review', async () => {
    const html = await renderReviews(author, [rating(1, author)]);
    expect(html).not.toContain('data-testid="hidden-notice"');
    expect(html).not.toContain('data-testid="review-report"');
  });
});
