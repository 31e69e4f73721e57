import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInWith } from './support/accounts';
import { captureScreens } from './support/screens';

/** Event detail: an upcoming event with photos, a past one with reviews, the rating dialog, the RSVP menu. */

type ApiEvent = {
  id: number;
  date: string;
  images: string[];
  organizerId: string;
  ratingCount: number;
  userRsvpStatus: string | null;
  canManage: boolean;
};

const isPast = (event: ApiEvent) => new Date(event.date).getTime() < Date.now();

async function upcomingWithPhotos(request: APIRequestContext): Promise<number> {
  // A volunteer's view: not one the demo account manages (its own, or its organization's).
  const events = ((await (await request.get('/api/events?limit=100')).json()) as ApiEvent[]).filter(
    (candidate) => !candidate.canManage,
  );
  const event =
    events.find((candidate) => candidate.images.length > 1) ?? events.find((candidate) => candidate.images.length > 0);
  if (!event) throw new Error('the demo data has no upcoming event with photos');
  return event.id;
}

async function pastJoined(request: APIRequestContext): Promise<number> {
  const me = await (await request.get('/api/auth/user')).json();
  const joined: ApiEvent[] = await (await request.get('/api/my-rsvps?include=past&limit=100')).json();
  const event = joined
    .filter((candidate) => isPast(candidate) && candidate.organizerId !== me.id)
    .sort((a, b) => b.ratingCount - a.ratingCount)[0];
  if (!event) throw new Error('the demo account joined no past event');
  return event.id;
}

async function photosLoaded(page: Page) {
  await expect(page.getByTestId('event-detail')).toBeVisible();
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
}

test.describe('event detail screens', () => {
  test('upcoming event with photos, and its RSVP menu open', async ({ page, context }) => {
    await signInWith(context);
    const id = await upcomingWithPhotos(context.request);
    await captureScreens(page, 'event-detail-upcoming', `/events/${id}`, photosLoaded);
    await captureScreens(page, 'event-detail-rsvp-menu', `/events/${id}`, async (current) => {
      await photosLoaded(current);
      await current.getByTestId('participation-card').getByRole('button').click();
      await expect(current.getByRole('menu')).toBeVisible();
    });
  });

  test('past event with reviews, and the rating dialog', async ({ page, context }) => {
    await signInWith(context);
    const id = await pastJoined(context.request);
    await captureScreens(page, 'event-detail-past', `/events/${id}`, async (current) => {
      await expect(current.getByTestId('reviews-list')).toBeVisible();
    });
    await captureScreens(page, 'event-detail-rating-dialog', `/events/${id}`, async (current) => {
      await current.getByTestId('rate-event').click();
      const dialog = current.getByRole('dialog', { name: 'Rate this event' });
      await dialog.getByTestId('star-4').hover();
      await expect(dialog.getByTestId('rating-label')).toHaveText('Very Good');
    });
  });

  test('upcoming event in Arabic', async ({ page, context }) => {
    await signInWith(context);
    await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'ar'));
    const id = await upcomingWithPhotos(context.request);
    await captureScreens(page, 'event-detail-ar', `/events/${id}`, photosLoaded);
  });
});
