import { randomBytes } from 'node:crypto';
import { type APIRequestContext } from '@playwright/test';
import { expect, test, setLatency } from './support/fixtures';
import { expectToast } from './support/toasts';
import { expectNoSeriousAccessibilityViolations, inBothThemes } from './support/accessibility';
import { createEventWith, signInWith } from './support/accounts';
import { storeLanguage } from './support/language';

type ApiEvent = {
  id: number;
  title: string;
  date: string;
  organizerId: string;
  ratingCount: number;
  userRsvpStatus: string | null;
};

const suffix = () => randomBytes(4).toString('hex');
const isPast = (event: ApiEvent) => new Date(event.date).getTime() < Date.now();

/**
 * Past demo events the demo account joined and did not organize, in a stable order (the demo data:
 * at least 3). Tests that rate pick different ones so they never race each other.
 */
async function pastJoinedByDemo(request: APIRequestContext): Promise<ApiEvent[]> {
  const me = await (await request.get('/api/auth/user')).json();
  const joined: ApiEvent[] = await (await request.get('/api/my-rsvps?include=past&limit=100')).json();
  return joined.filter((event) => isPast(event) && event.organizerId !== me.id).sort((a, b) => a.id - b.id);
}

async function pastEventsWithRatings(request: APIRequestContext, count: (n: number) => boolean): Promise<ApiEvent[]> {
  const events: ApiEvent[] = await (await request.get('/api/events?include=past&limit=100')).json();
  return events.filter((event) => isPast(event) && count(event.ratingCount));
}

