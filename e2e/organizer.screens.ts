import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createEventWith, signInWith, signUpWith } from './support/accounts';
import { E2E_BASE_URL } from './support/e2e-settings';
import { SCREENSHOT_DIRECTORY } from './support/screens';

/**
 * The organizer's event page at the phone (360×740) and desktop (1280×800) sizes the organizer screens
 * are reviewed at.
 */

const SIZES = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

async function capture(page: Page, name: string, url: string, prepare: (page: Page) => Promise<void>) {
  mkdirSync(SCREENSHOT_DIRECTORY, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const theme of ['light', 'dark'] as const) {
      await page.goto('/');
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.goto(url);
      await prepare(page);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIRECTORY, `${name}-${theme}-${size.name}.png`),
        fullPage: true,
      });
    }
  }
}

test.describe('organizer screens', () => {
  // Twelve full-page pictures per test on a shared two-core machine.
  test.describe.configure({ timeout: 300_000 });
  test('upcoming event with attendees and a waitlist, and the cancel dialog', async ({
    page,
    context,
    playwright,
    signUp,
  }) => {
    await signUp({ firstName: 'Maya', lastName: 'Okafor' });
    const event = await createEventWith(context.request, {
      title: 'Riverside clean-up and picnic',
      location: 'Riverside Park, Lisbon',
      maxAttendees: 2,
    });
    const names = [
      ['Noor', 'Haddad'],
      ['Kenji', 'Sato'],
      ['Ines', 'Moreau'],
    ];
    for (const [index, [firstName, lastName]] of names.entries()) {
      const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
      await signUpWith(request, { firstName, lastName });
      if (index < 2)
        await request.post(`/api/events/${event.id}/rsvp`, {
          data: { status: index === 0 ? 'attending' : 'supporting' },
        });
      else await request.post(`/api/events/${event.id}/waitlist`);
      await request.dispose();
    }
    const ready = async (current: Page) => {
      await expect(current.getByTestId('attendee-row')).toHaveCount(2);
    };
    await capture(page, 'organizer-event', `/events/${event.id}`, ready);
    await capture(page, 'organizer-cancel-dialog', `/events/${event.id}`, async (current) => {
      await ready(current);
      await current.getByTestId('cancel-event').click();
      await expect(current.getByTestId('cancel-notify')).toBeVisible();
    });
    await capture(page, 'organizer-edit-dialog', `/events/${event.id}`, async (current) => {
      await ready(current);
      await current.getByTestId('edit-event').click();
      await expect(current.getByTestId('edit-event-dialog')).toBeVisible();
    });
  });

  test('past demo event: the attendance sheet', async ({ page, context }) => {
    await signInWith(context);
    const mine: Array<{ id: number; date: string; status: string }> = await (
      await context.request.get('/api/my-events')
    ).json();
    const past = mine.filter(
      (event) =>
        event.status === 'scheduled' &&
        Date.parse(event.date) < Date.now() &&
        Date.parse(event.date) > Date.now() - 25 * 24 * 3600_000,
    );
    expect(past.length).toBeGreaterThan(0);
    await capture(page, 'organizer-attendance', `/events/${past[0]!.id}`, async (current) => {
      await expect(current.getByTestId('attendance-sheet')).toBeVisible();
    });
  });

  test('volunteer on a full event: the waitlist position', async ({ page, playwright, user }) => {
    const organizer = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    await signUpWith(organizer);
    const event = await createEventWith(organizer, { title: 'Food bank sorting shift', maxAttendees: 1 });
    await organizer.post(`/api/events/${event.id}/rsvp`, { data: { status: 'attending' } });
    await organizer.dispose();
    await page.context().request.post(`/api/events/${event.id}/waitlist`);
    await capture(page, 'volunteer-waitlist', `/events/${event.id}`, async (current) => {
      await expect(current.getByTestId('waitlist-position')).toBeVisible();
    });
  });
});
