import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { expect, test, setLatency } from './support/fixtures';
import { expectToast } from './support/toasts';
import { expectNoSeriousAccessibilityViolations, inBothThemes } from './support/accessibility';
import {
  CONFIRMED_DEMO_SENDERS,
  createEventWith,
  signInWith,
  signUpInBrowser,
  signUpWith,
  type TestUser,
} from './support/accounts';
import { waitForLivePage } from './support/live-page';
import { useLanguage } from './support/language';

/**
 * The 'Share Event' dialog, the share control and the Quick Share card on the event
 * detail page, against the real server. What stands in for the DEVICE (a native
 * share sheet, a refusing clipboard, a slow encoder, a slow or absent network) is set up in the browser;
 * PitchIn's own API is never faked. The social sites are answered locally so no test leaves the machine.
 */

test.use({ timezoneId: 'UTC', locale: 'en-US' });
// Each test signs up, creates an event and loads the detail page first; on a busy machine that alone
// can take half of the default 45 s.
test.describe.configure({ timeout: 90_000 });

// A real 1×1 PNG, so the server's content check accepts the event photo.
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

type SharedEvent = { id: number; title: string; description: string; location: string; date: string };

function suffix() {
  return randomBytes(3).toString('hex');
}

function createEvent(
  request: APIRequestContext,
  fields: { title?: string; images?: string[]; maxAttendees?: number | null } = {},
): Promise<SharedEvent> {
  return createEventWith(request, {
    title: fields.title ?? `Share test ${suffix()}`,
    description: 'Bring gloves; we provide bags, coffee and good company.',
    location: 'Praia da Rocha, Portimão',
    date: '2031-06-14T09:30:00.000Z',
    maxAttendees: fields.maxAttendees === undefined ? 25 : fields.maxAttendees,
    images: fields.images ?? [],
  });
}

/** A fresh organizer with a fresh event, on its detail page. */
async function openEventPage(page: Page, fields: Parameters<typeof createEvent>[1] = {}) {
  const user = await signUpInBrowser(page, { firstName: 'Marta', lastName: 'Quintela' });
  const event = await createEvent(page.context().request, fields);
  await page.goto(`/events/${event.id}`);
  // Generous: the first load of a screen's chunks is slow on a busy two-core machine.
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible({ timeout: 30_000 });
  await waitForLivePage(page);
  return { user, event };
}

