import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { toast } from './support/toasts';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { createEventWith, rsvpWith, signInWith } from './support/accounts';
import { waitForLivePage } from './support/live-page';

/** The volunteer's side: Withdraw (confirmed), the waitlist with its position. */

const suffix = () => randomBytes(3).toString('hex');

type ApiEvent = {
  id: number;
  title: string;
  rsvpCount: number;
  waitlistCount: number;
  userRsvpStatus: string | null;
  userWaitlistPosition: number | null;
};

test.describe('volunteer: withdraw and waitlist', () => {
  test('withdraw on the event page asks first; Stay keeps the RSVP, Withdraw removes it', async ({
    page,
    context,
    playwright,
    user,
    newPerson,
  }) => {
    const organizer = await newPerson();
    try {
      const event: ApiEvent = await createEventWith(organizer.request, {
        title: `Withdraw ${suffix()}`,
        maxAttendees: 5,
      });
      await rsvpWith(context.request, event.id);
      await page.goto(`/events/${event.id}`);
      await waitForLivePage(page);
      const card = page.getByTestId('participation-card');
      await expect(card).toContainText("You're Attending");
      await expect(page.getByTestId('stat-attending')).toContainText('1');

      await card.getByTestId('withdraw').click();
      const dialog = page.getByTestId('withdraw-dialog');
      await expect(dialog.getByRole('heading')).toHaveText('Withdraw from this event?');
      await expect(dialog).toContainText(event.title);
      await expectNoSeriousAccessibilityViolations(page);
      await dialog.getByRole('button', { name: 'Stay' }).click();
      await expect(dialog).toBeHidden();
      expect(((await (await context.request.get(`/api/events/${event.id}`)).json()) as ApiEvent).userRsvpStatus).toBe(
        'attending',
      );

      await card.getByTestId('withdraw').click();
      await dialog.getByTestId('withdraw-confirm').click();
      await expect(toast(page, 'RSVP Withdrawn')).toBeVisible();
      await expect(page.getByTestId('stat-attending')).toContainText('0');
      await expect(card.getByTestId('withdraw')).toHaveCount(0);
      await expect(card.getByRole('button', { name: 'RSVP', exact: true })).toBeVisible();
      expect(
        ((await (await context.request.get(`/api/events/${event.id}`)).json()) as ApiEvent).userRsvpStatus,
      ).toBeNull();
    } finally {
      await organizer.request.dispose();
    }
  });

  test('withdraw from My Events, under the joined event, after confirming', async ({
    page,
    context,
    playwright,
    user,
    newPerson,
  }) => {
    const organizer = await newPerson();
    try {
      const event: ApiEvent = await createEventWith(organizer.request, { title: `My joined ${suffix()}` });
      await rsvpWith(context.request, event.id);
      await page.goto('/my-events');
      await expect(page.getByTestId('stat-joined')).toContainText('1', { timeout: 30_000 });
      await page.getByRole('tab', { name: 'Events I Joined' }).click();
      const item = page.getByRole('listitem').filter({ hasText: event.title });
      await expect(item).toBeVisible();
      await item.getByTestId('withdraw').click();
      await expect(page).toHaveURL(/\/my-events$/);
      await page.getByTestId('withdraw-dialog').getByTestId('withdraw-confirm').click();
      await expect(toast(page, 'RSVP Withdrawn')).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: event.title })).toHaveCount(0);
      await expect(page.getByTestId('stat-joined')).toContainText('0');
    } finally {
      await organizer.request.dispose();
    }
  });

  test('a full event offers the waitlist with the position, leaving it, and promotion when a place frees', async ({
    page,
    context,
    playwright,
    user,
    newPerson,
  }) => {
    const organizer = await newPerson();
    const holder = await newPerson();
    const earlier = await newPerson();
    try {
      const event: ApiEvent = await createEventWith(organizer.request, { title: `Full ${suffix()}`, maxAttendees: 1 });
      await rsvpWith(holder.request, event.id);
      expect((await earlier.request.post(`/api/events/${event.id}/waitlist`)).status()).toBe(201);

      await page.goto(`/events/${event.id}`);
      await waitForLivePage(page);
      const card = page.getByTestId('participation-card');
      await expect(card.getByRole('button', { name: 'Event Full' })).toHaveCount(0);
      const box = card.getByTestId('waitlist-box');
      await expect(box).toContainText('This event is full.');
      await expect(box).toContainText('1 person waiting');
      await box.getByTestId('join-waitlist').click();
      await expect(box.getByTestId('waitlist-position')).toHaveText('You are #2 on the waitlist');
      await expect(toast(page, 'On the Waitlist')).toContainText('You are #2 on the waitlist');
      await expectNoSeriousAccessibilityViolations(page);

      await box.getByTestId('leave-waitlist').click();
      await expect(toast(page, 'Left the Waitlist')).toBeVisible();
      await expect(box.getByTestId('join-waitlist')).toBeVisible();
      expect(
        ((await (await context.request.get(`/api/events/${event.id}`)).json()) as ApiEvent).userWaitlistPosition,
      ).toBeNull();

      // Back on the list behind `earlier`; the holder withdraws: `earlier` gets the place, we move up to #1.
      await box.getByTestId('join-waitlist').click();
      await expect(box.getByTestId('waitlist-position')).toHaveText('You are #2 on the waitlist');
      expect((await holder.request.delete(`/api/events/${event.id}/rsvp`)).status()).toBe(204);
      const promoted: ApiEvent = await (await earlier.request.get(`/api/events/${event.id}`)).json();
      expect(promoted.userRsvpStatus).toBe('attending');
      await page.reload();
      await expect(page.getByTestId('waitlist-position')).toHaveText('You are #1 on the waitlist');
    } finally {
      await Promise.all([organizer.request.dispose(), holder.request.dispose(), earlier.request.dispose()]);
    }
  });

  test('a cancelled event shows its reason and no RSVP controls', async ({ page, playwright, user, newPerson }) => {
    const organizer = await newPerson();
    try {
      const event: ApiEvent = await createEventWith(organizer.request, { title: `Called off ${suffix()}` });
      expect(
        (
          await organizer.request.post(`/api/events/${event.id}/cancel`, {
            data: { reason: 'The park is closed for repairs.' },
          })
        ).status(),
      ).toBe(200);
      await page.goto(`/events/${event.id}`);
      await waitForLivePage(page);
      await expect(page.getByTestId('cancelled-badge')).toHaveText('Cancelled');
      const card = page.getByTestId('participation-card');
      await expect(card.getByTestId('cancel-reason')).toHaveText('The park is closed for repairs.');
      await expect(card.getByRole('button')).toHaveCount(0);
      await expectNoSeriousAccessibilityViolations(page);
    } finally {
      await organizer.request.dispose();
    }
  });
});

