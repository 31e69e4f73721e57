import { expect, test } from '@playwright/test';
import { signInWith } from './support/accounts';

/**
 * Lighthouse (npm run bench:web) finds the event page's largest paint in its first photo, and its
 * "LCP request discovery" check wants that image fetched with high priority and never lazily.
 */
test('the first photo of an event page is fetched with high priority, not lazily', async ({ page }) => {
  await signInWith(page.context());
  const events = (await (await page.context().request.get('/api/events?limit=100')).json()) as Array<{ id: number; images: string[] }>;
  const event = events.find((candidate) => candidate.images.length > 0);
  if (!event) throw new Error('The demo data has no upcoming event with a photo');
  await page.goto(`/events/${event.id}`);
  const hero = page.getByTestId('event-detail').locator('img').first();
  await expect(hero).toHaveAttribute('src', event.images[0]!);
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expect(hero).not.toHaveAttribute('loading', 'lazy');
});