async function openDialog(page: Page): Promise<Locator> {
  await page.getByTestId('share-button').click();
  const dialog = page.getByRole('dialog', { name: 'Share Event' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * The toast viewport. Found by its attributes, not its role: while the modal dialog is open Radix hides
 * everything outside it from the accessibility tree, which role queries respect.
 */
function toasts(page: Page) {
  return page.locator('[role="region"][aria-label^="Notifications"]');
}

function eventUrl(page: Page, id: number) {
  return `${new URL(page.url()).origin}/events/${id}`;
}

/** The social sites answer locally: a popup's URL is checked, never fetched from the internet. */
async function answerSocialSitesLocally(context: BrowserContext) {
  await context.route(/^https:\/\/(www\.facebook\.com|twitter\.com|www\.linkedin\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>share stand-in</title>' }),
  );
}

/** Records every window.open call (URL, target, features) and still opens the window. */
async function recordWindowOpen(page: Page) {
  await page.addInitScript(() => {
    const calls: Array<{ url: string; target: string | undefined; features: string | undefined }> = [];
    Object.defineProperty(window, '__openCalls', { value: calls });
    const open = window.open.bind(window);
    window.open = (url?: string | URL, target?: string, features?: string) => {
      calls.push({ url: String(url), target, features });
      return open(url, target, features);
    };
  });
}

async function openCalls(page: Page) {
  return page.evaluate(
    () => (window as unknown as { __openCalls: Array<{ url: string; target: string; features: string }> }).__openCalls,
  );
}

test.describe('Share dialog: message mode', () => {
  test('is the default, prefilled and editable; Send is disabled while blank and while sending; the message arrives', async ({
    page,
    browser,
    playwright,
    baseURL,
    throttle,
  }) => {
    // Only a confirmed account writes to an address (decisions §22): a demo account, which the seed confirms.
    await signInWith(page.context(), CONFIRMED_DEMO_SENDERS.share);
    const sender = (await (await page.request.get('/api/auth/user')).json()) as TestUser;
    const event = await createEvent(page.context().request);
    await page.goto(`/events/${event.id}`);
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible({ timeout: 30_000 });
    await waitForLivePage(page);
    const recipientRequest = await playwright.request.newContext({ baseURL });
    const recipient: TestUser = await signUpWith(recipientRequest, { firstName: 'Rui', lastName: 'Lobo' });

    const dialog = await openDialog(page);
    await expect(dialog.getByRole('tab', { name: 'Message' })).toHaveAttribute('aria-selected', 'true');
    const body = dialog.getByRole('textbox', { name: 'Message', exact: true });
    const prefilled = await body.inputValue();
    expect(prefilled.startsWith(`Check out this volunteer opportunity: ${event.title}`)).toBe(true);
    expect(prefilled).toContain(event.description);
    expect(prefilled).toContain(`Location: ${event.location}`);
    expect(prefilled).toContain('Date: Saturday, June 14, 2031 at 9:30 AM');

    const recipientField = dialog.getByLabel("Recipient's e-mail");
    const send = dialog.getByRole('button', { name: 'Send' });
    await expect(recipientField).toHaveAttribute('type', 'email');
    await expect(send).toBeDisabled();
    await recipientField.fill('   ');
    await expect(send).toBeDisabled();
    await recipientField.fill(recipient.email);
    await expect(send).toBeEnabled();

    const content = `${prefilled}\n\nSee you there! ${suffix()}`;
    await body.fill(content);
    // A slow network keeps the request in flight long enough to see the sending state.
    const cdp = await throttle(1500);
    await send.click();
    const sending = dialog.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    await expectToast(page, 'Event Shared', 'Event has been shared via message.');
    await expect(dialog).toBeHidden();
    await setLatency(cdp, 0);

    // The recipient finds it through the API…
    const messages = await (await recipientRequest.get('/api/messages')).json();
    const received = messages.find((message: { content: string }) => message.content === content);
    expect(received).toMatchObject({
      senderId: sender.id,
      receiverId: recipient.id,
      eventId: event.id,
      event: { id: event.id, title: event.title },
    });

    // …and on their Messages page.
    const recipientContext = await browser.newContext({ baseURL });
    await signInWith(recipientContext, recipient);
    const recipientPage = await recipientContext.newPage();
    await recipientPage.goto('/messages');
    const conversation = recipientPage
      .getByTestId('conversation')
      .filter({ hasText: `${sender.firstName} ${sender.lastName}` });
    await expect(conversation).toBeVisible({ timeout: 30_000 });
    await expect(conversation.getByTestId('conversation-event')).toContainText(event.title);
    await expect(conversation).toContainText('See you there!');
    await recipientContext.close();
    await recipientRequest.dispose();
  });

  test('an e-mail with no account is shared like any other (nothing tells them apart)', async ({ page }) => {
    // Only a confirmed account writes to an address with no account: a demo account, which the seed confirms.
    await signInWith(page.context(), CONFIRMED_DEMO_SENDERS.share);
    const event = await createEvent(page.context().request);
    await page.goto(`/events/${event.id}`);
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible({ timeout: 30_000 });
    await waitForLivePage(page);
    const dialog = await openDialog(page);
    const recipientField = dialog.getByLabel("Recipient's e-mail");
    await recipientField.fill(`nobody-${suffix()}@example.org`);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, 'Event Shared', 'Event has been shared via message.');
    await expect(dialog).toBeHidden();
  });

  test('an account that has not confirmed its address is told why it cannot write to an address with no account', async ({
    page,
  }) => {
    await openEventPage(page);
    const dialog = await openDialog(page);
    const recipientField = dialog.getByLabel("Recipient's e-mail");
    await recipientField.fill(`nobody-${suffix()}@example.org`);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Confirm your e-mail address first (see the reminder at the top of the page): only then can you write to an e-mail address.',
    );
    await expect(dialog).toBeVisible();
    await expect(recipientField).toHaveValue(/^nobody-/);
  });

  test("sending to yourself says why, from the answer's code", async ({ page }) => {
    const { user } = await openEventPage(page);
    const dialog = await openDialog(page);
    await dialog.getByLabel("Recipient's e-mail").fill(user.email);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('You cannot send a message to yourself');
  });

  test('a send that cannot reach the server shows the failure toast and keeps the form', async ({ page, context }) => {
    await openEventPage(page);
    const dialog = await openDialog(page);
    await dialog.getByLabel("Recipient's e-mail").fill('friend@example.org');
    await context.setOffline(true);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, 'Error', 'Failed to share event. Please try again.');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Recipient's e-mail")).toHaveValue('friend@example.org');
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeEnabled();
    await context.setOffline(false);
  });

  test('signed out meanwhile: the Unauthorized toast, then the sign-in page after 500 ms', async ({
    page,
    context,
  }) => {
    // A controlled clock: the 500 ms wait is stepped through, not raced against a busy machine.
    await page.clock.install();
    await openEventPage(page);
    const dialog = await openDialog(page);
    await dialog.getByLabel("Recipient's e-mail").fill('friend@example.org');
    await page.clock.pauseAt(Date.now() + 60_000);
    expect((await context.request.post('/api/logout')).status()).toBe(204);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, 'Unauthorized', 'You are logged out. Logging in again...');
    await page.clock.runFor(499);
    expect(page.url()).not.toMatch(/\/api\/login/);
    await page.clock.runFor(1);
    await expect(page).toHaveURL(/\/api\/login/);
  });
});