test.describe('journey: verified hours', () => {
  test('verified hours are the headline total, the estimate beside it labelled as planned, with a CSV download', async ({
    page,
    user,
  }) => {
    await page.goto('/journey');
    const verified = page.getByTestId('verified-hours');
    await expect(verified.getByRole('heading', { name: 'Verified hours' })).toBeVisible();
    await expect(verified).toContainText('Hours from events where the organizer recorded that you came:');
    await expect(verified.getByTestId('verified-hours-value')).toHaveText('0 h');
    await expect(verified).toContainText('No verified hours yet.');
    await expect(page.getByTestId('journey-total-hours-detail')).toHaveText('Planned hours: 0');
    await expectNoSeriousAccessibilityViolations(page);
    const downloading = page.waitForEvent('download');
    await verified.getByTestId('download-hours').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('verified-volunteer-hours.csv');
    expect(readFileSync((await download.path())!, 'utf8').length).toBeGreaterThan(0);
  });

  test("the demo account's verified hours: the server's total and one line per attended event, and the CSV has them", async ({
    page,
    context,
  }) => {
    await signInWith(context);
    const hours: { verifiedHours: number; entries: Array<{ title: string; hours: number }> } = await (
      await context.request.get('/api/user/hours')
    ).json();
    expect(hours.verifiedHours).toBeGreaterThan(0);
    await page.goto('/journey');
    const verified = page.getByTestId('verified-hours');
    // The Journey waits for several answers; the demo account's are the largest.
    await expect(verified.getByTestId('verified-hours-value')).toHaveText(
      `${new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(hours.verifiedHours)} h`,
      { timeout: 30_000 },
    );
    // The headline Total Hours is the same verified total, not the planned estimate.
    await expect(page.getByTestId('journey-total-hours-value')).toHaveText(
      new Intl.NumberFormat('en').format(hours.verifiedHours),
    );
    await expect(verified.getByTestId('verified-hours-entries').getByRole('listitem')).toHaveCount(
      hours.entries.length,
    );
    await expect(verified).toContainText(hours.entries[0]!.title);
    const downloading = page.waitForEvent('download');
    await verified.getByTestId('download-hours').click();
    const csv = readFileSync((await (await downloading).path())!, 'utf8');
    for (const entry of hours.entries) expect(csv).toContain(entry.title);
  });
});
