import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { toast } from './support/toasts';
import { expectNoSeriousAccessibilityViolations, inBothThemes } from './support/accessibility';
import { createEventWith, findRecentPastEventWithAttendees, rsvpWith, signInWith } from './support/accounts';
import { E2E_BASE_URL } from './support/e2e-settings';
import { storeLanguage } from './support/language';

/** The organizer runs their own event from its page. */

const suffix = () => randomBytes(3).toString('hex');
// A real 1×1 PNG (the server checks content); each upload is stored as a photo of its own.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

type ApiEvent = {
  id: number;
  title: string;
  date: string;
  images: string[];
  durationMinutes: number;
  status: string;
  cancelReason: string | null;
  organizerId: string;
  rsvpCount: number;
  waitlistCount: number;
};

async function readEvent(request: APIRequestContext, id: number): Promise<ApiEvent> {
  const response = await request.get(`/api/events/${id}`);
  expect(response.status()).toBe(200);
  return response.json();
}

async function openOwnEvent(page: Page, id: number) {
  await page.goto(`/events/${id}`);
  await expect(page.getByTestId('organizer-panel')).toBeVisible();
  // The attendee list loads in the browser: once it is there, the page is live (clicks are taken).
  await expect(page.getByTestId('attendee-section').locator('[aria-busy="true"]')).toHaveCount(0);
}

