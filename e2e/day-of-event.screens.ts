import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type CaptureSmtpServer, startCaptureSmtpServer } from '../server/modules/mail/capture-smtp-server';
import { expect, test } from './support/fixtures';
import { createEventWith, rsvpWith } from './support/accounts';
import { E2E_BASE_URL, E2E_PORT } from './support/e2e-settings';
import { captureScreens, SCREENSHOT_DIRECTORY } from './support/screens';

/** The day of the event (decisions §19): the door with walk-ins, the kiosk, the reminder's answer page. */

const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test('the door with walk-ins, and the kiosk', async ({ page, context, signUp, newPerson }) => {
  await signUp({ firstName: 'Maya', lastName: 'Okafor' });
  const event = await createEventWith(context.request, {
    title: 'Riverside tree planting',
    date: inAnHour(),
    maxAttendees: 3,
  });
  const codes: string[] = [];
  const people: Array<Awaited<ReturnType<typeof newPerson>>> = [];
  for (const [firstName, lastName] of [
    ['Noor', 'Haddad'],
    ['Kenji', 'Sato'],
    ['Inês', 'Moreau-Fontaine'],
  ] as const) {
    const person = await newPerson({ firstName, lastName });
    await rsvpWith(person.request, event.id);
    people.push(person);
    codes.push((await (await person.request.get(`/api/events/${event.id}/ticket`)).json()).code);
  }
  expect((await context.request.post(`/api/events/${event.id}/check-ins`, { data: { code: codes[0] } })).status()).toBe(
    200,
  );
  for (const [firstName, lastName] of [
    ['Gina', 'Guest'],
    ['Tomás', 'Reyes'],
  ] as const)
    expect(
      (
        await context.request.post(`/api/events/${event.id}/walk-ins`, {
          data: { firstName, lastName, email: `walk-in-${codes.length}-${firstName.length}-${Date.now()}@example.org` },
        })
      ).status(),
    ).toBe(201);

  // Kenji checked himself in with a kiosk's code: the door names the kiosk.
  const kioskCode = (await (await context.request.get(`/api/events/${event.id}/check-in-code?device=HALL7K`)).json())
    .code;
  expect(
    (await people[1]!.request.post(`/api/events/${event.id}/self-check-in`, { data: { code: kioskCode } })).status(),
  ).toBe(200);
  // One guest has left already: the door shows their time out.
  const [leaving] = (await (await context.request.get(`/api/events/${event.id}/check-ins`)).json()).guests;
  expect((await context.request.post(`/api/events/${event.id}/walk-ins/${leaving.id}/check-out`)).status()).toBe(200);

  await captureScreens(page, 'day-of-event-door', `/events/${event.id}/check-in`, async (screen) => {
    await expect(screen.getByTestId('door-guest')).toHaveCount(2);
    await screen.getByTestId('walk-in-open').click();
    await screen.getByTestId('walk-in-form').getByLabel('First name').fill('Sam');
  });
  await captureScreens(page, 'day-of-event-kiosk', `/events/${event.id}/check-in/kiosk`, async (screen) => {
    const qr = screen.getByTestId('kiosk-qr-code');
    await expect
      .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    await screen.getByTestId('kiosk-search').fill('ke');
  });
});

test('the reminder and its answer page', async ({ browser, context, user: _user, eventOfAnother }) => {
  // The server mails to a loopback SMTP server two ports up (scripts/e2e-server.mjs); the reminder
  // scan runs once a minute, so the reminder of an event starting tomorrow arrives within about one.
  const smtp: CaptureSmtpServer = await startCaptureSmtpServer(E2E_PORT + 2);
  try {
    const event = await eventOfAnother({
      title: 'Community kitchen',
      date: new Date(Date.now() + 20 * 60 * 60 * 1000).toISOString(),
    });
    await rsvpWith(context.request, event.id);
    await expect
      .poll(() => smtp.mails.find((mail) => mail.text?.includes('Community kitchen starts')), { timeout: 90_000 })
      .toBeTruthy();
    const reminder = smtp.mails.find((mail) => mail.text?.includes('Community kitchen starts'))!;
    const link = /http:\/\/\S+\/mail\/attendance\?token=\S+/.exec(reminder.text ?? '')![0];
    const target = new URL(link);
    mkdirSync(SCREENSHOT_DIRECTORY, { recursive: true });
    for (const [viewport, size] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1440, height: 900 }],
    ] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        // A page of its own, opened from a mail on any device: no session and no app around it.
        const visitor = await browser.newContext({ viewport: size, colorScheme });
        const page = await visitor.newPage();
        await page.goto(`${E2E_BASE_URL}${target.pathname}${target.search}`);
        await expect(page.getByRole('button', { name: "Yes, I'm coming" })).toBeVisible();
        await page.screenshot({
          path: path.join(SCREENSHOT_DIRECTORY, `day-of-event-confirm-${colorScheme}-${viewport}.png`),
          fullPage: true,
        });
        await visitor.close();
      }
    }
    // Pressed: the answer, on a phone.
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await visitor.newPage();
    await page.goto(`${E2E_BASE_URL}${target.pathname}${target.search}`);
    await page.getByRole('button', { name: "Yes, I'm coming" }).click();
    await expect(page.getByRole('status')).toContainText('the organizer sees that you are coming');
    await page.screenshot({ path: path.join(SCREENSHOT_DIRECTORY, 'day-of-event-confirmed-light-phone.png') });
    await visitor.close();
  } finally {
    await smtp.close();
  }
});