test.describe('reviews and rating', () => {
  test('before the event ends there are no reviews and no rating', async ({ page, context, user }) => {
    const event = await createEventWith(context.request, { title: `Upcoming ${suffix()}` });
    expect(
      (await context.request.post(`/api/events/${event.id}/rsvp`, { data: { status: 'attending' } })).status(),
    ).toBe(200);
    await page.goto(`/events/${event.id}`);
    await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
    await expect(page.getByText('Reviews will be available after the event is completed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rate this event' })).toHaveCount(0);
  });

  test('3 reviews first, then Show {n} More Reviews and Show Less; no rating without attending', async ({
    page,
    context,
    user,
  }) => {
    const [many] = await pastEventsWithRatings(context.request, (n) => n >= 5);
    expect(many, 'the demo data has a past event with at least 5 reviews').toBeTruthy();
    await page.goto(`/events/${many!.id}`);
    const reviews = page.getByTestId('review');
    await expect(reviews).toHaveCount(3);
    const remaining = many!.ratingCount - 3;
    const more = page.getByRole('button', { name: `Show ${remaining} More Reviews` });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(reviews).toHaveCount(many!.ratingCount);
    const less = page.getByRole('button', { name: 'Show Less' });
    await expect(less).toHaveAttribute('aria-expanded', 'true');
    await less.click();
    await expect(reviews).toHaveCount(3);
    // Each review: name, stars, date; the new user did not attend, so nothing to rate.
    await expect(reviews.first().getByRole('img', { name: /out of 5 stars/ })).toBeVisible();
    await expect(reviews.first().locator('time')).toHaveText(/\w{3} \d{1,2}, \d{4}/);
    await expect(page.getByRole('button', { name: /Rate this event|Update your rating/ })).toHaveCount(0);
    await expect(page.getByTestId('completed-badge')).toBeVisible();
  });

  test("one hidden review reads 'Show 1 More Review'", async ({ page, context, user }) => {
    const [four] = await pastEventsWithRatings(context.request, (n) => n === 4);
    expect(four, 'the demo data has a past event with exactly 4 reviews').toBeTruthy();
    await page.goto(`/events/${four!.id}`);
    await expect(page.getByTestId('review')).toHaveCount(3);
    await page.getByRole('button', { name: 'Show 1 More Review', exact: true }).click();
    await expect(page.getByTestId('review')).toHaveCount(4);
  });

  test('the organizer of a past event is not offered a rating', async ({ page, context }) => {
    await signInWith(context);
    const me = await (await context.request.get('/api/auth/user')).json();
    const organized: ApiEvent[] = await (await context.request.get('/api/my-events')).json();
    const past = organized.find(isPast);
    expect(past, 'the demo account organized a past event').toBeTruthy();
    expect(past!.organizerId).toBe(me.id);
    await page.goto(`/events/${past!.id}`);
    await expect(page.getByTestId('completed-badge')).toBeVisible();
    await expect(page.getByTestId('reviews-list')).toBeVisible();
    await expect(page.getByTestId('rate-event')).toHaveCount(0);
  });

  test('rating dialog: preview labels, Rating Required, Submitting..., close, toast and the new review', async ({
    page,
    context,
    throttle,
  }) => {
    await signInWith(context);
    const [event] = await pastJoinedByDemo(context.request);
    await page.goto(`/events/${event!.id}`);
    await page.getByTestId('rate-event').click();
    const dialog = page.getByRole('dialog', { name: 'Rate this event' });
    await expect(dialog).toBeVisible();
    const label = dialog.getByTestId('rating-label');
    // The dialog opens at the demo account's own (seeded) rating of the event, if any.
    const me = await (await context.request.get('/api/auth/user')).json();
    const own = (
      (await (await context.request.get(`/api/events/${event!.id}/ratings`)).json()) as Array<{
        userId: string;
        rating: number;
      }>
    ).find((rating) => rating.userId === me.id);
    const labels = ['Rate this event', 'Poor', 'Fair', 'Good', 'Very Good', 'Excellent'];
    await expect(label).toHaveText(labels[own?.rating ?? 0]!);

    // Hover previews each label without choosing it.
    const expected = ['Poor', 'Fair', 'Good', 'Very Good', 'Excellent'];
    for (const [index, text] of expected.entries()) {
      await dialog.getByTestId(`star-${index + 1}`).hover();
      await expect(label).toHaveText(text);
    }
    await dialog.getByRole('textbox', { name: 'Comment (optional)' }).hover();
    await expect(label).toHaveText(labels[own?.rating ?? 0]!);

    await dialog.getByTestId('star-4').click();
    await dialog.getByRole('textbox', { name: 'Comment (optional)' }).hover();
    await expect(label).toHaveText('Very Good');
    const comment = `Great teamwork ${suffix()}`;
    await dialog.getByRole('textbox', { name: 'Comment (optional)' }).fill(comment);

    const cdp = await throttle(2000);
    await dialog.getByRole('button', { name: 'Submit Rating' }).click();
    await expect(dialog.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await setLatency(cdp, 0);

    await expect(dialog).toHaveCount(0);
    await expectToast(page, 'Rating Submitted', 'Thank you for your feedback!');
    // The list refreshed without a reload; the review may sit below the first three.
    const more = page.getByRole('button', { name: /^Show \d+ More Reviews?$/ });
    if (await more.isVisible()) await more.click();
    const mine = page.getByTestId('review').filter({ hasText: comment });
    await expect(mine).toBeVisible();
    await expect(mine.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    await expect(page.getByTestId('rate-event')).toHaveText('Update your rating');

    // The dialog opens again at the user's current rating and comment, not at 0 stars.
    await page.getByTestId('rate-event').click();
    const again = page.getByRole('dialog', { name: 'Rate this event' });
    await expect(again.getByTestId('rating-label')).toHaveText('Very Good');
    await expect(again.getByRole('radio', { name: /^4 stars, Very Good$/ })).toBeChecked();
    await expect(again.getByRole('textbox', { name: 'Comment (optional)' })).toHaveValue(comment);
  });

  test('the stars work with the keyboard alone', async ({ page, context }) => {
    await signInWith(context);
    const events = await pastJoinedByDemo(context.request);
    const event = events[1] ?? events[0];
    await page.goto(`/events/${event!.id}`);
    await page.getByTestId('rate-event').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Rate this event' });
    await expect(dialog).toBeVisible();
    const group = dialog.getByRole('radiogroup', { name: 'Your rating' });
    await expect(group).toBeVisible();
    // Tab reaches the first star; the arrows move along the stars and choose.
    await dialog.getByRole('radio').first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: /^3 stars, Good$/ })).toBeChecked();
    await expect(dialog.getByTestId('rating-label')).toHaveText('Good');
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: /^4 stars, Very Good$/ })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('textbox', { name: 'Comment (optional)' })).toBeFocused();
    await page.keyboard.type('Keyboard only.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Submit Rating' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expectToast(page, 'Rating Submitted', 'Thank you for your feedback!');
  });

  test('axe: the rating dialog in both themes', async ({ page, context }) => {
    await signInWith(context);
    const events = await pastJoinedByDemo(context.request);
    const event = events[2] ?? events[0];
    await page.goto(`/events/${event!.id}`);
    await inBothThemes(page, async () => {
      await page.getByTestId('rate-event').click();
      const dialog = page.getByRole('dialog', { name: 'Rate this event' });
      await expect(dialog).toBeVisible();
      await dialog.getByTestId('star-3').hover();
      await expectNoSeriousAccessibilityViolations(page);
    });
  });

  test('in Arabic the dialog reads right to left', async ({ page, context }) => {
    await signInWith(context);
    const events = await pastJoinedByDemo(context.request);
    const event = events[2] ?? events[0];
    await page.goto('/');
    await storeLanguage(page, 'ar');
    await page.goto(`/events/${event!.id}`);
    await page.getByTestId('rate-event').click();
    const dialog = page.getByRole('dialog', { name: 'قيّم هذه الفعالية' });
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('star-5').hover();
    await expect(dialog.getByTestId('rating-label')).toHaveText('ممتاز');
    // Right to left: the first star sits to the right of the fifth.
    const first = await dialog.getByTestId('star-1').boundingBox();
    const fifth = await dialog.getByTestId('star-5').boundingBox();
    expect(first && fifth && first.x > fifth.x).toBe(true);
  });
});
