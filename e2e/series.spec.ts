import { type APIRequestContext } from '@playwright/test';
import type { Event } from '../contract/events';
import type { Series } from '../contract/series';
import type { Slot } from '../contract/slots';
import { expect as baseExpect, test } from './support/fixtures';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { createEventWith } from './support/accounts';
import { createSlotWith } from './support/slots';
import { waitForFocusOnFirstError } from './support/forms';

/** Series (decisions §18): the Repeats form, the scope question, the series' dates, and My Events' slots. */

test.use({ timezoneId: 'UTC', locale: 'en-US' });
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 45_000 });

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

function pad(value: number) {
  return String(value).padStart(2, '0');
}

/** datetime-local value in UTC (the browser runs in UTC here). */
function localValue(date: Date) {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

async function readEvent(request: APIRequestContext, id: number): Promise<Event> {
  return (await (await request.get(`/api/events/${id}`)).json()) as Event;
}

test.describe('series of events', () => {
  test('Repeats makes a weekly series; the event page lists its dates; an edit asks which dates and changes those', async ({
    page,
    context,
    user,
  }) => {
    expect(user.id).toBeTruthy();
    const title = `Weekly pantry ${Date.now().toString(36)}`;
    // At 22:00, whatever the hour the suite runs: the second shift then starts at midnight, a time of day
    // earlier than the event's, and must land two hours after the first, not 22 hours before the event.
    const first = new Date(Math.ceil((Date.now() + 3 * DAY) / DAY) * DAY + 22 * HOUR);
    await page.goto('/');
    await page
      .locator('section[aria-labelledby="home-greeting"]')
      .getByRole('button', { name: 'Create Event' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Create New Event' });
    await dialog.getByLabel('Event Title').fill(title);
    await dialog.getByLabel('Description').fill('Sorting and handing out food.');
    await dialog.getByLabel('Location', { exact: true }).fill('Porto');
    await dialog.getByLabel('Date & Time').fill(localValue(first));
    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Environmental' }).click();

    // Repeats: hidden details until a frequency is chosen; a count outside 2–52 is refused in place.
    await expect(dialog.getByTestId('repeat-count')).toHaveCount(0);
    await dialog.getByRole('combobox', { name: 'How often' }).click();
    await page.getByRole('option', { name: 'Weekly' }).click();
    await expect(dialog.getByLabel('Weeks between dates')).toHaveValue('1');
    await dialog.getByLabel('Number of dates', { exact: true }).fill('60');
    // The schedule, made with the event: a slot starts at the event's time, the next where it ends.
    await dialog.getByTestId('schedule-field-add').click();
    await dialog.getByTestId('schedule-field-add').click();
    const slotRows = dialog.getByTestId('schedule-field-slot');
    await expect(slotRows.nth(0).getByLabel('Starts')).toHaveValue(localValue(first).slice(11));
    await expect(slotRows.nth(1).getByLabel('Starts')).toHaveValue(
      localValue(new Date(first.getTime() + 2 * HOUR)).slice(11),
    );
    // The end as typed, not as the row was added: a new row starts there.
    await slotRows
      .nth(1)
      .getByLabel('Ends')
      .fill(localValue(new Date(first.getTime() + 5 * HOUR)).slice(11));
    await dialog.getByTestId('schedule-field-add').click();
    await expect(slotRows.nth(2).getByLabel('Starts')).toHaveValue(
      localValue(new Date(first.getTime() + 5 * HOUR)).slice(11),
    );
    await dialog.getByRole('button', { name: 'Remove slot 3' }).click();
    await expect(slotRows).toHaveCount(2);
    await slotRows.nth(0).getByLabel('Role').fill('Sorting');
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await expect(dialog.getByTestId('error-repeatCount')).toHaveText('Enter a number of dates from 2 to 52');
    await expect(slotRows.nth(1).getByTestId('error-slot-role')).toHaveText('Role is required');
    await waitForFocusOnFirstError(dialog.getByLabel('Number of dates', { exact: true }));
    await slotRows.nth(1).getByLabel('Role').fill('Driver');
    await slotRows.nth(1).getByLabel('People needed').fill('2');
    await slotRows.nth(1).getByLabel('I approve each volunteer').check();
    await dialog.getByLabel('Number of dates', { exact: true }).fill('3');
    await expectNoSeriousAccessibilityViolations(page);
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await expect(page).toHaveURL(/\/events\/\d+$/);
    const firstId = Number(new URL(page.url()).pathname.split('/').pop());

    const created = await readEvent(context.request, firstId);
    expect(created).toMatchObject({ seriesPosition: 1, title });
    const series = (await (await context.request.get(`/api/series/${created.seriesId}`)).json()) as Series;
    expect(series.occurrences.map((occurrence) => Date.parse(occurrence.date) - first.getTime())).toEqual([
      0,
      7 * DAY,
      14 * DAY,
    ]);
    // Every date got the schedule, at the same times of its own day.
    for (const occurrence of series.occurrences) {
      const slots = (await (await context.request.get(`/api/events/${occurrence.id}/slots`)).json()) as Slot[];
      expect(
        slots.map((slot) => [
          slot.role,
          Date.parse(slot.startsAt) - Date.parse(occurrence.date),
          slot.capacity,
          slot.requiresApproval,
        ]),
      ).toEqual([
        ['Sorting', 0, 4, false],
        ['Driver', 2 * HOUR, 2, true],
      ]);
    }

    // The event page links the series' dates, this one marked.
    const dates = page.getByTestId('series-dates');
    await expect(dates.getByText('Date 1 of 3')).toBeVisible();
    await expect(dates.getByTestId('series-date')).toHaveCount(3);
    await expect(dates.getByTestId('series-date').first()).toHaveAttribute('aria-current', 'page');
    await dates.getByTestId('series-date').nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/events/${series.occurrences[1]!.id}$`));
    await expect(dates.getByText('Date 2 of 3')).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);

    // Editing the second date asks which dates; "this and the following" leaves the first one be.
    await page.getByTestId('edit-event').click();
    const edit = page.getByTestId('edit-event-dialog');
    const scope = edit.getByTestId('series-scope');
    await expect(scope.getByLabel('This date only')).toBeChecked();
    await scope.getByLabel('This and the following dates').check();
    await edit.getByLabel('Location').fill('Braga');
    await expectNoSeriousAccessibilityViolations(page);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    const locations = await Promise.all(
      series.occurrences.map(async (occurrence) => (await readEvent(context.request, occurrence.id)).location),
    );
    expect(locations).toEqual(['Porto', 'Braga', 'Braga']);

    // Cancelling asks too: only this date here.
    await page.getByTestId('cancel-event').click();
    const cancel = page.getByTestId('cancel-event-dialog');
    await expect(cancel.getByTestId('series-scope').getByLabel('This date only')).toBeChecked();
    await cancel.getByTestId('series-scope').getByLabel('All upcoming dates').check();
    await cancel.getByRole('button', { name: 'Cancel event' }).click();
    await expect(cancel).toBeHidden();
    const statuses = await Promise.all(
      series.occurrences.map(async (occurrence) => (await readEvent(context.request, occurrence.id)).status),
    );
    expect(statuses).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });

  test('a slot of a series: the editor asks which dates, a change and a removal reach its copies, and the dialogs count each person once', async ({
    page,
    context,
    user,
    newPerson,
  }) => {
    expect(user.id).toBeTruthy();
    const [ana, bruno] = [await newPerson(), await newPerson()];
    const firstDate = new Date(Math.ceil((Date.now() + 4 * DAY) / HOUR) * HOUR);
    const made = await context.request.post('/api/events', {
      data: {
        title: `Pantry rota ${Date.now().toString(36)}`,
        description: 'Sorting donations.',
        location: 'Porto',
        date: firstDate.toISOString(),
        categoryId: 1,
        recurrence: { frequency: 'weekly', count: 3 },
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const series = (await (
      await context.request.get(`/api/series/${((await made.json()) as Event).seriesId}`)
    ).json()) as Series;
    const ids = series.occurrences.map((occurrence) => occurrence.id);
    const shelf = await context.request.post(`/api/events/${ids[0]}/slots?scope=all`, {
      data: {
        role: 'Shelving',
        startsAt: firstDate.toISOString(),
        endsAt: new Date(firstDate.getTime() + 2 * HOUR).toISOString(),
        capacity: 3,
      },
    });
    expect(shelf.status(), await shelf.text()).toBe(201);
    const slotsOf = async (eventId: number) =>
      (await (await context.request.get(`/api/events/${eventId}/slots`)).json()) as Slot[];
    const copies = await Promise.all(ids.map(async (id) => (await slotsOf(id))[0]!));
    // Ana holds the second and third dates, Bruno the first.
    for (const [person, slot] of [
      [ana, copies[1]],
      [ana, copies[2]],
      [bruno, copies[0]],
    ] as const)
      expect((await person.request.post(`/api/slots/${slot!.id}/signup`)).status()).toBe(201);
    // A slot of the second date alone: its editor has no dates to ask about.
    await createSlotWith(context.request, ids[1]!, Date.parse(series.occurrences[1]!.date), {
      role: 'Till',
      startHours: 3,
    });

    await page.goto(`/events/${ids[1]}`);
    const schedule = page.getByTestId('schedule-section');
    await schedule.getByRole('button', { name: 'Edit Till' }).click();
    const editor = page.getByTestId('slot-dialog');
    await expect(editor.getByLabel('Role')).toHaveValue('Till');
    await expect(editor.getByTestId('series-scope')).toHaveCount(0);
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toBeHidden();

    // The copied slot's editor asks; "this and the following" leaves the first date's copy be.
    await schedule.getByRole('button', { name: 'Edit Shelving' }).click();
    const scope = editor.getByTestId('series-scope');
    await expect(scope.getByLabel('This date only')).toBeChecked();
    await scope.getByLabel('This and the following dates').check();
    await editor.getByLabel('People needed').fill('6');
    await expectNoSeriousAccessibilityViolations(page);
    await editor.getByTestId('slot-dialog-confirm').click();
    await expect(editor).toBeHidden();
    await expect
      .poll(async () =>
        Promise.all(ids.map(async (id) => (await slotsOf(id)).find((slot) => slot.role === 'Shelving')!.capacity)),
      )
      .toEqual([3, 6, 6]);

    // Cancelling counts the people of the dates it reaches, each once: Ana holds two of them.
    await page.getByTestId('cancel-event').click();
    const cancel = page.getByTestId('cancel-event-dialog');
    const notify = cancel.getByTestId('cancel-notify');
    await expect(notify).toHaveText('1 person with an RSVP and 0 people on the waitlist will be notified.');
    await cancel.getByTestId('series-scope').getByLabel('This and the following dates').check();
    await expect(notify).toHaveText('1 person with an RSVP and 0 people on the waitlist will be notified.');
    await cancel.getByTestId('series-scope').getByLabel('All upcoming dates').check();
    await expect(notify).toHaveText('2 people with an RSVP and 0 people on the waitlist will be notified.');
    await cancel.getByRole('button', { name: 'Keep event' }).click();
    await expect(cancel).toBeHidden();

    // Removing on every date says whom it tells, each once, then removes every copy.
    await schedule.getByRole('button', { name: 'Remove Shelving' }).click();
    const remove = page.getByTestId('remove-slot-dialog');
    const notified = remove.getByTestId('remove-slot-notified');
    await expect(notified).toHaveText('1 person holds or waits for a place here and will be told.');
    await remove.getByTestId('series-scope').getByLabel('All upcoming dates').check();
    await expect(notified).toHaveText('2 people hold or wait for a place here and will be told.');
    await expectNoSeriousAccessibilityViolations(page);
    await remove.getByTestId('remove-slot-confirm').click();
    await expect(remove).toBeHidden();
    await expect(schedule.getByRole('button', { name: 'Edit Shelving' })).toHaveCount(0);
    expect(await Promise.all(ids.map(async (id) => (await slotsOf(id)).map((slot) => slot.role)))).toEqual([
      [],
      ['Till'],
      [],
    ]);
  });

  test('My Events lists the slots one holds: role, event, time and whether confirmed, pending or waiting', async ({
    page,
    context,
    user,
    newPerson,
  }) => {
    expect(user.id).toBeTruthy();
    const organizer = await newPerson();
    const other = await newPerson();
    const event = await createEventWith(organizer.request, { title: `Shifts ${Date.now().toString(36)}` });
    const base = new Date(event.date as string).getTime();
    const addSlot = (
      role: string,
      startHours: number,
      fields: { capacity?: number; requiresApproval?: boolean } = {},
    ) => createSlotWith(organizer.request, event.id, base, { role, startHours, capacity: 2, ...fields });
    const kitchen = await addSlot('Kitchen', 0);
    const door = await addSlot('Door', 3, { requiresApproval: true });
    const tidy = await addSlot('Tidy up', 6, { capacity: 1 });
    expect((await other.request.post(`/api/slots/${tidy.id}/signup`)).status()).toBe(201);
    for (const slot of [kitchen, door])
      expect((await context.request.post(`/api/slots/${slot.id}/signup`)).status()).toBe(201);
    expect((await context.request.post(`/api/slots/${tidy.id}/waitlist`)).status()).toBe(201);

    await page.goto('/my-events');
    await page.getByRole('tab', { name: 'Events I Joined' }).click();
    const mine = page.getByTestId('my-slots');
    await expect(mine.getByRole('heading', { name: 'My slots' })).toBeVisible();
    const cards = mine.getByTestId('my-slot');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toContainText('Kitchen');
    await expect(cards.nth(0)).toContainText("You're in");
    await expect(cards.nth(0)).toContainText(event.title);
    await expect(cards.nth(1)).toContainText('Door');
    await expect(cards.nth(1)).toContainText('Pending approval');
    await expect(cards.nth(2)).toContainText('Tidy up');
    await expect(cards.nth(2)).toContainText('On the waitlist');
    await expectNoSeriousAccessibilityViolations(page);
    await cards.nth(0).click();
    await expect(page).toHaveURL(new RegExp(`/events/${event.id}#schedule$`));
  });

  test("a new title for all upcoming dates leaves each date's own time, duration and capacity (decisions §24)", async ({
    page,
    context,
    user,
  }) => {
    expect(user.id).toBeTruthy();
    const firstDate = new Date(Math.ceil((Date.now() + 4 * DAY) / HOUR) * HOUR);
    const made = await context.request.post('/api/events', {
      data: {
        title: `Beach sweep ${Date.now().toString(36)}`,
        description: 'Bags and gloves provided.',
        location: 'Porto',
        date: firstDate.toISOString(),
        categoryId: 1,
        durationMinutes: 120,
        maxAttendees: 20,
        recurrence: { frequency: 'weekly', count: 3 },
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const series = (await (
      await context.request.get(`/api/series/${((await made.json()) as Event).seriesId}`)
    ).json()) as Series;
    const ids = series.occurrences.map((occurrence) => occurrence.id);
    // The second date runs longer, for fewer people, an hour later.
    const ownDate = new Date(firstDate.getTime() + 7 * DAY + HOUR).toISOString();
    const own = await context.request.patch(`/api/events/${ids[1]}`, {
      data: { durationMinutes: 240, maxAttendees: 8, date: ownDate },
    });
    expect(own.status(), await own.text()).toBe(200);

    await page.goto(`/events/${ids[0]}`);
    // The attendee list loads in the browser: once it is there, the page is live (clicks are taken).
    await expect(page.getByTestId('attendee-section').locator('[aria-busy="true"]')).toHaveCount(0);
    await page.getByTestId('edit-event').click();
    const edit = page.getByTestId('edit-event-dialog');
    await edit.getByTestId('series-scope').getByLabel('All upcoming dates').check();
    await edit.getByLabel('Event Title').fill('Beach sweep, south end');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Beach sweep, south end' })).toBeVisible();

    const after = await Promise.all(ids.map(async (id) => readEvent(context.request, id)));
    expect(after.map((event) => event.title)).toEqual(Array(3).fill('Beach sweep, south end'));
    expect(after.map((event) => [event.durationMinutes, event.maxAttendees])).toEqual([
      [120, 20],
      [240, 8],
      [120, 20],
    ]);
    expect(new Date(after[1]!.date).toISOString()).toBe(ownDate);
    expect(new Date(after[0]!.date).getTime()).toBe(firstDate.getTime());
  });
});
