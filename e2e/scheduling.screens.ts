import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createEventWith } from './support/accounts';
import { captureScreens } from './support/screens';
import { createSlotWith } from './support/slots';

/** The schedule block: the organizer's editor with a pending volunteer, and a volunteer's view in Arabic. */

async function addSlots(request: APIRequestContext, eventId: number, base: number) {
  const slots = [
    { role: 'Registration desk', start: 0, length: 2, capacity: 2, requiresApproval: false },
    { role: 'Kitchen', start: 0, length: 2, capacity: 4, requiresApproval: false },
    { role: 'First aid', start: 2, length: 3, capacity: 1, requiresApproval: true },
    { role: 'Cleanup crew', start: 5, length: 1, capacity: 6, requiresApproval: false },
  ];
  const ids: number[] = [];
  for (const slot of slots) {
    const created = await createSlotWith(request, eventId, base, {
      role: slot.role,
      description: slot.role === 'Kitchen' ? 'Aprons and gloves provided.' : '',
      startHours: slot.start,
      lengthHours: slot.length,
      capacity: slot.capacity,
      requiresApproval: slot.requiresApproval,
    });
    ids.push(created.id);
  }
  return ids;
}

test.describe('scheduling screens', () => {
  test.describe.configure({ timeout: 300_000 });

  test('the organizer editor with counts and a pending volunteer', async ({ page, context, user, newPerson }) => {
    void user;
    const event = await createEventWith(context.request, { title: 'Harbour food drive' });
    const ids = await addSlots(context.request, event.id, new Date(event.date as string).getTime());
    const volunteer = await newPerson({ firstName: 'Noor', lastName: 'Haddad' });
    await volunteer.request.post(`/api/slots/${ids[2]}/signup`);
    await volunteer.request.post(`/api/slots/${ids[0]}/signup`);
    await volunteer.request.dispose();
    await captureScreens(page, 'scheduling-organizer', `/events/${event.id}`, async (screen) => {
      await expect(screen.getByTestId('pending-list')).toBeVisible();
      await screen.getByTestId('schedule-section').scrollIntoViewIfNeeded();
    });
    await captureScreens(page, 'scheduling-slot-dialog', `/events/${event.id}`, async (screen) => {
      await screen.getByTestId('add-slot').click();
      await expect(screen.getByTestId('slot-dialog')).toBeVisible();
    });
  });

  test("a volunteer's choice, in English and in Arabic", async ({ page, context, user, newPerson }) => {
    void user;
    const organizer = await newPerson({ firstName: 'Maya', lastName: 'Okafor' });
    const event = await createEventWith(organizer.request, { title: 'Harbour food drive' });
    const ids = await addSlots(organizer.request, event.id, new Date(event.date as string).getTime());
    await organizer.request.dispose();
    await context.request.post(`/api/slots/${ids[3]}/signup`);
    const choose = async (screen: typeof page) => {
      const schedule = screen.getByTestId('schedule-section');
      await expect(schedule.getByTestId('slot').first()).toBeVisible();
      await schedule.locator('input[type="checkbox"]').first().check();
      await schedule.scrollIntoViewIfNeeded();
    };
    await captureScreens(page, 'scheduling-volunteer', `/events/${event.id}`, choose);
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('selectedLanguage', 'ar'));
    await captureScreens(page, 'scheduling-volunteer-ar', `/events/${event.id}`, choose);
  });

  test("the create form's schedule, and the attendance sheet per slot", async ({ page, context, user, newPerson }) => {
    void user;
    await captureScreens(page, 'scheduling-create-form', '/', async (screen) => {
      await screen
        .locator('section[aria-labelledby="home-greeting"]')
        .getByRole('button', { name: 'Create Event' })
        .click();
      const dialog = screen.getByRole('dialog', { name: 'Create New Event' });
      await dialog.getByLabel('Date & Time').fill('2031-05-03T09:00');
      await dialog.getByTestId('schedule-field-add').click();
      await dialog.getByTestId('schedule-field-slot').last().getByLabel('Role').fill('Registration desk');
      await dialog.getByTestId('schedule-field-add').click();
      await dialog.getByTestId('schedule-field-slot').last().getByLabel('Role').fill('First aid');
      await dialog.getByTestId('schedule-field-slot').last().getByLabel('I approve each volunteer').check();
      await dialog.getByTestId('schedule-field-add').scrollIntoViewIfNeeded();
    });
    // Attendance opens at a slot's start: these slots start a few seconds from now.
    const start = Date.now() + 6_000;
    const event = await createEventWith(context.request, {
      title: 'Harbour food drive',
      date: new Date(start).toISOString(),
    });
    const ids = await addSlots(context.request, event.id, start);
    const volunteer = await newPerson({ firstName: 'Noor', lastName: 'Haddad' });
    await volunteer.request.post(`/api/slots/${ids[0]}/signup`);
    await volunteer.request.dispose();
    await expect.poll(() => Date.now(), { timeout: 15_000 }).toBeGreaterThan(start);
    await captureScreens(page, 'scheduling-slot-attendance', `/events/${event.id}`, async (screen) => {
      const attendance = screen.getByTestId('slot-attendance');
      await expect(attendance.getByTestId('attendance-checkbox')).toHaveCount(1);
      await attendance.getByTestId('attendance-checkbox').check();
      await attendance.scrollIntoViewIfNeeded();
    });
  });
});
