import { expect, test } from './support/fixtures';
import { createEventWith } from './support/accounts';
import { captureScreens } from './support/screens';
import { createSlotWith } from './support/slots';

/** Series and slots: a series' date with its schedule and other dates, the Repeats form, My Events' slots. */

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

test.describe('series screens', () => {
  test.describe.configure({ timeout: 300_000 });

  test("a series' date with its schedule, the Repeats form and the scope question", async ({
    page,
    context,
    user,
    newPerson,
  }) => {
    void user;
    const first = new Date(Math.ceil((Date.now() + 2 * DAY) / HOUR) * HOUR);
    const response = await context.request.post('/api/events', {
      data: {
        title: 'Saturday food bank',
        description: 'Sorting donations and packing boxes for families in the neighbourhood.',
        location: 'Rua das Flores 12, Porto',
        date: first.toISOString(),
        categoryId: 1,
        recurrence: { frequency: 'weekly', count: 8 },
      },
    });
    expect(response.status()).toBe(201);
    const event = (await response.json()) as { id: number };
    // Sorting on every date, so its editor asks which dates a change reaches.
    const sorting = await context.request.post(`/api/events/${event.id}/slots?scope=all`, {
      data: {
        role: 'Sorting',
        startsAt: first.toISOString(),
        endsAt: new Date(first.getTime() + 2 * HOUR).toISOString(),
        capacity: 4,
      },
    });
    expect(sorting.status()).toBe(201);
    for (const [role, start, capacity] of [
      ['Packing', 0, 3],
      ['Driver', 2, 1],
    ] as const) {
      await createSlotWith(context.request, event.id, first.getTime(), { role, startHours: start, capacity });
    }
    const volunteer = await newPerson({ firstName: 'Noor', lastName: 'Haddad' });
    await volunteer.request.post(`/api/slots/${((await sorting.json()) as { id: number }).id}/signup`);
    await volunteer.request.dispose();

    await captureScreens(page, 'series-event', `/events/${event.id}`, async (screen) => {
      await expect(screen.getByTestId('series-dates').getByTestId('series-date').first()).toBeVisible();
      await expect(screen.getByTestId('schedule-section')).toBeVisible();
    });
    await captureScreens(page, 'series-scope', `/events/${event.id}`, async (screen) => {
      await screen.getByTestId('edit-event').click();
      await expect(screen.getByTestId('series-scope')).toBeVisible();
    });
    await captureScreens(page, 'series-slot-remove', `/events/${event.id}`, async (screen) => {
      await screen.getByRole('button', { name: 'Remove Sorting' }).click();
      const dialog = screen.getByTestId('remove-slot-dialog');
      await dialog.getByTestId('series-scope').getByLabel('All upcoming dates').check();
      await expect(dialog.getByTestId('remove-slot-notified')).toHaveText(
        '1 person holds or waits for a place here and will be told.',
      );
    });
    await captureScreens(page, 'series-slot-edit', `/events/${event.id}`, async (screen) => {
      await screen.getByRole('button', { name: 'Edit Sorting' }).click();
      await screen.getByTestId('slot-dialog').getByTestId('series-scope').getByLabel('All upcoming dates').check();
    });
    await captureScreens(page, 'series-cancel-counts', `/events/${event.id}`, async (screen) => {
      await screen.getByTestId('cancel-event').click();
      const dialog = screen.getByTestId('cancel-event-dialog');
      await dialog.getByTestId('series-scope').getByLabel('All upcoming dates').check();
      await expect(dialog.getByTestId('cancel-notify')).toContainText('1 person with an RSVP');
    });
    await captureScreens(page, 'series-repeats-form', '/my-events', async (screen) => {
      await screen.getByRole('button', { name: 'Create New Event' }).first().click();
      const dialog = screen.getByTestId('create-event-dialog');
      await dialog.getByRole('combobox', { name: 'How often' }).click();
      await screen.getByRole('option', { name: 'Weekly' }).click();
      await dialog.getByTestId('repeat-end-until').check();
      await dialog.getByTestId('repeats-fields').scrollIntoViewIfNeeded();
    });
  });

  test("My Events' slots: confirmed, pending and waiting", async ({ page, context, user, newPerson }) => {
    void user;
    const organizer = await newPerson({ firstName: 'Maya', lastName: 'Okafor' });
    const event = await createEventWith(organizer.request, { title: 'Harbour cleanup day' });
    const base = new Date(event.date as string).getTime();
    const ids: number[] = [];
    for (const [role, start, capacity, requiresApproval] of [
      ['Registration desk', 0, 2, false],
      ['First aid', 3, 2, true],
      ['Boat crew', 6, 1, false],
    ] as const) {
      ids.push(
        (
          await createSlotWith(organizer.request, event.id, base, {
            role,
            startHours: start,
            capacity,
            requiresApproval,
          })
        ).id,
      );
    }
    const other = await newPerson();
    await other.request.post(`/api/slots/${ids[2]}/signup`);
    await context.request.post(`/api/slots/${ids[0]}/signup`);
    await context.request.post(`/api/slots/${ids[1]}/signup`);
    await context.request.post(`/api/slots/${ids[2]}/waitlist`);
    await captureScreens(page, 'series-my-slots', '/my-events', async (screen) => {
      await screen.getByRole('tab', { name: 'Events I Joined' }).click();
      await expect(screen.getByTestId('my-slot')).toHaveCount(3);
    });
  });
});
