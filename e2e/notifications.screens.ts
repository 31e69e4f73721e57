import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { createEventWith, signUpWith } from './support/accounts';
import { SCREENSHOT_DIRECTORY } from './support/screens';

/** The bell's list with read and unread entries of several kinds, at phone and desktop sizes. */
const SIZES = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

test('Notifications menu: phone and desktop, light and dark, English and Arabic', async ({
  page,
  playwright,
  signUp,
}) => {
  test.setTimeout(180_000);
  const { baseURL } = test.info().project.use;
  const me = await signUp({ firstName: 'Noor', lastName: 'Haddad' });
  const other = await playwright.request.newContext({ baseURL });
  await signUpWith(other, { firstName: 'Bea', lastName: 'Lindqvist' });
  const event = await createEventWith(page.context().request, { title: 'Riverside tree planting' });
  expect((await other.post(`/api/events/${event.id}/rsvp`, { data: { status: 'attending' } })).status()).toBe(200);
  expect(
    (await other.post('/api/messages', { data: { receiverId: me.id, content: 'See you at the river!' } })).status(),
  ).toBe(201);
  await other.dispose();
  // The oldest read, so the pictures show both looks.
  const list: Array<{ id: number }> = await (await page.context().request.get('/api/notifications')).json();
  expect(
    (
      await page.context().request.post('/api/notifications/read', { data: { ids: [list[list.length - 1]!.id] } })
    ).status(),
  ).toBe(204);
  mkdirSync(SCREENSHOT_DIRECTORY, { recursive: true });
  for (const language of ['en', 'ar'] as const) {
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      for (const theme of ['light', 'dark'] as const) {
        await page.goto('/');
        await page.evaluate(
          ([value, lang]) => {
            localStorage.setItem('theme', value);
            localStorage.setItem('selectedLanguage', lang);
          },
          [theme, language] as const,
        );
        await page.goto('/');
        await expect(page.getByTestId('header-bell-badge')).toHaveText(String(list.length - 1), { timeout: 30_000 });
        await page.getByTestId('header-bell').click();
        await expect(page.getByTestId('notification-item')).toHaveCount(list.length, { timeout: 30_000 });
        await page.screenshot({
          path: path.join(
            SCREENSHOT_DIRECTORY,
            `notifications-${language}-${theme}-${size.name}-${size.width}x${size.height}.png`,
          ),
        });
        await page.keyboard.press('Escape');
      }
    }
  }
});
