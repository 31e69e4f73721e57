import { expect, test } from './support/fixtures';
import { createEventWith, rsvpWith } from './support/accounts';
import { captureScreens } from './support/screens';

/**
 * The screens the third wave changed, in both themes on a phone and a desktop: a full event's waitlist
 * as the main action, one's own event (Manage, the organizer's tools, Duplicate), cards with the
 * waitlist badge, My Events, the notifications page, the not-found page, the sign-up tab, and the
 * Journey's chart in Arabic.
 */
test('third-wave screens: phone and desktop, light and dark', async ({
  page,
  user,
  newPerson,
  eventOfAnother,
  context,
}) => {
  test.setTimeout(600_000);
  const other = await newPerson({ firstName: 'Bea', lastName: 'Lindqvist' });
  const third = await newPerson({ firstName: 'Omar', lastName: 'Haddad' });
  const full = await createEventWith(other.request, { title: 'Harbour clean-up (full)', maxAttendees: 1 });
  await rsvpWith(third.request, full.id);
  const own = await createEventWith(context.request, { title: 'Community garden morning' });
  await rsvpWith(other.request, own.id);
  for (let index = 0; index < 13; index += 1) {
    // From the fixture's pool of organizers: one organizer may create only 10 events an hour.
    const joined = await eventOfAnother({ title: `Shelter shift ${index + 1}` });
    await rsvpWith(context.request, joined.id);
  }

  await captureScreens(page, 'wave3-event-full', `/events/${full.id}`, async (screen) => {
    await expect(screen.getByTestId('join-waitlist')).toBeVisible();
  });
  await captureScreens(page, 'wave3-event-own', `/events/${own.id}`, async (screen) => {
    await expect(screen.getByTestId('organizer-panel')).toBeVisible();
  });
  await captureScreens(page, 'wave3-discover', '/discover', async (screen) => {
    await expect(screen.getByTestId('event-card').first()).toBeVisible();
  });
  await captureScreens(page, 'wave3-my-events', '/my-events', async (screen) => {
    await expect(screen.getByTestId('event-card').first()).toBeVisible();
  });
  await captureScreens(page, 'wave3-notifications', '/notifications', async (screen) => {
    await expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
  });
  await captureScreens(page, 'wave3-not-found', '/no-such-page', async (screen) => {
    await expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
  });
  await page.evaluate(() => localStorage.setItem('selectedLanguage', 'ar'));
  await captureScreens(page, 'wave3-journey-ar', '/journey', async (screen) => {
    await expect(screen.getByTestId('hours-chart')).toBeVisible();
  });
  await page.evaluate(() => localStorage.setItem('selectedLanguage', 'en'));
  await context.clearCookies();
  await captureScreens(page, 'wave3-sign-up', '/api/login?mode=signup', async (screen) => {
    await expect(screen.getByRole('heading').first()).toBeVisible();
  });
  expect(user.id).toBeTruthy();
});
