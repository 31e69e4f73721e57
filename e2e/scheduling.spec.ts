import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { toast } from './support/toasts';
import { createEventWith } from './support/accounts';
import { createSlotWith } from './support/slots';
import { waitForLivePage } from './support/live-page';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';

/** Volunteer scheduling: the organizer's schedule editor and the volunteer's choice of slots. */

const suffix = () => randomBytes(3).toString('hex');
const HOUR = 60 * 60 * 1000;

type Slot = { id: number; role: string; userSignupStatus: string | null };

test.describe('volunteer scheduling', () => {
  test('the organizer adds, duplicates, edits and removes slots, and approves a pending volunteer', async ({
    page,
    context,
    user,
    newPerson,
  }) => {
    void user;
    // Five dialogs and a reload: a long walk for a machine shared by several browser suites.
    test.slow();
    const event = await createEventWith(context.request, { title: `Schedule ${suffix()}` });
    await page.goto(`/events/${event.id}`);
    await waitForLivePage(page);
    const schedule = page.getByTestId('schedule-section');
    await expect(schedule).toContainText('Split the event into roles and shifts');

    await schedule.getByTestId('add-slot').click();
    const dialog = page.getByTestId('slot-dialog');
    await dialog.getByLabel('Role').fill('Registration desk');
    await dialog.getByLabel('People needed').fill('3');
    await expectNoSeriousAccessibilityViolations(page);
    await dialog.getByTestId('slot-dialog-confirm').click();
    await expect(toast(page, 'Slot added')).toBeVisible();
    const slots = schedule.getByTestId('slot');
    await expect(slots).toHaveCount(1);
    await expect(slots.first().getByTestId('slot-counts')).toHaveText('0 filled · 3 open · 0 waiting · 0 pending');

    // Duplicate: the same role for the next shift, which starts where the first ends.
    await slots.first().getByRole('button', { name: 'Duplicate Registration desk' }).click();
    await expect(dialog.getByLabel('Role')).toHaveValue('Registration desk');
    await dialog.getByTestId('slot-dialog-confirm').click();
    await expect(slots).toHaveCount(2);
    await expect(schedule.getByTestId('shift')).toHaveCount(2);

    await slots.nth(1).getByRole('button', { name: 'Edit Registration desk' }).click();
    await dialog.getByLabel('Role').fill('Cleanup crew');
    await dialog.getByTestId('slot-dialog-confirm').click();
    await expect(toast(page, 'Slot saved')).toBeVisible();
    await expect(slots.nth(1)).toContainText('Cleanup crew');

    await slots.nth(1).getByRole('button', { name: 'Remove Cleanup crew' }).click();
    await page.getByTestId('remove-slot-confirm').click();
    await expect(slots).toHaveCount(1);

    // A role that needs approval: the volunteer's place waits in the organizer's pending list.
    const base = new Date(event.date as string).getTime() + 6 * HOUR;
    const approval = await createSlotWith(context.request, event.id, base, {
      role: 'First aid',
      startHours: 0,
      requiresApproval: true,
    });
    const volunteer = await newPerson({ firstName: 'Noor', lastName: 'Haddad' });
    try {
      const signup = await volunteer.request.post(`/api/slots/${approval.id}/signup`);
      expect(await signup.json()).toEqual({ status: 'pending' });
      await page.reload();
      await waitForLivePage(page);
      const firstAid = slots.filter({ hasText: 'First aid' });
      await expect(firstAid.getByTestId('slot-counts')).toHaveText('0 filled · 2 open · 0 waiting · 1 pending');
      await firstAid.getByRole('button', { name: 'Approve Noor Haddad' }).click();
      await expect(toast(page, 'Place approved')).toBeVisible();
      await expect(firstAid.getByTestId('slot-counts')).toHaveText('1 filled · 2 open · 0 waiting · 0 pending');
      await expect(firstAid.getByTestId('pending-list')).toHaveCount(0);
      const mine = (await (await volunteer.request.get(`/api/events/${event.id}/slots`)).json()) as Slot[];
      expect(mine.find((slot) => slot.id === approval.id)?.userSignupStatus).toBe('confirmed');

      // The schedule as CSV: a line per person in a slot, and a line for a slot nobody took yet.
      const downloading = page.waitForEvent('download');
      await schedule.getByRole('button', { name: 'Schedule (CSV)' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`event-${event.id}-schedule.csv`);
      const lines = readFileSync((await download.path())!, 'utf8')
        .trim()
        .split('\r\n');
      expect(lines[0]).toMatch(
        /^"Role","Starts \(.+\)","Ends \(.+\)","Capacity","Name","Status","Waitlist position","Attended"$/,
      );
      expect(lines).toHaveLength(3);
      expect(lines.find((line) => line.startsWith('"Registration desk"'))).toMatch(/,"3","","","",""$/);
      expect(lines.find((line) => line.startsWith('"First aid"'))).toMatch(
        /,"3","Noor Haddad","Confirmed","","Not recorded"$/,
      );
      expect(lines.join('\n')).not.toContain('@');
    } finally {
      await volunteer.request.dispose();
    }
  });

  test('once a slot starts the organizer records who came to it, and the volunteer’s verified hours count that slot', async ({
    page,
    context,
    user,
    newPerson,
  }) => {
    void user;
    // Slots can only be taken before they start: this event and its slots start a few seconds from now.
    const start = Date.now() + 6_000;
    const event = await createEventWith(context.request, {
      title: `Slot attendance ${suffix()}`,
      date: new Date(start).toISOString(),
    });
    const kitchen = await createSlotWith(context.request, event.id, start, {
      role: 'Kitchen',
      startHours: 0,
      lengthHours: 1.5,
    });
    const cleanup = await createSlotWith(context.request, event.id, start, { role: 'Cleanup', startHours: 0 });
    await createSlotWith(context.request, event.id, start, { role: 'Door', startHours: 3 });
    const volunteer = await newPerson({ firstName: 'Lena', lastName: 'Okafor' });
    const second = await newPerson({ firstName: 'Ravi', lastName: 'Menon' });
    try {
      expect((await volunteer.request.post(`/api/slots/${kitchen.id}/signup`)).status()).toBe(201);
      expect((await second.request.post(`/api/slots/${cleanup.id}/signup`)).status()).toBe(201);
      await expect.poll(() => Date.now(), { timeout: 15_000 }).toBeGreaterThan(start);

      await page.goto(`/events/${event.id}`);
      await waitForLivePage(page);
      const section = page.getByTestId('attendee-section');
      const attendance = section.getByTestId('slot-attendance');
      await expect(attendance).toContainText('Attendance is recorded per slot');
      const kitchenSheet = attendance.getByTestId('slot-attendance-slot').filter({ hasText: 'Kitchen' });
      const doorSheet = attendance.getByTestId('slot-attendance-slot').filter({ hasText: 'Door' });
      await expect(doorSheet).toContainText('Nobody holds a confirmed place in this slot.');
      await expect(kitchenSheet).toContainText('Check who came to this slot.');
      const cleanupSheet = attendance.getByTestId('slot-attendance-slot').filter({ hasText: 'Cleanup' });
      await cleanupSheet.getByRole('checkbox', { name: 'Ravi Menon came' }).check();
      await kitchenSheet.getByRole('checkbox', { name: 'Lena Okafor came' }).check();
      await expectNoSeriousAccessibilityViolations(page);
      await kitchenSheet.getByTestId('attendance-save').click();
      await expect(toast(page, 'Attendance Saved')).toBeVisible();
      await expect(kitchenSheet.getByText('Unsaved changes')).toHaveCount(0);
      // Saving one slot keeps what was ticked, and not saved yet, in another.
      await expect(cleanupSheet.getByRole('checkbox', { name: 'Ravi Menon came' })).toBeChecked();
      await expect(cleanupSheet.getByText('Unsaved changes')).toBeVisible();

      const hours = (await (await volunteer.request.get('/api/user/hours')).json()) as { verifiedHours: number };
      expect(hours.verifiedHours).toBe(1.5);
      // The export of an event with slots is its schedule, each slot with its people and who came.
      const downloading = page.waitForEvent('download');
      await section.getByTestId('download-attendees').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`event-${event.id}-schedule.csv`);
      const csv = readFileSync((await download.path())!, 'utf8');
      expect(csv).toMatch(/"Kitchen",.*"Lena Okafor","Confirmed","","Yes"/);
    } finally {
      await volunteer.request.dispose();
      await second.request.dispose();
    }
  });

  test('a volunteer takes two slots that do not overlap in one go, joins a full one’s waitlist and withdraws', async ({
    page,
    context,
    user,
    newPerson,
  }) => {
    void user;
    const organizer = await newPerson();
    const other = await newPerson();
    try {
      const event = await createEventWith(organizer.request, { title: `Shifts ${suffix()}` });
      const base = new Date(event.date as string).getTime();
      const morning = await createSlotWith(organizer.request, event.id, base, {
        role: 'Morning kitchen',
        startHours: 0,
      });
      await createSlotWith(organizer.request, event.id, base, { role: 'Overlapping door', startHours: 1 });
      const afternoon = await createSlotWith(organizer.request, event.id, base, {
        role: 'Afternoon door',
        startHours: 3,
      });
      const full = await createSlotWith(organizer.request, event.id, base, {
        role: 'Evening tidy',
        startHours: 8,
        capacity: 1,
      });
      expect((await other.request.post(`/api/slots/${full.id}/signup`)).status()).toBe(201);

      await page.goto(`/events/${event.id}`);
      await waitForLivePage(page);
      await expect(page.getByTestId('slot-places-open')).toHaveText('9 places open in the schedule');
      // A rendered page carries the open places on its event answer; "Choose your slots" goes to the schedule.
      await page.getByTestId('choose-slots').click();
      const schedule = page.getByTestId('schedule-section');
      await expect(schedule).toBeInViewport();
      await schedule.getByLabel('Morning kitchen').check();
      // The overlapping slot can no longer be ticked, and says why.
      await expect(schedule.getByLabel('Overlapping door')).toBeDisabled();
      await expect(schedule).toContainText('Overlaps Morning kitchen, which you chose or hold.');
      await schedule.getByLabel('Afternoon door').press('Space');
      await expect(schedule.getByTestId('schedule-chosen')).toHaveText('2 slots chosen');
      await schedule.getByTestId('take-slots').click();
      await expect(toast(page, 'You signed up for 2 slots')).toBeVisible();
      const slotOf = (role: string) =>
        schedule.getByTestId('slot').filter({ has: page.getByText(role, { exact: true }) });
      const kitchen = slotOf('Morning kitchen');
      await expect(kitchen.getByTestId('slot-status')).toHaveText("You're in");
      await expect(kitchen.getByTestId('slot-places')).toHaveText('2 of 3 places open');
      await expect(
        schedule.getByTestId('slot').filter({ hasText: 'Afternoon door' }).getByTestId('slot-status'),
      ).toHaveText("You're in");
      const answer = (await (await context.request.get(`/api/events/${event.id}`)).json()) as {
        userRsvpStatus: string | null;
        openSlotPlaces: number;
      };
      expect(answer).toMatchObject({ userRsvpStatus: 'attending', openSlotPlaces: 7 });

      const evening = slotOf('Evening tidy');
      await expect(evening.getByTestId('slot-places')).toHaveText('Full');
      await evening.getByRole('button', { name: 'Join waitlist' }).click();
      await expect(evening.getByTestId('slot-status')).toHaveText('On the waitlist');

      await kitchen.getByRole('button', { name: 'Withdraw' }).click();
      await expect(toast(page, 'You gave up your place')).toBeVisible();
      await expect(kitchen.getByTestId('slot-status')).toHaveCount(0);
      const slots = (await (await context.request.get(`/api/events/${event.id}/slots`)).json()) as Slot[];
      expect(slots.find((slot) => slot.id === morning.id)?.userSignupStatus).toBeNull();
      expect(slots.find((slot) => slot.id === afternoon.id)?.userSignupStatus).toBe('confirmed');

      // The event's card says how many places its schedule has left, and leads to the slots, not an RSVP.
      await page.goto(`/discover?search=${encodeURIComponent(event.title)}`);
      const card = page.getByTestId('event-card').filter({ hasText: event.title });
      await expect(card.getByTestId('event-card-slot-places')).toHaveText('8 of 10 places open');
      await card.getByTestId('event-card-choose-slots').click();
      await expect(page).toHaveURL(new RegExp(`/events/${event.id}#schedule$`));
    } finally {
      await organizer.request.dispose();
      await other.request.dispose();
    }
  });
});
