import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import QRCode from 'qrcode';
import config from './playwright.config';
import { expect, test } from './support/fixtures';
import { createEventWith, rsvpWith } from './support/accounts';

/** The day of the event: the holder's ticket, and the organizer's door, with the network and without it. */

/**
 * The door's camera is Chromium's fake one, playing this file; a test writes a ticket's QR code into it
 * before it opens the camera (Chromium reads the file when the camera starts). One file per worker.
 */
const fakeCamera = path.resolve(
  import.meta.dirname,
  `../test-results/fake-camera-${process.env.TEST_PARALLEL_INDEX ?? '0'}.y4m`,
);
const FRAME_WIDTH = 640;
const FRAME_HEIGHT = 480;
const MODULE_PIXELS = 8;

/**
 * Two frames (Chromium loops them) of a QR code, dark on white, as a phone shows a ticket: YUV 4:2:0,
 * luma 16 (black) or 235 (white), neutral chroma.
 */
function writeFakeCamera(text: string) {
  const luma = Buffer.alloc(FRAME_WIDTH * FRAME_HEIGHT, 235);
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = modules.size * MODULE_PIXELS;
  const left = Math.floor((FRAME_WIDTH - side) / 2);
  const top = Math.floor((FRAME_HEIGHT - side) / 2);
  for (let row = 0; row < modules.size; row += 1)
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      for (let y = 0; y < MODULE_PIXELS; y += 1)
        luma.fill(
          16,
          (top + row * MODULE_PIXELS + y) * FRAME_WIDTH + left + column * MODULE_PIXELS,
          (top + row * MODULE_PIXELS + y) * FRAME_WIDTH + left + (column + 1) * MODULE_PIXELS,
        );
    }
  const chroma = Buffer.alloc((FRAME_WIDTH / 2) * (FRAME_HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  mkdirSync(path.dirname(fakeCamera), { recursive: true });
  writeFileSync(
    fakeCamera,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${FRAME_WIDTH} H${FRAME_HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
}

// The browser must know the file when it starts: an empty frame until a test puts a ticket in it.
writeFakeCamera('not a ticket yet');
const launchOptions = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${fakeCamera}`,
    ],
  },
  permissions: ['camera'],
});

const suffix = () => randomBytes(3).toString('hex');
/** Starting in an hour: inside the check-in window, which opens 2 hours before the start. */
const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

async function ticketCodeOf(request: APIRequestContext, eventId: number): Promise<string> {
  const response = await request.get(`/api/events/${eventId}/ticket`);
  expect(response.status()).toBe(200);
  return (await response.json()).code;
}

type DoorPerson = { user: { id: string }; checkedInAt: string | null };

async function doorOf(request: APIRequestContext, eventId: number): Promise<DoorPerson[]> {
  const response = await request.get(`/api/events/${eventId}/check-ins`);
  expect(response.status()).toBe(200);
  return (await response.json()).people;
}

test('a holder sees their ticket as a QR code on the event page, with its code', async ({
  page,
  context,
  user: _user,
  eventOfAnother,
}) => {
  const event = await eventOfAnother({ title: `Harbour cleanup ${suffix()}`, date: inAnHour() });
  await page.goto(`/events/${event.id}`);
  await expect(page.getByTestId('participation-card')).toBeVisible();
  // No place, no ticket.
  await expect(page.getByTestId('ticket-card')).toHaveCount(0);

  await rsvpWith(context.request, event.id);
  await page.reload();
  const card = page.getByTestId('ticket-card');
  await expect(card).toBeVisible();
  const code = await ticketCodeOf(context.request, event.id);
  await expect(card.getByTestId('ticket-code')).toHaveText(code.match(/.{4}/g)!.join(' '));
  const qr = card.getByTestId('ticket-qr');
  await expect(qr).toHaveAttribute('alt', 'Your check-in QR code');
  await expect
    .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  // Large enough to scan from arm's length on a phone.
  const box = await qr.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(240);
});

test('the door checks people in by code and by name, and keeps check-ins made offline until the network returns', async ({
  page,
  context,
  user: _organizer,
  newPerson,
}) => {
  const event = await createEventWith(context.request, { title: `Food bank ${suffix()}`, date: inAnHour() });
  const ana = await newPerson({ firstName: 'Ana', lastName: `Silva${suffix()}` });
  const ben = await newPerson({ firstName: 'Ben', lastName: `Okafor${suffix()}` });
  for (const person of [ana, ben]) await rsvpWith(person.request, event.id);
  const anaCode = await ticketCodeOf(ana.request, event.id);

  await page.addInitScript(() => {
    delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
  });
  await page.goto(`/events/${event.id}`);
  await page.getByTestId('open-check-in').click();
  await expect(page).toHaveURL(new RegExp(`/events/${event.id}/check-in$`));
  await expect(page.getByTestId('count-expected')).toContainText('2');
  await expect(page.getByTestId('count-in')).toContainText('0');

  // Ana's ticket in front of the camera, read by jsQR: the page's BarcodeDetector was taken away (the init
  // script above), as Firefox and Safari have none (Chromium on Linux has none either).
  writeFakeCamera(anaCode);
  await page.getByTestId('door-scan').click();
  await expect(page.getByTestId('scanner-video')).toBeVisible();
  await expect(page.getByTestId('door-outcome')).toHaveText(`Ana ${ana.user.lastName} is checked in.`);
  await page.getByTestId('door-scan').click();
  await expect(page.getByTestId('scanner-video')).toHaveCount(0);
  await expect(page.getByTestId('count-in')).toContainText('1');
  await expect
    .poll(
      async () => (await doorOf(context.request, event.id)).find((entry) => entry.user.id === ana.user.id)?.checkedInAt,
    )
    .not.toBeNull();

  // The network drops: Ben is checked in by name, twice by mistake, and waits on the device.
  await context.setOffline(true);
  await page.getByTestId('door-search').fill('ben');
  await expect(page.getByTestId('door-person')).toHaveCount(1);
  const tappedAt = Date.now();
  await page.getByRole('button', { name: `Check in Ben ${ben.user.lastName}` }).click();
  await expect(page.getByTestId('door-pending')).toContainText('Offline: 1 check-in is saved on this device');
  await expect(page.getByTestId('count-in')).toContainText('2');
  // Ben's code read out with spaces, as the ticket shows it.
  const benCode = await ticketCodeOf(ben.request, event.id);
  await page.getByTestId('door-code').fill(benCode.match(/.{4}/g)!.join(' ').toUpperCase());
  await page.getByTestId('door-submit').click();
  await expect(page.getByTestId('door-outcome')).toContainText('was already checked in');
  await expect(page.getByTestId('door-pending')).toContainText('1 check-in');
  // The offline context cuts the page, not the test's own API session: the server has not heard of Ben yet.
  expect(
    (await doorOf(context.request, event.id)).find((entry) => entry.user.id === ben.user.id)?.checkedInAt,
  ).toBeNull();

  const reconnectedAt = Date.now();
  await context.setOffline(false);
  await expect(page.getByTestId('door-pending')).toHaveCount(0, { timeout: 20_000 });
  const door = await doorOf(context.request, event.id);
  expect(door.filter((entry) => entry.checkedInAt !== null)).toHaveLength(2);
  // Ben came in when the door tapped his name, not when the network came back (decision 0028: the scan's own time).
  const benIn = new Date(door.find((entry) => entry.user.id === ben.user.id)!.checkedInAt!).getTime();
  expect(benIn).toBeGreaterThanOrEqual(tappedAt - 1000);
  expect(benIn).toBeLessThan(reconnectedAt);

  // A mistaken check-in is undone.
  await page.getByTestId('door-search').fill('');
  await page.getByRole('button', { name: `Undo the check-in of Ana ${ana.user.lastName}` }).click();
  await expect(page.getByTestId('count-in')).toContainText('1');
  await expect
    .poll(
      async () => (await doorOf(context.request, event.id)).find((entry) => entry.user.id === ana.user.id)?.checkedInAt,
    )
    .toBeNull();
});

test("the door is the organizer's alone", async ({ page, user: _user, eventOfAnother }) => {
  const event = await eventOfAnother({ date: inAnHour() });
  await page.goto(`/events/${event.id}/check-in`);
  await expect(page.getByTestId('door-state')).toHaveText('Only the organizer of this event can check people in.');
});