test.describe('Share dialog: link and native modes', () => {
  test('link mode shows {origin}/events/{id} and copies it; so does Copy Link', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { event } = await openEventPage(page);
    const dialog = await openDialog(page);
    await dialog.getByRole('tab', { name: 'Link' }).click();
    const link = dialog.getByLabel('Event link');
    await expect(link).toHaveValue(eventUrl(page, event.id));
    await expect(link).toHaveAttribute('readonly', '');

    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expectToast(page, 'Link Copied', 'Event link has been copied to your clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(eventUrl(page, event.id));

    await page.evaluate(() => navigator.clipboard.writeText('something else'));
    await dialog.getByRole('button', { name: 'Copy Link', exact: true }).click();
    await expectToast(page, 'Link Copied', 'Event link has been copied to your clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(eventUrl(page, event.id));
  });

  test('a refused clipboard shows the Error toast', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator.clipboard, 'writeText', {
        value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
      });
    });
    await openEventPage(page);
    const dialog = await openDialog(page);
    await dialog.getByRole('button', { name: 'Copy Link', exact: true }).click();
    await expectToast(page, 'Error', 'Failed to copy link to clipboard.');
  });

  test("native mode hands title, text and link to the device's share sheet", async ({ page }) => {
    await page.addInitScript(() => {
      const calls: ShareData[] = [];
      Object.defineProperty(window, '__shareCalls', { value: calls });
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          calls.push(data);
          return Promise.resolve();
        },
      });
    });
    const { event } = await openEventPage(page);
    const dialog = await openDialog(page);
    await dialog.getByRole('tab', { name: 'Other apps' }).click();
    await expect(dialog.getByTestId('share-native-fallback-note')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Open share menu' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shareCalls: ShareData[] }).__shareCalls))
      .toEqual([
        {
          title: event.title,
          text: `Check out this volunteer opportunity: ${event.title}`,
          url: eventUrl(page, event.id),
        },
      ]);
  });

  test('a cancelled native share is ignored: no toast, nothing copied', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      Object.defineProperty(window, '__shareCount', { value: { count: 0 }, writable: false });
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: () => {
          (window as unknown as { __shareCount: { count: number } }).__shareCount.count += 1;
          return Promise.reject(new DOMException('Share canceled', 'AbortError'));
        },
      });
    });
    await openEventPage(page);
    const dialog = await openDialog(page);
    await page.evaluate(() => navigator.clipboard.writeText('untouched'));
    await dialog.getByRole('tab', { name: 'Other apps' }).click();
    await dialog.getByRole('button', { name: 'Open share menu' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shareCount: { count: number } }).__shareCount.count))
      .toBe(1);
    // Give a toast every chance to appear before asserting there is none.
    await page.waitForTimeout(750);
    await expect(toasts(page).locator('li')).toHaveCount(0);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('untouched');
    await expect(dialog).toBeVisible();
  });

  test('without a native share sheet the link is copied instead', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      Reflect.deleteProperty(Navigator.prototype, 'share');
      Reflect.deleteProperty(Navigator.prototype, 'canShare');
    });
    const { event } = await openEventPage(page);
    const dialog = await openDialog(page);
    await dialog.getByRole('tab', { name: 'Other apps' }).click();
    await expect(dialog.getByTestId('share-native-fallback-note')).toHaveText(
      'This device has no share menu, so the event link will be copied instead.',
    );
    await dialog.getByRole('button', { name: 'Open share menu' }).click();
    await expectToast(page, 'Link Copied', 'Event link has been copied to your clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(eventUrl(page, event.id));
  });
});

