import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { createEventWith, rsvpWith, signUpWith } from './support/accounts';
import { createAttendanceReplyToken } from '../server/modules/check-in/attendance-reply-token';
import { E2E_BASE_URL, E2E_SESSION_SECRET } from './support/e2e-settings';

/** The day of the event (decisions §19): walk-ins, the kiosk and self check-in, the reminder's answer page. */

const suffix = () => randomBytes(3).toString('hex');
/** Starting in an hour: inside the check-in window, which opens 2 hours before the start. */
const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

type DoorPerson = { user: { id: string }; checkedInAt: string | null };

async function guestsOf(request: APIRequestContext, eventId: number): Promise<unknown[]> {
  const response = await request.get(`/api/events/${eventId}/check-ins`);
  expect(response.status()).toBe(200);
  return (await response.json()).guests;
}

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
  // This organizer has not confirmed their address, so nobody is mailed, and the door says so (decisions §22).
  await expect(page.getByTestId('door-outcome')).toHaveText(
    'Added Gina Guest as a guest. Confirm your e-mail address (see the reminder at the top of the page): only then do we e-mail people a link to claim their hours.',
  );
  await expect(page.getByTestId('walk-in-form')).toHaveCount(0);
  const guest = page.getByTestId('door-guest');
  await expect(guest).toContainText('Gina Guest');
  await expect(guest).toContainText('Walk-in');
  await expect(page.getByTestId('count-in')).toContainText('1');
  await expectNoSeriousAccessibilityViolations(page);
  // Gina leaves early: checked out like a holder, her time kept for the hours her claim takes.
  await page.getByRole('button', { name: 'Check out Gina Guest' }).click();
  await expect(page.getByTestId('door-outcome')).toHaveText('Gina Guest is checked out.');
  await expect(guest.getByTestId('door-guest-state')).toContainText('Left at');
  await expect(page.getByTestId('count-out')).toContainText('1');
  await expect
    .poll(() => guestsOf(context.request, event.id))
    .toEqual([expect.objectContaining({ firstName: 'Gina', checkedOutAt: expect.any(String) })]);
  await expect(page.getByRole('button', { name: 'Check out Gina Guest' })).toHaveCount(0);

  // The confirmation reminder, dismissed here, stays away when the page's chrome comes back without a page load.
  await page.getByTestId('email-verification-dismiss').click();
  await expect(page.getByTestId('email-verification-banner')).toHaveCount(0);
  // The kiosk: a QR code for phones, and names for people without one.
  // It opens in a tab of its own, whose Back leads nowhere (decisions §24).
  const [kiosk] = await Promise.all([context.waitForEvent('page'), page.getByTestId('door-kiosk').click()]);
  await expect(kiosk).toHaveURL(new RegExp(`/events/${event.id}/check-in/kiosk$`));
  await expect(kiosk.getByRole('heading', { name: 'Check in here' })).toBeVisible();
  // A screen facing the volunteers: none of the organizer's navigation, the kiosk fills the screen.
  await expect(kiosk.getByTestId('app-header')).toHaveCount(0);
  await expect(kiosk.getByTestId('bottom-nav')).toHaveCount(0);
  // …and on a tablet the browser's own bars can go too.
  await kiosk.getByTestId('kiosk-full-screen').click();
  await expect.poll(() => kiosk.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await kiosk.getByRole('button', { name: 'Exit full screen' }).click();
  await expect.poll(() => kiosk.evaluate(() => document.fullscreenElement !== null)).toBe(false);
  await expect(kiosk.getByTestId('kiosk-full-screen')).toHaveText('Full screen');
  const qr = kiosk.getByTestId('kiosk-qr-code');
  await expect
    .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  const code = await qr.getAttribute('data-code');
  expect(code).toMatch(/^\d+\.[A-Za-z0-9]{4,16}\.[\w-]{22}$/);
  // Names appear only once two letters are typed: the screen faces the whole queue.
  await kiosk.getByTestId('kiosk-search').fill('b');
  await expect(kiosk.getByTestId('kiosk-matches').locator('li')).toHaveCount(0);
  await kiosk.getByTestId('kiosk-search').fill('ben');
  await kiosk.getByRole('button', { name: `Check in Ben ${ben.user.lastName}` }).click();
  await expect(kiosk.getByTestId('kiosk-welcome')).toHaveText(`Welcome, Ben ${ben.user.lastName}! You are checked in.`);
  await expect.poll(() => checkedInAtOf(context.request, event.id, ben.user.id)).not.toBeNull();
  await expectNoSeriousAccessibilityViolations(kiosk);

  // Ana scans the code: the QR code's link goes through sign-in (she is signed in) to the check-in.
  const codeAnswer = await context.request.get(`/api/events/${event.id}/check-in-code?device=KIOSK1`);
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
  await anaPage.goto(
    `/events/${event.id}/check-in/self?code=${encodeURIComponent(`${Date.now()}.KIOSK1.${'A'.repeat(22)}`)}`,
  );
  await expect(anaPage.getByTestId('self-check-in-outcome')).toHaveText('This is not a check-in code of this event.');
  await phone.close();

  // Back at the door, with its chrome: everyone is in, the walk-in beyond the places.
  await kiosk.close();
  await expect(page).toHaveURL(new RegExp(`/events/${event.id}/check-in$`));
  await expect(page.getByTestId('app-header')).toBeVisible();
  await expect(page.getByTestId('email-verification-banner')).toHaveCount(0);
  await page.goto(`/events/${event.id}/check-in`);
  await expect(page.getByTestId('app-header')).toBeVisible();
  await expect(page.getByTestId('email-verification-banner')).toHaveCount(0);
  await expect(page.getByTestId('count-in')).toContainText('3');
  // Gina was added by mistake after all: undone, she leaves the list and the count.
  await page.getByRole('button', { name: 'Undo the check-in of Gina Guest' }).click();
  await expect(page.getByTestId('door-guest')).toHaveCount(0);
  await expect(page.getByTestId('count-in')).toContainText('2');
  await expect.poll(() => guestsOf(context.request, event.id)).toEqual([]);
});

