import { randomBytes } from 'node:crypto';
import { type Locator, type Page } from '@playwright/test';
import { expect as baseExpect, test, setLatency } from './support/fixtures';
import { expectNoSeriousAccessibilityViolations, inBothThemes } from './support/accessibility';
import { recordToasts, toast } from './support/toasts';
import { waitForFocusOnFirstError } from './support/forms';

/** The create event dialog against the real server. */

test.use({ timezoneId: 'UTC', locale: 'en-US' });
// Each test signs up, loads Home and talks to the real server: give a busy machine room.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 45_000 });

// A real 1×1 PNG, so the server's content check accepts it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function pad(value: number) {
  return String(value).padStart(2, '0');
}

/** datetime-local value in UTC (the browser runs in UTC here). */
function localValue(date: Date) {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

async function openFromHome(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.locator('section[aria-labelledby="home-greeting"]').getByRole('button', { name: 'Create Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Event' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function pickCategory(page: Page, dialog: Locator, name: string) {
  const trigger = dialog.getByRole('combobox', { name: 'Category' });
  await trigger.click();
  await page.getByRole('option', { name }).click();
  // The list gives the focus back to its button as it closes, after the click: a field focused before
  // that loses it again (the place picker then closed its suggestions, and a test waited 3 minutes).
  await expect(trigger).toBeFocused();
}

async function fillRequired(page: Page, dialog: Locator, fields: { title: string; date: Date; category?: string }) {
  await dialog.getByLabel('Event Title').fill(fields.title);
  await dialog.getByLabel('Description').fill('Bring gloves; we provide bags and coffee.');
  await dialog.getByLabel('Location', { exact: true }).fill('Parque da Cidade, Porto');
  await dialog.getByLabel('Date & Time').fill(localValue(fields.date));
  await pickCategory(page, dialog, fields.category ?? 'Environmental');
}

test.describe('Create event dialog', () => {
  test('the required-field messages, the +30 minutes minimum, attendee and URL checks', async ({ page, user }) => {
    // A pinned clock: 09:12:20 UTC, so the earliest start is 09:43 (now + 30 min, up to the minute).
    await page.clock.setFixedTime(new Date('2027-05-04T09:12:20Z'));
    const dialog = await openFromHome(page);
    await expect(dialog.getByLabel('Date & Time')).toHaveAttribute('min', '2027-05-04T09:43');

    await dialog.getByRole('button', { name: 'Create Event' }).click();
    for (const message of [
      'Title is required',
      'Description is required',
      'Location is required',
      'Date is required',
      'Category is required',
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByLabel('Event Title')).toHaveAttribute('aria-invalid', 'true');

    // Blank-looking text is still missing.
    await dialog.getByLabel('Event Title').fill('   ');
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await expect(dialog.getByText('Title is required', { exact: true })).toBeVisible();

    // A pasted tab is refused as the server refuses it (a title is one line, written into calendar files).
    await dialog.getByLabel('Event Title').fill('Park\tcleanup');
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await expect(dialog.getByText('Keep it on one line, without tabs or control characters.')).toBeVisible();
    await dialog.getByLabel('Event Title').fill('Park cleanup');
    await expect(dialog.getByText('Keep it on one line, without tabs or control characters.')).toHaveCount(0);

    await dialog.getByLabel('Date & Time').fill('2027-05-04T09:30');
    await dialog.getByLabel('Maximum Attendees').fill('0');
    await dialog.getByLabel('Image URL').fill('not a link');
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await expect(dialog.getByText('Choose a time at least 30 minutes from now.')).toBeVisible();
    await expect(dialog.getByText('Enter a whole number from 1 to 100000, or leave it blank.')).toBeVisible();
    await expect(
      dialog.getByText('Enter a valid URL starting with https:// that points to a public site.'),
    ).toBeVisible();

    // Description, location and category are still empty: the focus goes to the first of them.
    await waitForFocusOnFirstError(dialog.getByLabel('Description'));

    // Fixing them clears the messages as you type.
    await dialog.getByLabel('Date & Time').fill('2027-05-04T09:43');
    await dialog.getByLabel('Maximum Attendees').fill('');
    await dialog.getByLabel('Image URL').fill('https://example.org/park.jpg');
    await expect(dialog.getByText('Choose a time at least 30 minutes from now.')).toHaveCount(0);
    await expect(dialog.getByText(/Enter a whole number/)).toHaveCount(0);
    await expect(dialog.getByText(/Enter a valid URL/)).toHaveCount(0);
  });

  test('photos: several added as thumbnails, removable, non-images and files over 5 MB refused', async ({
    page,
    user,
  }) => {
    const dialog = await openFromHome(page);
    const input = dialog.getByTestId('create-event-photos-input');
    await input.setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: PNG },
      { name: 'two.png', mimeType: 'image/png', buffer: PNG },
      { name: 'three.png', mimeType: 'image/png', buffer: PNG },
    ]);
    const photos = dialog.getByTestId('create-event-photo');
    await expect(photos).toHaveCount(3);
    await expect(photos.first().getByRole('img')).toHaveAttribute('src', /^data:image\/png;base64,/);

    await dialog.getByRole('button', { name: 'Remove photo 2' }).click();
    await expect(photos).toHaveCount(2);

    await input.setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
      { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) },
    ]);
    await expect(dialog.getByTestId('create-event-photo-error')).toHaveText(
      'notes.txt is not a PNG, JPEG, WebP or GIF image. huge.png is larger than 5 MB.',
    );
    await expect(photos).toHaveCount(2);

    // The picker is reachable by keyboard through its button.
    await expect(dialog.getByRole('button', { name: 'Add photos' })).toBeVisible();
  });

  test('creates the event: Creating..., toast, close, its page opens; Back shows it on Home without a reload', async ({
    page,
    context,
    user,
    throttle,
  }) => {
    const title = `Fresh on Home ${randomBytes(3).toString('hex')}`;
    const dialog = await openFromHome(page);
    const start = new Date(Date.now() + 50 * 60 * 1000);
    await fillRequired(page, dialog, { title, date: start });
    // The place picker: the last part of the location suggests cities; choosing one keeps its coordinates.
    const location = dialog.getByRole('combobox', { name: 'Location' });
    await location.fill('Parque da Cidade, Porto');
    await page.getByRole('option', { name: 'Porto, Portugal', exact: true }).click();
    await expect(location).toHaveValue('Parque da Cidade, Porto, Portugal');
    await expect(dialog.getByTestId('place-pinned')).toContainText('Porto, Portugal');
    await dialog
      .getByTestId('create-event-photos-input')
      .setInputFiles([{ name: 'park.png', mimeType: 'image/png', buffer: PNG }]);
    await expect(dialog.getByTestId('create-event-photo')).toHaveCount(1);

    // Real throttling (not a mock) so the pending state is on screen long enough to see.
    const cdp = await throttle(1500);
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await expect(dialog.getByRole('button', { name: 'Creating...' })).toBeDisabled();
    await setLatency(cdp, 0);

    await expect(toast(page, 'Event Created', 'Your event has been created successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The app goes to the new event's page.
    await expect(page).toHaveURL(/\/events\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const createdId = Number(new URL(page.url()).pathname.split('/').pop());

    // Back on Home (the app's own history, no reload), the new event is listed.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    const card = page.getByTestId('event-card').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await expect(card).toBeVisible();
    // Decorative (alt=""), so found by tag: the title beside it already names the event.
    await expect(card.locator('img')).toHaveAttribute('src', /\/api\/images\//);
    await expect(card.getByTestId('event-card-category')).toHaveText('Environmental');

    // The payload followed the contract: no maximum → null, no image URL → null, the photo uploaded.
    const mine: {
      id: number;
      title: string;
      maxAttendees: number | null;
      imageUrl: string | null;
      images: string[];
      category: { name: string };
      date: string;
      latitude: number | null;
      longitude: number | null;
    }[] = await (await context.request.get('/api/my-events')).json();
    const created = mine.find((event) => event.title === title)!;
    expect(created.id).toBe(createdId);
    expect(created.maxAttendees).toBeNull();
    expect(created.imageUrl).toBeNull();
    expect(created.images).toHaveLength(1);
    expect(created.category.name).toBe('Environmental');
    expect(created.date.slice(0, 16)).toBe(start.toISOString().slice(0, 16));
    expect(created.latitude).toBeCloseTo(41.15, 1);
    expect(created.longitude).toBeCloseTo(-8.61, 1);

    // Reset: reopening shows an empty form without the old photo.
    await page
      .locator('section[aria-labelledby="home-greeting"]')
      .getByRole('button', { name: 'Create Event' })
      .click();
    await expect(dialog.getByLabel('Event Title')).toHaveValue('');
    await expect(dialog.getByTestId('create-event-photo')).toHaveCount(0);
  });

  test('from My events: the new event opens; back on My events it is in Upcoming Events without a reload', async ({
    page,
    user,
  }) => {
    await page.goto('/my-events');
    await expect(page.getByRole('heading', { name: 'Upcoming Events (0)' })).toBeVisible();
    await page.getByRole('button', { name: 'Create New Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Event' });
    const title = `Dashboard ${randomBytes(3).toString('hex')}`;
    await fillRequired(page, dialog, {
      title,
      date: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
      category: 'Technology',
    });
    await dialog.getByLabel('Maximum Attendees').fill('15');
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/events\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await page.goBack();
    await expect(page).toHaveURL(/\/my-events$/);
    await expect(page.getByRole('heading', { name: 'Upcoming Events (1)' })).toBeVisible();
    await expect(page.getByTestId('stat-organized')).toContainText('1');
    const card = page.getByTestId('event-card').filter({ hasText: title });
    await expect(card.getByTestId('event-card-attendance')).toHaveText('0/15');
  });

  test('a refused create shows the failure toast and keeps the form', async ({ page, user }) => {
    const dialog = await openFromHome(page);
    const title = `Refused ${randomBytes(3).toString('hex')}`;
    await fillRequired(page, dialog, { title, date: new Date(Date.now() + 2 * 60 * 60 * 1000) });
    // Declared a PNG but is not one: the browser cannot tell, the server checks the content and refuses.
    await dialog
      .getByTestId('create-event-photos-input')
      .setInputFiles([{ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('definitely not a picture') }]);
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await expect(toast(page, 'Error', 'Failed to create event. Please try again.')).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Event Title')).toHaveValue(title);
    await expect(dialog.getByRole('button', { name: 'Create Event' })).toBeEnabled();
  });

  test('signed out meanwhile: the Unauthorized toast, then the sign-in page after 500 ms', async ({
    page,
    context,
    user,
  }) => {
    const seen = await recordToasts(page);
    const dialog = await openFromHome(page);
    await fillRequired(page, dialog, {
      title: `Late ${randomBytes(3).toString('hex')}`,
      date: new Date(Date.now() + 2 * 60 * 60 * 1000),
    });
    expect((await context.request.post('/api/logout')).status()).toBe(204);
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await page.waitForURL(/\/api\/login/);
    const leftAt = await page.evaluate(() => performance.timeOrigin);
    const unauthorized = seen.find((item) => item.text.includes('Unauthorized'));
    expect(unauthorized?.text).toContain('You are logged out. Logging in again...');
    // The redirect waits 500 ms from when the toast is on screen (a few ms of slack for timers).
    expect(leftAt - (unauthorized?.at ?? leftAt)).toBeGreaterThanOrEqual(480);
  });
});

test.describe('Create event dialog on the server without events', () => {
  // axe then checks the dialog rather than two dozen cards behind it. Nothing is created there: the
  // form is only submitted empty.
  test.use({ baseURL: async ({ emptyServerUrl }, use) => use(emptyServerUrl) });

  test('no serious or critical axe violation in the dialog, in either theme', async ({ page, user }) => {
    test.setTimeout(240_000);
    await page.goto('/');
    await inBothThemes(page, async () => {
      await page
        .locator('section[aria-labelledby="home-greeting"]')
        .getByRole('button', { name: 'Create Event' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Create New Event' });
      await dialog.getByRole('button', { name: 'Create Event' }).click();
      await expect(dialog.getByText('Title is required')).toBeVisible();
      await dialog
        .getByTestId('create-event-photos-input')
        .setInputFiles([{ name: 'one.png', mimeType: 'image/png', buffer: PNG }]);
      await expect(dialog.getByTestId('create-event-photo')).toHaveCount(1);
      await expectNoSeriousAccessibilityViolations(page);
    });
  });
});