test.describe('Share dialog: preview, social networks, image', () => {
  test('the preview card has the 1200×630 ratio and every field of the spec', async ({ page }) => {
    const { event } = await openEventPage(page, { maxAttendees: 40 });
    const dialog = await openDialog(page);
    const card = dialog.getByTestId('share-preview-card');
    await expect(card).toHaveAccessibleName(`Social media preview of ${event.title}`);
    const box = await card.locator(':scope > div').boundingBox();
    expect(box).not.toBeNull();
    expect(Math.abs(box!.width / box!.height - 1200 / 630)).toBeLessThan(0.01);
    for (const text of [
      'Cleanup',
      'Sat, Jun 14, 2031',
      '9:30 AM',
      event.title,
      event.description,
      event.location,
      '0/40 attending',
      'Organized by Marta Quintela',
      'PitchIn',
    ]) {
      await expect(card.getByText(text, { exact: true })).toBeVisible();
    }
    // The description is clamped to two lines.
    await expect(card.getByText(event.description, { exact: true })).toHaveCSS('-webkit-line-clamp', '2');
  });

  test('Facebook, Twitter and LinkedIn open a 600×400 popup on the right share URL; Instagram only explains', async ({
    page,
    context,
  }) => {
    await answerSocialSitesLocally(context);
    await recordWindowOpen(page);
    const { event } = await openEventPage(page);
    const url = encodeURIComponent(eventUrl(page, event.id));
    const text = encodeURIComponent(`Check out this volunteer opportunity: ${event.title}`);
    const dialog = await openDialog(page);
    const expected = [
      { name: 'Share on Facebook (opens a new window)', url: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
      {
        name: 'Share on Twitter (opens a new window)',
        url: `https://twitter.com/intent/tweet?url=${url}&text=${text}`,
      },
      {
        name: 'Share on LinkedIn (opens a new window)',
        url: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
      },
    ];
    for (const [index, network] of expected.entries()) {
      const popupOpened = page.waitForEvent('popup');
      await dialog.getByRole('button', { name: network.name }).click();
      const popup = await popupOpened;
      await expect.poll(() => popup.url()).toBe(network.url);
      const call = (await openCalls(page))[index];
      expect(call?.url).toBe(network.url);
      expect(call?.target).toBe('_blank');
      expect(call?.features).toMatch(/(^|,)width=600(,|$)/);
      expect(call?.features).toMatch(/(^|,)height=400(,|$)/);
      expect(call?.features).toMatch(/(^|,)noopener(,|$)/);
      await popup.close();
    }

    await dialog.getByRole('button', { name: 'Instagram' }).click();
    await expect(
      toasts(page).getByText('Download the image and share it manually on Instagram.', { exact: true }),
    ).toBeVisible();
    expect(await openCalls(page)).toHaveLength(3);
  });

  test("'Download Image': Generating..., then a 2400×1260 PNG on white named after the title", async ({ page }) => {
    // A slow device: the encoder waits until the test lets it go, so the working state can be seen.
    await page.addInitScript(() => {
      const toBlob = HTMLCanvasElement.prototype.toBlob;
      const gate: { isHeld: boolean; pending: (() => void) | null } = { isHeld: true, pending: null };
      Object.defineProperty(window, '__encoder', { value: gate });
      HTMLCanvasElement.prototype.toBlob = function (callback: BlobCallback, type?: string, quality?: number) {
        const run = () => toBlob.call(this, callback, type, quality);
        if (gate.isHeld) gate.pending = run;
        else run();
      };
    });
    const tag = suffix();
    const { event } = await openEventPage(page, { title: `Beach Clean-up: Día 1! ${tag}`, images: [PNG_DATA_URL] });
    const dialog = await openDialog(page);

    const downloadStarted = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download Image' }).click();
    const working = dialog.getByRole('button', { name: 'Generating...' });
    await expect(working).toBeVisible();
    await expect(working).toBeDisabled();
    type Encoder = { __encoder: { isHeld: boolean; pending: (() => void) | null } };
    await page.waitForFunction(() => (window as unknown as Encoder).__encoder.pending !== null);
    await expect(working).toBeVisible();
    await page.evaluate(() => {
      const gate = (window as unknown as Encoder).__encoder;
      gate.isHeld = false;
      gate.pending?.();
    });
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toBe(`beach_clean_up__d_a_1__${tag}_share.png`);
    await expectToast(page, 'Image Generated!', 'Social media preview image downloaded successfully.');
    await expect(dialog.getByRole('button', { name: 'Download Image' })).toBeEnabled();

    const png = await readFile(await download.path());
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([2400, 1260]);

    // Drawn, on white: the corner under the card is white, the brand accent along the top is not.
    const [corner, accent] = await page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(image, 0, 0);
      return [Array.from(ctx.getImageData(20, 1250, 1, 1).data), Array.from(ctx.getImageData(20, 5, 1, 1).data)];
    }, png.toString('base64'));
    expect(corner).toEqual([255, 255, 255, 255]);
    expect(accent.slice(0, 3)).not.toEqual([255, 255, 255]);
    expect(event.id).toBeGreaterThan(0);
  });

  test("an image the device cannot encode shows 'Generation Failed'", async ({ page }) => {
    await page.addInitScript(() => {
      HTMLCanvasElement.prototype.toBlob = function (callback: BlobCallback) {
        setTimeout(() => callback(null), 0);
      };
    });
    await openEventPage(page);
    const dialog = await openDialog(page);
    await dialog.getByRole('button', { name: 'Download Image' }).click();
    await expectToast(page, 'Generation Failed', 'Unable to generate image. Please try again.');
    await expect(dialog.getByRole('button', { name: 'Download Image' })).toBeEnabled();
  });
});