test("the reminder's answer page: a GET only asks; the press confirms, or gives the place to the first one waiting", async ({
  page,
  context,
  user,
  newPerson,
}) => {
  const answer = await page.goto('/mail/attendance?token=not-a-token');
  expect(answer?.status()).toBe(400);
  await expect(page.getByRole('heading', { name: 'Your place at an event' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This link is not valid. Open the event on PitchIn to answer.');
  await expect(page.getByRole('button')).toHaveCount(0);
  await expectNoSeriousAccessibilityViolations(page);

  // Tomorrow's event, full with the user's one place, someone waiting for it.
  const organizer = await newPerson({ firstName: 'Olga', lastName: `Organizer${suffix()}` });
  const startsAt = new Date(Date.now() + 20 * 60 * 60 * 1000);
  const title = `Community kitchen ${suffix()}`;
  const event = await createEventWith(organizer.request, { title, date: startsAt.toISOString(), maxAttendees: 1 });
  await rsvpWith(context.request, event.id);
  const waiting = await newPerson({ firstName: 'Wes', lastName: `Waiting${suffix()}` });
  expect((await waiting.request.post(`/api/events/${event.id}/waitlist`)).status()).toBe(201);
  const ticketCode: string = (await (await context.request.get(`/api/events/${event.id}/ticket`)).json()).code;
  // The reminder's links, signed as the server signs them (decision 0033).
  const linkTo = (purpose: 'confirm' | 'cancel') =>
    `/mail/attendance?token=${encodeURIComponent(
      createAttendanceReplyToken(
        E2E_SESSION_SECRET,
        { purpose, eventId: event.id, userId: user.id, expiresAt: startsAt },
        ticketCode,
      ),
    )}`;
  const attendeesOf = async () =>
    (await (await organizer.request.get(`/api/events/${event.id}/attendees`)).json()) as {
      attendees: Array<{ user: { id: string }; confirmedAt: string | null }>;
      waitlist: Array<{ user: { id: string } }>;
    };

  // "I'm coming": opening the link (as a mail scanner does) shows one button and records nothing.
  await page.goto(linkTo('confirm'));
  await expect(page.getByText(`Confirm that you are coming to ${title}`)).toBeVisible();
  await expect(page.getByRole('button')).toHaveCount(1);
  expect((await attendeesOf()).attendees.find((entry) => entry.user.id === user.id)?.confirmedAt).toBeNull();
  await page.getByRole('button', { name: "Yes, I'm coming" }).click();
  await expect(page.getByRole('status')).toHaveText(`Thank you: the organizer sees that you are coming to ${title}.`);
  expect((await attendeesOf()).attendees.find((entry) => entry.user.id === user.id)?.confirmedAt).toEqual(
    expect.any(String),
  );
  await expectNoSeriousAccessibilityViolations(page);

  // "I can't come": the same, and only the press gives the place up, to Wes at once.
  await page.goto(linkTo('cancel'));
  await expect(page.getByText(`Give up your place at ${title}`)).toBeVisible();
  await expect(page.getByRole('button')).toHaveCount(1);
  let attendees = await attendeesOf();
  expect(attendees.attendees.map((entry) => entry.user.id)).toContain(user.id);
  expect(attendees.waitlist.map((entry) => entry.user.id)).toEqual([waiting.user.id]);
  await page.getByRole('button', { name: 'Yes, give up my place' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Your place at ${title} is given up. Thank you for telling us in time.`,
  );
  attendees = await attendeesOf();
  expect(attendees.attendees.map((entry) => entry.user.id)).not.toContain(user.id);
  expect(attendees.attendees.map((entry) => entry.user.id)).toContain(waiting.user.id);
  expect(attendees.waitlist).toEqual([]);
  // The link died with the place: opened again, it says so and offers nothing to press.
  await page.goto(linkTo('cancel'));
  await expect(page.getByRole('alert')).toHaveText('You no longer hold a place at this event.');
  await expect(page.getByRole('button')).toHaveCount(0);
});
