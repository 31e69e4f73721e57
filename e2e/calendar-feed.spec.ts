import path from 'node:path';
import { expect, test } from './support/fixtures';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { eventsOfNewOrganizers, joinEvents } from './support/accounts';
import { SCREENSHOT_DIRECTORY } from './support/screens';

/** The personal calendar feed, made, copied and renewed from the profile page. */
test('the profile page makes a calendar feed of my RSVPs, and renewing it kills the old address', async ({
  page,
  playwright,
  user,
}) => {
  test.setTimeout(90_000);
  const [event] = await eventsOfNewOrganizers(playwright, 1);
  await joinEvents(page.context().request, [event!]);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/profile');
  const section = page.getByTestId('calendar-feed');
  await expect(section.getByTestId('calendar-feed-state')).toHaveText('Your feed is off.');
  await section.getByTestId('calendar-feed-renew').click();
  const address = section.getByTestId('calendar-feed-url');
  await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const firstUrl = await address.inputValue();
  await expect(section.getByTestId('calendar-feed-renew')).toHaveText('Renew address');
  await expectNoSeriousAccessibilityViolations(page);
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: path.join(SCREENSHOT_DIRECTORY, 'calendar-feed-light-phone.png') });

  // A calendar app fetches it with no cookie.
  const calendarApp = await playwright.request.newContext();
  const feed = await calendarApp.get(firstUrl);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await feed.text()).toContain(`UID:pitchin-event-${event!.id}@`);

  await section.getByTestId('calendar-feed-renew').click();
  await expect(address).not.toHaveValue(firstUrl);
  const secondUrl = await address.inputValue();
  expect((await calendarApp.get(firstUrl)).status()).toBe(404);
  expect((await calendarApp.get(secondUrl)).status()).toBe(200);

  // After a reload only the state is known: the address was shown once.
  await page.reload();
  await expect(section.getByTestId('calendar-feed-state')).toContainText('Your feed is on since');
  await expect(address).toHaveCount(0);
  await calendarApp.dispose();
});
