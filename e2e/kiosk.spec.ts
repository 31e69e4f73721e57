import { randomBytes } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { createEventWith, rsvpWith } from './support/accounts';

/**
 * The kiosk (decisions §22, §24): its code is shown only on it and renewed every 30 seconds, each code
 * names the kiosk and the door's log says which kiosk a self check-in came through; nothing on it leads
 * back into the organizer's session.
 */
const suffix = () => randomBytes(3).toString('hex');
const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

test('the kiosk opens in a tab of its own with no way back into the organizer’s pages, and renews its code', async ({
  page,
  context,
  user: _organizer,
  newPerson,
}) => {
  const event = await createEventWith(context.request, { title: `Beach day ${suffix()}`, date: inAnHour() });
  const cleo = await newPerson({ firstName: 'Cleo', lastName: `Mbeki${suffix()}` });
  await rsvpWith(cleo.request, event.id);

  await page.goto(`/events/${event.id}/check-in`);
  const [kiosk] = await Promise.all([context.waitForEvent('page'), page.getByTestId('door-kiosk').click()]);
  await expect(kiosk).toHaveURL(new RegExp(`/events/${event.id}/check-in/kiosk$`));
  await expect(kiosk.getByRole('heading', { name: 'Check in here' })).toBeVisible();
  await expect(kiosk.getByTestId('kiosk-qr-code')).toBeVisible();
  // No link away from the screen the queue faces (its skip link stays on it), and the tab's Back has nowhere to go.
  await expect(kiosk.locator('a[href]:not([href^="#"])')).toHaveCount(0);
  await expect(kiosk.getByTestId('app-header')).toHaveCount(0);
  expect(await kiosk.evaluate(() => history.length)).toBe(1);
  await kiosk.goBack();
  await expect(kiosk).toHaveURL(new RegExp(`/events/${event.id}/check-in/kiosk$`));
  await expect(kiosk.getByRole('heading', { name: 'Check in here' })).toBeVisible();

  // The kiosk names itself; its code carries the name, and a scan of it is logged under that name.
  const device = kiosk.getByTestId('kiosk-device');
  await expect(device).toHaveText(/^This kiosk: [A-Z2-9]{6}$/);
  const name = (await device.textContent())!.replace('This kiosk: ', '');
  const code = (await kiosk.getByTestId('kiosk-qr-code').getAttribute('data-code'))!;
  expect(code.split('.')[1]).toBe(name);
  const scan = await cleo.request.post(`/api/events/${event.id}/self-check-in`, { data: { code } });
  expect(scan.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('door-person-device')).toHaveText(`Checked themself in at kiosk ${name}`);
  await kiosk.close();

  // The code is renewed every 30 seconds: a tablet's clock moved on shows a new code, under the same name.
  const tablet = await context.newPage();
  await tablet.clock.install();
  await tablet.goto(`/events/${event.id}/check-in/kiosk`);
  const qr = tablet.getByTestId('kiosk-qr-code');
  await expect(qr).toBeVisible();
  await expect(tablet.getByTestId('kiosk-device')).toHaveText(`This kiosk: ${name}`);
  const first = await qr.getAttribute('data-code');
  // Codes are made per second: each poll moves the tablet's clock past a renewal until a new second's code shows.
  await expect
    .poll(async () => {
      await tablet.clock.fastForward(31_000);
      return qr.getAttribute('data-code');
    })
    .not.toBe(first);
  expect((await qr.getAttribute('data-code'))!.split('.')[1]).toBe(name);
  await expect(tablet.locator('a[href]:not([href^="#"])')).toHaveCount(0);
});