test.describe('organizer event page', () => {
  test('shows the organizer tools instead of the RSVP card, axe clean in both themes', async ({
    page,
    context,
    user,
  }) => {
    // Four axe runs on a shared two-core machine.
    test.setTimeout(120_000);
    const event: ApiEvent = await createEventWith(context.request, {
      title: `Own event ${suffix()}`,
      maxAttendees: 10,
    });
    await openOwnEvent(page, event.id);
    await expect(page.getByTestId('participation-card')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'RSVP', exact: true })).toHaveCount(0);
    const panel = page.getByTestId('organizer-panel');
    for (const name of ['Edit event', 'Message attendees', 'Cancel event', 'Delete event'])
      await expect(panel.getByRole('button', { name })).toBeVisible();
    await expect(page.getByTestId('attendee-section')).toContainText('Nobody has RSVPed yet.');
    await inBothThemes(page, async () => {
      await expect(page.getByTestId('attendee-section')).toContainText('Nobody has RSVPed yet.');
      await expectNoSeriousAccessibilityViolations(page);
      await page.getByTestId('cancel-event').click();
      await expect(page.getByTestId('cancel-event-dialog')).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);
      await page.keyboard.press('Escape');
    });
  });

  test('edit: prefilled form, title, duration and photos (one removed, one added) saved', async ({
    page,
    context,
    user,
  }) => {
    const response = await context.request.post('/api/events', {
      data: {
        title: `Edit me ${suffix()}`,
        description: 'Before the edit.',
        location: 'Porto',
        date: new Date(Date.now() + 5 * 24 * 3600_000).toISOString(),
        categoryId: 1,
        maxAttendees: 20,
        imageUrl: null,
        images: [`data:image/png;base64,${PNG}`, `data:image/png;base64,${PNG}`],
        durationMinutes: 120,
      },
    });
    expect(response.status()).toBe(201);
    const created: ApiEvent = await response.json();
    expect(created.images).toHaveLength(2);
    expect(created.durationMinutes).toBe(120);

    await openOwnEvent(page, created.id);
    await page.getByTestId('edit-event').click();
    const dialog = page.getByTestId('edit-event-dialog');
    await expect(dialog.getByRole('heading', { name: 'Edit event' })).toBeVisible();
    await expect(dialog.getByLabel('Title')).toHaveValue(created.title);
    await expect(dialog.getByLabel('Location')).toHaveValue('Porto');
    await expect(dialog.getByTestId('event-duration')).toHaveValue('2');
    const photos = dialog.getByTestId('create-event-photo');
    await expect(photos).toHaveCount(2);
    await expect(photos.first().getByRole('img')).toHaveAttribute('src', created.images[0]!);

    const newTitle = `Edited ${suffix()}`;
    await dialog.getByLabel('Title').fill(newTitle);
    await dialog.getByTestId('event-duration').fill('2.5');
    await dialog.getByRole('button', { name: 'Remove photo 1' }).click();
    await dialog
      .getByTestId('create-event-photos-input')
      .setInputFiles([{ name: 'green.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') }]);
    await expect(photos).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Save changes' }).click();

    await expect(toast(page, 'Event Updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(newTitle);
    const saved = await readEvent(context.request, created.id);
    expect(saved.title).toBe(newTitle);
    expect(saved.durationMinutes).toBe(150);
    expect(saved.images).toHaveLength(2);
    // The second photo was kept, now first; the first one removed; the new one added after it.
    expect(saved.images[0]).toBe(created.images[1]);
    expect(saved.images).not.toContain(created.images[0]);
    await expect(page.getByTestId('photo-gallery').getByRole('listitem')).toHaveCount(2);
  });

  test('duration is part of the create form too (default 3 hours, bounds checked)', async ({ page, context, user }) => {
    await page.goto('/my-events');
    // My Events loads two lists first; the shared test machine can take a while.
    await expect(page.getByRole('heading', { name: 'Upcoming Events (0)' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Create New Event' }).click();
    const dialog = page.getByTestId('create-event-dialog');
    await expect(dialog.getByTestId('event-duration')).toHaveValue('3');
    const title = `Duration ${suffix()}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Ninety minutes.');
    await dialog.getByLabel('Location').fill('Faro');
    await dialog.getByLabel('Date').fill(new Date(Date.now() + 3 * 24 * 3600_000).toISOString().slice(0, 16));
    await dialog.getByTestId('create-event-category').click();
    await page.getByRole('option').first().click();
    const duration = dialog.getByTestId('event-duration');
    await duration.fill('30');
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await expect(dialog.getByTestId('error-durationHours')).toHaveText(
      'Duration must be between 15 minutes and 24 hours',
    );
    await duration.clear();
    await duration.pressSequentially('1.5');
    await expect(duration).toHaveValue('1.5');
    await expect(dialog.getByTestId('error-durationHours')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await expect(dialog).toBeHidden();
    const mine: ApiEvent[] = await (await context.request.get('/api/my-events')).json();
    expect(mine.find((event) => event.title === title)?.durationMinutes).toBe(90);
  });

  test('duplicate: the create form with everything but the date; creating opens the new event, the original unchanged', async ({
    page,
    context,
    user,
  }) => {
    type FullEvent = ApiEvent & {
      description: string;
      location: string;
      maxAttendees: number | null;
      categoryId: number;
      category: { name: string };
    };
    const original: FullEvent = await createEventWith(context.request, {
      title: `Beach cleanup ${suffix()}`,
      description: 'Gloves, bags and coffee provided.',
      location: 'Praia da Rocha, Portimão',
      maxAttendees: 12,
      categoryId: 4,
      images: [`data:image/png;base64,${PNG}`],
    });
    await openOwnEvent(page, original.id);
    await page.getByTestId('duplicate-event').click();
    const dialog = page.getByTestId('duplicate-event-dialog');
    await expect(dialog.getByRole('heading', { name: 'Duplicate event' })).toBeVisible();
    await expect(dialog.getByLabel('Title')).toHaveValue(original.title);
    await expect(dialog.getByLabel('Description')).toHaveValue(original.description);
    await expect(dialog.getByLabel('Location')).toHaveValue(original.location);
    await expect(dialog.getByLabel('Maximum Attendees')).toHaveValue('12');
    await expect(dialog.getByTestId('create-event-category')).toHaveText(original.category.name);
    await expect(dialog.getByTestId('create-event-photo')).toHaveCount(1);
    const date = dialog.getByLabel('Date');
    await expect(date).toHaveValue('');

    // The date is the one thing to choose: without it nothing is created.
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await expect(dialog.getByTestId('error-date')).toHaveText('Date is required');
    const start = new Date(Date.parse(original.date) + 7 * 24 * 3600_000).toISOString().slice(0, 16);
    await date.fill(start);
    await dialog.getByRole('button', { name: 'Create Event' }).click();

    await expect(toast(page, 'Event Created')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/events\/\d+$/);
    const copyId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(copyId).not.toBe(original.id);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(original.title);
    await expect(page.getByTestId('organizer-panel')).toBeVisible();

    const copy = (await readEvent(context.request, copyId)) as FullEvent;
    expect(copy).toMatchObject({
      title: original.title,
      description: original.description,
      location: original.location,
      maxAttendees: 12,
      categoryId: original.categoryId,
      durationMinutes: original.durationMinutes,
      status: 'scheduled',
    });
    // The form's value is local time: the browser says which instant it is.
    expect(Date.parse(copy.date)).toBe(await page.evaluate((value) => new Date(value).getTime(), start));
    // Its photo is a copy of its own, not the original's.
    expect(copy.images).toHaveLength(1);
    expect(copy.images[0]).not.toBe(original.images[0]);
    const photo = await context.request.get(copy.images[0]!);
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toMatch(/^image\//);

    const after = (await readEvent(context.request, original.id)) as FullEvent;
    expect(after).toMatchObject({
      title: original.title,
      description: original.description,
      location: original.location,
      date: original.date,
      maxAttendees: 12,
      categoryId: original.categoryId,
      images: original.images,
      status: 'scheduled',
    });
  });

  test('duplicate is offered on a past event too, its date left to choose', async ({ page, context }) => {
    await signInWith(context);
    const mine: ApiEvent[] = await (await context.request.get('/api/my-events')).json();
    const past = mine.find((event) => event.status === 'scheduled' && Date.parse(event.date) < Date.now());
    expect(past, 'the demo account organizes a past event').toBeDefined();
    await openOwnEvent(page, past!.id);
    await expect(page.getByTestId('edit-event')).toHaveCount(0);
    await page.getByTestId('duplicate-event').click();
    const dialog = page.getByTestId('duplicate-event-dialog');
    await expect(dialog.getByLabel('Title')).toHaveValue(past!.title);
    await expect(dialog.getByLabel('Date')).toHaveValue('');
    // Shared demo data: nothing is created.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('attendee list with statuses and RSVP times, waitlist, CSV download and a message to attendees', async ({
    page,
    context,
    playwright,
    user,
    newPerson,
  }) => {
    const event: ApiEvent = await createEventWith(context.request, { title: `Attendees ${suffix()}`, maxAttendees: 2 });
    const first = await newPerson({ firstName: 'Noor', lastName: 'Haddad' });
    const second = await newPerson({ firstName: 'Kenji', lastName: 'Sato' });
    const waiting = await newPerson({ firstName: 'Ines', lastName: 'Moreau' });
    try {
      await rsvpWith(first.request, event.id, 'attending');
      await rsvpWith(second.request, event.id, 'supporting');
      expect((await waiting.request.post(`/api/events/${event.id}/waitlist`)).status()).toBe(201);

      await openOwnEvent(page, event.id);
      const section = page.getByTestId('attendee-section');
      await expect(section.getByTestId('attendee-count')).toHaveText('(2 RSVPs)');
      const rows = section.getByTestId('attendee-row');
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: 'Noor Haddad' })).toContainText('Attending');
      await expect(rows.filter({ hasText: 'Kenji Sato' })).toContainText('Supporting');
      await expect(rows.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
      await expect(section.getByTestId('waitlist-row')).toHaveCount(1);
      await expect(section.getByTestId('waitlist-row')).toContainText('#1');
      await expect(section.getByTestId('waitlist-row')).toContainText('Ines Moreau');
      await expect(page.getByTestId('organizer-counts')).toContainText('2 RSVPs');
      await expect(page.getByTestId('organizer-counts')).toContainText('1 on the waitlist');

      const downloading = page.waitForEvent('download');
      await section.getByTestId('download-attendees').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`event-${event.id}-attendees.csv`);
      const csv = readFileSync((await download.path())!, 'utf8');
      expect(csv).toContain('"Noor Haddad"');
      expect(csv).toContain('"Kenji Sato","RSVP","","Supporting"');
      expect(csv).not.toContain(first.user.id);
      expect(csv).not.toContain(first.user.email);
      expect(csv).not.toContain('@');

      await page.getByTestId('message-attendees').click();
      const dialog = page.getByTestId('announcement-dialog');
      await expect(dialog).toContainText('Your message goes to the 2 people with an RSVP');
      await dialog.getByRole('button', { name: 'Send message' }).click();
      await expect(dialog.getByTestId('announcement-error')).toHaveText('Message is required');
      const content = `Meet at the north gate ${suffix()}`;
      await dialog.getByLabel('Message').fill(content);
      await dialog.getByRole('button', { name: 'Send message' }).click();
      await expect(toast(page, 'Message Sent')).toContainText('Sent to 2 people.');
      await expect(dialog).toBeHidden();
      for (const volunteer of [first, second]) {
        const messages: Array<{ content: string }> = await (await volunteer.request.get('/api/messages')).json();
        expect(messages.some((message) => message.content.includes(content))).toBe(true);
      }
      const waitingMessages: Array<{ content: string }> = await (await waiting.request.get('/api/messages')).json();
      expect(waitingMessages.some((message) => message.content.includes(content))).toBe(false);

      // "Co-Organizing" is a request the organizer accepts from the list, and may end (decisions §21);
      // either way back, the person stays attending.
      await rsvpWith(second.request, event.id, 'organizing');
      await page.reload();
      const kenji = section.getByTestId('attendee-row').filter({ hasText: 'Kenji Sato' });
      await expect(kenji.getByTestId('attendee-status')).toHaveText('Co-Organizing');
      await expect(rows.filter({ hasText: 'Noor Haddad' }).getByRole('button')).toHaveCount(0);
      await kenji.getByRole('button', { name: 'Accept as co-organizer' }).click();
      await expect(kenji.getByTestId('attendee-status')).toHaveText('Co-organizer');
      // Now they have the organizer's rights: the attendee list is theirs to read too.
      expect((await second.request.get(`/api/events/${event.id}/attendees`)).status()).toBe(200);
      await kenji.getByRole('button', { name: 'End co-organizing' }).click();
      await expect(kenji.getByTestId('attendee-status')).toHaveText('Attending');
      await expect(kenji.getByRole('button')).toHaveCount(0);
      expect((await second.request.get(`/api/events/${event.id}/attendees`)).status()).toBe(403);
    } finally {
      await Promise.all([first.request.dispose(), second.request.dispose(), waiting.request.dispose()]);
    }
  });

  test('cancel with a reason: the dialog names who is told; the page then shows the reason to all', async ({
    page,
    context,
    playwright,
    browser,
    user,
    newPerson,
  }) => {
    const event: ApiEvent = await createEventWith(context.request, { title: `Cancel me ${suffix()}`, maxAttendees: 1 });
    const holder = await newPerson();
    const waiting = await newPerson();
    try {
      await rsvpWith(holder.request, event.id);
      expect((await waiting.request.post(`/api/events/${event.id}/waitlist`)).status()).toBe(201);
      await openOwnEvent(page, event.id);
      await page.getByTestId('cancel-event').click();
      const dialog = page.getByTestId('cancel-event-dialog');
      await expect(dialog.getByTestId('cancel-notify')).toHaveText(
        '1 person with an RSVP and 1 person on the waitlist will be notified.',
      );
      const reason = `Storm warning ${suffix()}`;
      await dialog.getByLabel('Reason (optional)').fill(reason);
      await dialog.getByRole('button', { name: 'Cancel event' }).click();
      await expect(toast(page, 'Event Cancelled')).toBeVisible();
      await expect(page.getByTestId('cancelled-badge')).toBeVisible();
      await expect(page.getByTestId('organizer-panel').getByTestId('cancel-reason')).toHaveText(reason);
      await expect(page.getByTestId('edit-event')).toHaveCount(0);
      const saved = await readEvent(context.request, event.id);
      expect(saved.status).toBe('cancelled');
      expect(saved.cancelReason).toBe(reason);

      // The volunteer who held an RSVP sees the reason and no RSVP controls.
      const visitor = await browser.newContext({ baseURL: E2E_BASE_URL });
      try {
        await visitor.addCookies(await holder.request.storageState().then((state) => state.cookies));
        const visitorPage = await visitor.newPage();
        await visitorPage.goto(`/events/${event.id}`);
        const card = visitorPage.getByTestId('participation-card');
        await expect(card.getByTestId('cancel-reason')).toHaveText(reason);
        await expect(card.getByRole('button')).toHaveCount(0);
        // In their list of joined events its card says so, and offers no RSVP the server would refuse.
        await visitorPage.goto('/my-events');
        await visitorPage.getByRole('tab', { name: 'Events I Joined' }).click();
        const listed = visitorPage.locator(`[data-testid="event-card"][data-event-id="${event.id}"]`);
        await expect(listed.getByTestId('event-card-cancelled')).toHaveText('Cancelled');
        await expect(listed.getByRole('button')).toHaveCount(0);
      } finally {
        await visitor.close();
      }
    } finally {
      await Promise.all([holder.request.dispose(), waiting.request.dispose()]);
    }
  });

  test('delete: refused with an explanation and Cancel offered while others hold RSVPs; deleted otherwise', async ({
    page,
    context,
    playwright,
    user,
    newPerson,
  }) => {
    const busy: ApiEvent = await createEventWith(context.request, { title: `Busy ${suffix()}` });
    const volunteer = await newPerson();
    try {
      await rsvpWith(volunteer.request, busy.id);
    } finally {
      await volunteer.request.dispose();
    }
    await openOwnEvent(page, busy.id);
    await page.getByTestId('delete-event').click();
    const blocked = page.getByTestId('delete-event-dialog');
    await expect(blocked.getByRole('heading')).toHaveText("This event can't be deleted");
    await expect(blocked).toContainText('1 person has RSVPed. Cancel the event instead');
    await expect(blocked.getByRole('button', { name: 'Delete event' })).toHaveCount(0);
    await blocked.getByRole('button', { name: 'Cancel event instead' }).click();
    await expect(page.getByTestId('cancel-event-dialog')).toBeVisible();
    await page.keyboard.press('Escape');

    // The organizer's own RSVP does not block a delete (a delete is refused only when somebody else has joined).
    const quiet: ApiEvent = await createEventWith(context.request, { title: `Quiet ${suffix()}` });
    await rsvpWith(context.request, quiet.id);
    await openOwnEvent(page, quiet.id);
    await page.getByTestId('delete-event').click();
    const dialog = page.getByTestId('delete-event-dialog');
    await expect(dialog.getByRole('heading')).toHaveText('Delete this event?');
    await dialog.getByRole('button', { name: 'Delete event' }).click();
    await expect(page).toHaveURL(/\/my-events$/);
    await expect(toast(page, 'Event Deleted')).toBeVisible();
    expect((await context.request.get(`/api/events/${quiet.id}`)).status()).toBe(404);
  });

  test('attendance sheet on a past demo event: select all, save, and it stays saved', async ({ page, context }) => {
    await signInWith(context);
    const chosen = await findRecentPastEventWithAttendees(context.request, 2);
    expect(chosen, 'the demo account organizes a past event with attendees').not.toBeNull();
    const { id: eventId, attendees } = chosen!;
    const original = attendees.map((attendee) => ({ userId: attendee.user.id, attended: attendee.attended === true }));
    try {
      await openOwnEvent(page, eventId);
      const sheet = page.getByTestId('attendance-sheet');
      await expect(sheet.getByTestId('attendance-checkbox')).toHaveCount(attendees.length);
      await expectNoSeriousAccessibilityViolations(page);
      const selectAll = sheet.getByTestId('attendance-select-all');
      await selectAll.check();
      await expect(sheet.getByTestId('attendance-checked-count')).toHaveText(
        `${attendees.length} of ${attendees.length} checked`,
      );
      await selectAll.uncheck();
      await expect(sheet.getByTestId('attendance-checked-count')).toHaveText(`0 of ${attendees.length} checked`);
      await sheet.getByTestId('attendance-checkbox').first().check();
      await expect(sheet.getByText('Unsaved changes')).toBeVisible();
      await selectAll.check();
      await sheet.getByTestId('attendance-save').click();
      await expect(toast(page, 'Attendance Saved')).toBeVisible();
      await expect(sheet.getByText('Unsaved changes')).toHaveCount(0);

      await page.reload();
      await expect(page.getByTestId('attendance-sheet').getByTestId('attendance-checkbox')).toHaveCount(
        attendees.length,
      );
      for (const checkbox of await page.getByTestId('attendance-checkbox').all()) await expect(checkbox).toBeChecked();
      const saved = await (await context.request.get(`/api/events/${eventId}/attendees`)).json();
      expect(saved.attendees.every((attendee: { attended: boolean | null }) => attendee.attended === true)).toBe(true);
    } finally {
      // Shared demo data: leave it as it was for other tests.
      await context.request.put(`/api/events/${eventId}/attendance`, { data: { entries: original } });
    }
  });

  test('in Arabic the organizer page reads right to left, translated', async ({ page, context, user }) => {
    const event: ApiEvent = await createEventWith(context.request, { title: `Arabic ${suffix()}` });
    await page.goto('/');
    await storeLanguage(page, 'ar');
    await openOwnEvent(page, event.id);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('organizer-panel')).toContainText('إدارة فعاليتك');
    await expect(page.getByTestId('edit-event')).toHaveText('تعديل الفعالية');
    await expect(page.getByTestId('attendee-section')).toContainText('لم يسجّل أحد بعد.');
    await expectNoSeriousAccessibilityViolations(page);
    await page.getByTestId('cancel-event').click();
    await expect(page.getByTestId('cancel-notify')).toContainText('سيُبلَّغ');
  });
});
