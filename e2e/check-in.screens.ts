import path from 'node:path';
import { expect, test } from './support/fixtures';
import { createEventWith, rsvpWith } from './support/accounts';
import { captureScreens, SCREENSHOT_DIRECTORY } from './support/screens';

/** The holder's ticket on the event page and the organizer's door, in both themes and in Arabic. */

const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

test.describe.configure({ timeout: 300_000 });

test('ticket card', async ({ page, context, user: _user, eventOfAnother }) => {
  const event = await eventOfAnother({ title: 'Harbour clean-up at dawn', date: inAnHour() });
  await rsvpWith(context.request, event.id);
  await captureScreens(page, 'check-in-ticket', `/events/${event.id}`, async (screen) => {
    await expect(screen.getByTestId('ticket-code')).toBeVisible();
    await screen.getByTestId('ticket-card').scrollIntoViewIfNeeded();
  });
});

test('the door', async ({ page, context, signUp, newPerson }) => {
  await signUp({ firstName: 'Maya', lastName: 'Okafor' });
  const event = await createEventWith(context.request, { title: 'Food bank Saturday shift', date: inAnHour() });
  const names = [
    ['Noor', 'Haddad'],
    ['Kenji', 'Sato'],
    ['Inês', 'Moreau-Fontaine de la Villeneuve'],
    ['Ben', 'Okafor'],
  ];
  const codes: string[] = [];
  for (const [firstName, lastName] of names) {
    const person = await newPerson({ firstName, lastName });
    await rsvpWith(person.request, event.id);
    codes.push((await (await person.request.get(`/api/events/${event.id}/ticket`)).json()).code);
  }
  for (const code of codes.slice(0, 2))
    expect((await context.request.post(`/api/events/${event.id}/check-ins`, { data: { code } })).status()).toBe(200);
  await context.request.post(`/api/events/${event.id}/check-outs`, { data: { code: codes[0] } });
  await captureScreens(page, 'check-in-door', `/events/${event.id}/check-in`, async (screen) => {
    await expect(screen.getByTestId('door-person')).toHaveCount(4);
    await screen.getByTestId('door-code').fill('not a code');
    await screen.getByTestId('door-submit').click();
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('selectedLanguage', 'ar'));
  await page.goto(`/events/${event.id}/check-in`);
  await expect(page.getByTestId('door-person')).toHaveCount(4);
  await context.setOffline(true);
  await page.getByTestId('door-person').filter({ hasText: 'Ben' }).getByRole('button').first().click();
  await expect(page.getByTestId('door-pending')).toBeVisible();
  await page.screenshot({
    path: path.join(SCREENSHOT_DIRECTORY, 'check-in-door-ar-offline-phone.png'),
    fullPage: true,
  });
  await context.setOffline(false);
  await expect(page.getByTestId('door-pending')).toHaveCount(0, { timeout: 20_000 });
});
