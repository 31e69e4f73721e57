import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { createEventWith, rsvpWith, signUpWith } from './support/accounts';
import { E2E_BASE_URL } from './support/e2e-settings';

/** The day of the event (decisions §19): walk-ins, the kiosk and self check-in, the reminder's answer page. */

const suffix = () => randomBytes(3).toString('hex');
/** Starting in an hour: inside the check-in window, which opens 2 hours before the start. */
const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

type DoorPerson = { user: { id: string }; checkedInAt: string | null };

async function checkedInAtOf(request: APIRequestContext, eventId: number, userId: string) {
  const response = await request.get(`/api/events/${eventId}/check-ins`);
  expect(response.status()).toBe(200);
  return ((await response.json()).people as DoorPerson[]).find((entry) => entry.user.id === userId)?.checkedInAt;
}

test('the door adds a walk-in; the kiosk shows a rotating QR code a volunteer scans to check in, or their name', async ({
  page,
  context,
  browser,
  user: _organizer,
  newPerson,
}) => {
  const event = await createEventWith(context.request, {
    title: `Park planting ${suffix()}`,
    date: inAnHour(),
    maxAttendees: 2,
  });
  const ben = await newPerson({ firstName: 'Ben', lastName: `Okafor${suffix()}` });
  await rsvpWith(ben.request, event.id);
  // Ana's own phone, signed in.
  const phone = await browser.newContext({
    baseURL: E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  const ana = await signUpWith(phone.request, { firstName: 'Ana', lastName: `Silva${suffix()}` });
  await rsvpWith(phone.request, event.id);

  // The door: a walk-in beyond the two places, with an address that has no account yet.
  await page.goto(`/events/${event.id}/check-in`);
  await expect(page.getByTestId('count-expected')).toContainText('2');
  await page.getByTestId('walk-in-open').click();
  const form = page.getByTestId('walk-in-form');
  await form.getByLabel('First name').fill('Gina');
  await form.getByLabel('Last name').fill('Guest');
  await form.getByLabel('E-mail').fill('gina@example');
  await page.getByTestId('walk-in-submit').click();
  await expect(form.getByText('Enter a valid e-mail address')).toBeVisible();
  await expect(form.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('E-mail').fill(`gina-${suffix()}@example.org`);
  await page.getByTestId('walk-in-submit').click();
  await expect(page.getByTestId('door-outcome')).toHaveText(
    'Gina Guest is checked in; an e-mail to claim the hours is on its way.',
  );
  await expect(page.getByTestId('walk-in-form')).toHaveCount(0);
  const guest = page.getByTestId('door-guest');
  await expect(guest).toContainText('Gina Guest');
  await expect(guest).toContainText('Walk-in');
  await expect(page.getByTestId('count-in')).toContainText('1');
  await expectNoSeriousAccessibilityViolations(page);

  // The kiosk: a QR code for phones, and names for people without one.
  await page.getByTestId('door-kiosk').click();
  await expect(page).toHaveURL(new RegExp(`/events/${event.id}/check-in/kiosk$`));
  await expect(page.getByRole('heading', { name: 'Check in here' })).toBeVisible();
  const qr = page.getByTestId('kiosk-qr-code');
  await expect
    .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  const code = await qr.getAttribute('data-code');
  expect(code).toMatch(/^\d+\.[\w-]{22}$/);
  // Names appear only once two letters are typed: the screen faces the whole queue.
  await page.getByTestId('kiosk-search').fill('b');
  await expect(page.getByTestId('kiosk-matches').locator('li')).toHaveCount(0);
  await page.getByTestId('kiosk-search').fill('ben');
  await page.getByRole('button', { name: `Check in Ben ${ben.user.lastName}` }).click();
  await expect(page.getByTestId('kiosk-welcome')).toHaveText(`Welcome, Ben ${ben.user.lastName}! You are checked in.`);
  await expect.poll(() => checkedInAtOf(context.request, event.id, ben.user.id)).not.toBeNull();
  await expectNoSeriousAccessibilityViolations(page);

  // Ana scans the code: the QR code's link goes through sign-in (she is signed in) to the check-in.
  const codeAnswer = await context.request.get(`/api/events/${event.id}/check-in-code`);
  const { url } = (await codeAnswer.json()) as { url: string };
  const scanned = new URL(url);
  const anaPage = await phone.newPage();
  await anaPage.goto(`${scanned.pathname}${scanned.search}`);
  await expect(anaPage).toHaveURL(new RegExp(`/events/${event.id}/check-in/self\\?code=`));
  await expect(anaPage.getByTestId('self-check-in-outcome')).toHaveText("You're checked in. Welcome!");
  expect(await checkedInAtOf(context.request, event.id, ana.id)).not.toBeNull();
  await expectNoSeriousAccessibilityViolations(anaPage);
  // Scanned again: nothing new, and she is told when she came.
  await anaPage.reload();
  await expect(anaPage.getByTestId('self-check-in-outcome')).toContainText('You were already checked in at');
  // A code that is not this event's is refused in words, not a blank page.
  await anaPage.goto(`/events/${event.id}/check-in/self?code=${encodeURIComponent(`${Date.now()}.${'A'.repeat(22)}`)}`);
  await expect(anaPage.getByTestId('self-check-in-outcome')).toHaveText('This is not a check-in code of this event.');
  await phone.close();

  // Back at the door: everyone is in, the walk-in beyond the places.
  await page.goto(`/events/${event.id}/check-in`);
  await expect(page.getByTestId('count-in')).toContainText('3');
});

test("the reminder's answer page: a link that is not valid says so, without changing anything", async ({
  page,
  user: _user,
}) => {
  const answer = await page.goto('/mail/attendance?token=not-a-token');
  expect(answer?.status()).toBe(400);
  await expect(page.getByRole('heading', { name: 'Your place at an event' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This link is not valid. Open the event on PitchIn to answer.');
  await expect(page.getByRole('button')).toHaveCount(0);
  await expectNoSeriousAccessibilityViolations(page);
});
