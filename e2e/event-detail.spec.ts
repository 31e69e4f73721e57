import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test, setLatency } from './support/fixtures';
import { expectNoSeriousAccessibilityViolations, inBothThemes } from './support/accessibility';
import { createEventAsAnother, createEventWith, signInWith } from './support/accounts';
import { waitForLivePage } from './support/live-page';
import { storeLanguage } from './support/language';

type ApiEvent = {
  id: number;
  title: string;
  date: string;
  location: string;
  description: string;
  organizerId: string;
  maxAttendees: number | null;
  rsvpCount: number;
  ratingCount: number;
  images: string[];
  userRsvpStatus: string | null;
};

const suffix = () => randomBytes(4).toString('hex');
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

/** A past demo event the demo account joined but did not organize (the demo data guarantees at least 3). */
async function pastJoinedDemoEvent(request: APIRequestContext): Promise<ApiEvent> {
  const me = await (await request.get('/api/auth/user')).json();
  const joined: ApiEvent[] = await (await request.get('/api/my-rsvps?include=past&limit=100')).json();
  const past = joined.find((event) => new Date(event.date).getTime() < Date.now() && event.organizerId !== me.id);
  if (!past) throw new Error('the demo account has joined no past event');
  return past;
}

/** Client-side navigation (wouter listens to pushState), so the page is not reloaded. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => window.history.pushState(null, '', to), path);
}

test.describe('event detail', () => {
  test('an upcoming event shows every field, ∞ without a maximum and no Completed badge', async ({
    page,
    playwright,
    user,
  }) => {
    const title = `Riverside cleanup ${suffix()}`;
    const { organizer, event } = await createEventAsAnother(
      playwright,
      {
        title,
        description: 'Bring gloves.\nWe meet at the pier.\n\nCoffee afterwards.',
        location: 'Pier 7, Lisbon',
        date: inDays(5),
        categoryId: 1,
        maxAttendees: null,
      },
      { firstName: 'Marisol', lastName: 'Okafor' },
    );
    await page.goto(`/events/${event.id}`);

    const detail = page.getByTestId('event-detail');
    await expect(detail.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('category-badge')).toHaveText('Cleanup');
    await expect(page.getByTestId('completed-badge')).toHaveCount(0);
    await expect(page.getByTestId('stat-rating')).toContainText('Rating');
    // No ratings yet is not '0.0'.
    await expect(page.getByTestId('stat-rating')).toContainText('No ratings yet');
    await expect(page.getByTestId('stat-attending')).toContainText('Attending');
    await expect(page.getByTestId('stat-attending')).toContainText('0');
    await expect(page.getByTestId('stat-max')).toContainText('Max');
    await expect(page.getByTestId('stat-max')).toContainText('∞');

    const date = new Date(event.date);
    const longDate = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).format(date);
    await expect(page.getByTestId('event-date')).toHaveText(longDate);
    await expect(page.getByTestId('event-time')).toHaveText(/^\d{1,2}:\d{2}\sAM|PM$/);
    await expect(page.getByTestId('event-location')).toHaveText('Pier 7, Lisbon');
    await expect(page.getByTestId('organizer-name')).toHaveText(`${organizer.firstName} ${organizer.lastName}`);
    await expect(page.getByText('Organized by')).toBeVisible();

    await expect(page.getByRole('heading', { name: 'About this event' })).toBeVisible();
    // Line breaks survive: the paragraph keeps them (white-space: pre-line), they are not run together.
    const description = page.getByTestId('event-description');
    await expect(description).toHaveCSS('white-space', 'pre-line');
    expect(await description.evaluate((element) => (element as HTMLElement).innerText)).toContain(
      'Bring gloves.\nWe meet at the pier.',
    );

    await expect(page.getByRole('button', { name: 'RSVP', exact: true })).toBeVisible();
    await expect(page.getByText('Reviews will be available after the event is completed')).toBeVisible();
    await expect(page).toHaveTitle(`${title} | PitchIn`);
  });

  test('a maximum is shown as a number and the category colour follows the category', async ({
    page,
    playwright,
    user,
  }) => {
    const { event } = await createEventAsAnother(playwright, {
      title: `Tutoring ${suffix()}`,
      categoryId: 4,
      maxAttendees: 12,
    });
    await page.goto(`/events/${event.id}`);
    await expect(page.getByTestId('stat-max')).toContainText('12');
    const badge = page.getByTestId('category-badge');
    await expect(badge).toHaveText('Education');
    await expect(badge).toHaveClass(/bg-blue-100/);
    await expect(page.getByText('12 spots left')).toBeVisible();
  });

  test('the organizer avatar falls back to the first letter of the first name', async ({ page, context, signUp }) => {
    await signUp({ firstName: 'zoë', lastName: 'Park' });
    const event = await createEventWith(context.request, { title: `Avatar ${suffix()}` });
    await page.goto(`/events/${event.id}`);
    await expect(page.getByTestId('organizer-name')).toHaveText('zoë Park');
    await expect(page.getByTestId('event-detail').locator('[data-slot="avatar-fallback"]').first()).toHaveText('Z');
  });

  test('a past event the user joined shows Completed, its details and no RSVP control', async ({ page, context }) => {
    await signInWith(context);
    const past = await pastJoinedDemoEvent(context.request);
    await page.goto(`/events/${past.id}`);
    await expect(page.getByRole('heading', { level: 1, name: past.title })).toBeVisible();
    await expect(page.getByTestId('completed-badge')).toHaveText('Completed');
    await expect(page.getByRole('button', { name: /^RSVP/ })).toHaveCount(0);
    await expect(page.getByText('This event has ended.')).toBeVisible();
    await expect(page.getByText('Reviews will be available after the event is completed')).toHaveCount(0);
    await expect(page.getByTestId('stat-max')).toContainText(
      past.maxAttendees === null ? '∞' : String(past.maxAttendees),
    );
  });

  test('a missing event shows the not-found card with a way back', async ({ page, user }) => {
    await page.goto('/events/999999');
    const card = page.getByTestId('event-not-found');
    await expect(card.getByRole('heading', { name: 'Event Not Found' })).toBeVisible();
    await expect(card.getByText("The event you're looking for doesn't exist or has been removed.")).toBeVisible();
    await card.getByRole('link', { name: 'Back to Events' }).click();
    await expect(page).toHaveURL(/\/$/);
    // A malformed id is "not found" too, without asking the server.
    await page.goto('/events/not-a-number');
    await expect(page.getByRole('heading', { name: 'Event Not Found' })).toBeVisible();
  });

  test('a skeleton shows while the event loads on a slow network', async ({ page, context, user, throttle }) => {
    const event = await createEventWith(context.request, { title: `Slow ${suffix()}` });
    await page.goto(`/events/${event.id}`);
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
    // Then, inside the app and on a throttled connection (real CDP throttling, no faked answers),
    // open an event not yet in the cache: the skeleton holds its place until the answer arrives.
    await navigateInApp(page, '/events/999998');
    await expect(page.getByTestId('event-not-found')).toBeVisible();
    const cdp = await throttle(1500, { bytesPerSecond: 50_000 });
    const otherEvent = await createEventWith(context.request, { title: `Slow other ${suffix()}` });
    await navigateInApp(page, `/events/${otherEvent.id}`);
    await expect(page.getByTestId('event-detail-skeleton')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading event' })).toBeVisible();
    await setLatency(cdp, 0);
    await expect(page.getByRole('heading', { level: 1, name: otherEvent.title })).toBeVisible();
    await expect(page.getByTestId('event-detail-skeleton')).toHaveCount(0);
  });

  test('photos open in a larger view that the arrow keys page through', async ({ page, context, user }) => {
    const png = (color: string) => {
      // 1×1 PNGs of two colours, built by the server's photo pipeline into real stored photos.
      const pixels: Record<string, string> = {
        red: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
        blue: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPj/HwADBwIAMCbHYQAAAABJRU5ErkJggg==',
      };
      return `data:image/png;base64,${pixels[color]}`;
    };
    const response = await context.request.post('/api/events', {
      data: {
        title: `Photos ${suffix()}`,
        description: 'With photos.',
        location: 'Porto',
        date: inDays(4),
        categoryId: 6,
        maxAttendees: 20,
        imageUrl: null,
        images: [png('red'), png('blue')],
      },
    });
    expect(response.status()).toBe(201);
    const event = await response.json();
    expect(event.images).toHaveLength(2);
    await page.goto(`/events/${event.id}`);
    await waitForLivePage(page);
    const gallery = page.getByTestId('photo-gallery');
    await expect(gallery.getByRole('button')).toHaveCount(2);
    await gallery.getByRole('button', { name: 'Open photo 2 of 2' }).click();
    const viewer = page.getByRole('dialog');
    await expect(viewer.getByTestId('photo-counter')).toHaveText('2 / 2');
    await expect(viewer.getByTestId('photo-viewer-image')).toHaveAttribute('src', event.images[1]);
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByTestId('photo-counter')).toHaveText('1 / 2');
    await expect(viewer.getByTestId('photo-viewer-image')).toHaveAttribute('src', event.images[0]);
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByTestId('photo-counter')).toHaveText('2 / 2');
    await viewer.getByRole('button', { name: 'Next photo' }).click();
    await expect(viewer.getByTestId('photo-counter')).toHaveText('1 / 2');
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
  });

  test('the tab title and social tags follow client-side navigation and reset on leaving', async ({
    page,
    context,
    user,
  }) => {
    const first = await createEventWith(context.request, {
      title: `Meta one ${suffix()}`,
      location: 'Braga',
      description: 'x'.repeat(150),
    });
    const second = await createEventWith(context.request, {
      title: `Meta two ${suffix()}`,
      location: 'Faro',
      description: 'Short one.',
    });

    await page.goto(`/events/${first.id}`);
    await expect(page).toHaveTitle(`${first.title} | PitchIn`);
    const meta = (selector: string) => page.locator(`head meta[${selector}]`).first();
    const longDate = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'full' }).format(new Date(iso));
    await expect(meta('name="description"')).toHaveAttribute(
      'content',
      `Join us for "${first.title}" on ${longDate(first.date)} in Braga. ${'x'.repeat(100)}...`,
    );
    await expect(meta('property="og:type"')).toHaveAttribute('content', 'article');
    await expect(meta('property="og:image"')).toHaveAttribute(
      'content',
      new RegExp(`^https?://[^/]+/api/events/${first.id}/og-image$`),
    );
    await expect(meta('name="twitter:card"')).toHaveAttribute('content', 'summary_large_image');

    // Event to event inside the app: everything follows.
    await navigateInApp(page, `/events/${second.id}`);
    await expect(page.getByRole('heading', { level: 1, name: second.title })).toBeVisible();
    await expect(page).toHaveTitle(`${second.title} | PitchIn`);
    await expect(meta('name="description"')).toHaveAttribute(
      'content',
      `Join us for "${second.title}" on ${longDate(second.date)} in Faro. Short one....`,
    );
    await expect(meta('property="og:image"')).toHaveAttribute(
      'content',
      new RegExp(`/api/events/${second.id}/og-image$`),
    );
    await expect(meta('property="og:title"')).toHaveAttribute('content', `${second.title} | PitchIn`);

    // Leaving the detail page restores the defaults; the tab names the screen it now shows.
    await page.getByRole('link', { name: 'Back to Events' }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle('Home | PitchIn');
    await expect(meta('property="og:image"')).toHaveAttribute('content', /\/og-image\.png$/);
    await expect(meta('property="og:type"')).toHaveAttribute('content', 'website');
    await expect(meta('name="twitter:card"')).toHaveAttribute('content', 'summary_large_image');
  });

  test('in Spanish', async ({ page, playwright, user }) => {
    const { event } = await createEventAsAnother(playwright, { title: `Evento ${suffix()}`, maxAttendees: null });
    await page.goto('/');
    await storeLanguage(page, 'es');
    await page.goto(`/events/${event.id}`);
    await expect(page.getByRole('heading', { name: 'Acerca de este evento' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver a eventos' })).toBeVisible();
    await expect(page.getByTestId('stat-attending')).toContainText('Asistentes');
    await expect(page.getByText('Las reseñas estarán disponibles cuando el evento haya terminado')).toBeVisible();
    const longDate = new Intl.DateTimeFormat('es', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).format(new Date(event.date));
    await expect(page.getByTestId('event-date')).toHaveText(longDate);
    await page.getByRole('button', { name: 'RSVP', exact: true }).click();
    await expect(page.getByRole('menuitemradio', { name: /Asistiré/ })).toContainText('Estaré allí para participar');
    await expect(page.getByRole('menuitemradio', { name: /Coorganizando/ })).toContainText(
      'Quiero ayudar a organizar este evento',
    );
  });

  test('in Arabic, right to left', async ({ page, playwright, user }) => {
    const { event } = await createEventAsAnother(playwright, { title: `فعالية ${suffix()}` });
    await page.goto('/');
    await storeLanguage(page, 'ar');
    await page.goto(`/events/${event.id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'عن هذه الفعالية' })).toBeVisible();
    await expect(page.getByText('ستتوفر المراجعات بعد انتهاء الفعالية')).toBeVisible();
    await expect(page.getByTestId('stat-max')).toContainText('الحد الأقصى');
    await expect(page.getByRole('button', { name: 'سجّل حضورك', exact: true })).toBeVisible();
    // The sidebar sits on the left in right-to-left layouts on desktop.
    await page.setViewportSize({ width: 1440, height: 900 });
    const sidebar = await page.getByTestId('event-sidebar').boundingBox();
    const summary = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(sidebar && summary && sidebar.x < summary.x).toBe(true);
  });

  test('axe: no serious or critical violation on an upcoming and a past event, both themes', async ({
    page,
    context,
  }) => {
    await signInWith(context);
    const upcoming = await createEventWith(context.request, { title: `Axe ${suffix()}`, maxAttendees: 10 });
    const past = await pastJoinedDemoEvent(context.request);
    await page.goto(`/events/${upcoming.id}`);
    await inBothThemes(page, async () => {
      await expect(page.getByRole('heading', { level: 1, name: upcoming.title })).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);
    });
    await page.goto(`/events/${past.id}`);
    await inBothThemes(page, async () => {
      await expect(page.getByTestId('reviews-list')).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);
    });
  });
});