test.describe('Quick Share card and share control', () => {
  test('networks open 600×400 popups, Copy Link copies, Create Custom Preview opens the dialog', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await answerSocialSitesLocally(context);
    await recordWindowOpen(page);
    const { event } = await openEventPage(page);
    const url = encodeURIComponent(eventUrl(page, event.id));
    const card = page.getByTestId('quick-share-card');
    await expect(card.getByRole('heading', { name: 'Quick Share' })).toBeVisible();

    const expected = [
      { name: 'Share on Facebook (opens a new window)', url: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
      {
        name: 'Share on Twitter (opens a new window)',
        url: `https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent(`Check out this volunteer opportunity: ${event.title}`)}`,
      },
      {
        name: 'Share on LinkedIn (opens a new window)',
        url: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
      },
    ];
    for (const [index, network] of expected.entries()) {
      const popupOpened = page.waitForEvent('popup');
      await card.getByRole('button', { name: network.name }).click();
      const popup = await popupOpened;
      await expect.poll(() => popup.url()).toBe(network.url);
      expect((await openCalls(page))[index]?.features).toMatch(/^width=600,height=400,.*noopener/);
      await popup.close();
    }

    await card.getByRole('button', { name: 'Copy Link' }).click();
    await expectToast(page, 'Link Copied!', 'Event link copied to clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(eventUrl(page, event.id));

    await card.getByRole('button', { name: 'Create Custom Preview' }).click();
    await expect(page.getByRole('dialog', { name: 'Share Event' })).toBeVisible();
  });

  test("Quick Share's copy failure shows 'Copy Failed'", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator.clipboard, 'writeText', {
        value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
      });
    });
    await openEventPage(page);
    await page.getByTestId('quick-share-card').getByRole('button', { name: 'Copy Link' }).click();
    await expectToast(page, 'Copy Failed', 'Unable to copy link to clipboard.');
  });

  test('works from the keyboard: open, move between modes, close back to the share control', async ({ page }) => {
    await openEventPage(page);
    const share = page.getByRole('button', { name: 'Share', exact: true });
    await share.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Share Event' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Message' })).toHaveAttribute('aria-selected', 'true');
    await dialog.getByRole('tab', { name: 'Message' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByRole('tab', { name: 'Link' })).toBeFocused();
    await expect(dialog.getByRole('tab', { name: 'Link' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByLabel('Event link')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(share).toBeFocused();
  });

  test('right to left in Arabic: translated, mirrored and inside the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, 'ar');
    await openEventPage(page);
    await page.getByTestId('share-button').click();
    const dialog = page.getByRole('dialog', { name: 'مشاركة الفعالية' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(dialog.getByRole('tab', { name: 'رسالة' })).toHaveAttribute('aria-selected', 'true');
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });

  test('no serious or critical axe violation in the dialog, in either theme', async ({ page }) => {
    test.setTimeout(180_000);
    await openEventPage(page);
    await inBothThemes(page, async () => {
      const dialog = await openDialog(page);
      await expect(dialog.getByTestId('share-preview-card')).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);
      await dialog.getByRole('tab', { name: 'Link' }).click();
      await expectNoSeriousAccessibilityViolations(page);
      await page.keyboard.press('Escape');
    });
  });
});
