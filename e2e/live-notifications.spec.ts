import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations, inBothThemes } from './support/accessibility';
import { createEventWith, rsvpWith, type TestUser } from './support/accounts';
import { expect, test } from './support/fixtures';
import { waitForLivePage } from './support/live-page';

/** The first render after a navigation: a lazy screen, its strings and its data on a busy machine. */
const READY = { timeout: 30_000 };
/** The bar: the open page follows another person's write within a few seconds, without reload. */
const LIVE = { timeout: 5_000 };

async function send(request: APIRequestContext, to: TestUser, content: string) {
  const response = await request.post('/api/messages', { data: { receiverId: to.id, content } });
  expect(response.status(), await response.text()).toBe(201);
}

async function openBell(page: Page) {
  await page.getByTestId('header-bell').click();
  await expect(page.getByTestId('notifications-menu')).toBeVisible(READY);
}

test.describe('Live pages and named notifications', () => {
  test.describe.configure({ timeout: 120_000 });

  test("the organizer's open event page counts another person's RSVP and withdrawal without reload", async ({
    page,
    user,
    newPerson,
  }) => {
    expect(user.id).toBeTruthy();
    const event = await createEventWith(page.context().request, {
      title: `Live count ${randomBytes(3).toString('hex')}`,
    });
    const volunteer = await newPerson();
    await page.goto(`/events/${event.id}`);
    await waitForLivePage(page);
    const attending = page.getByTestId('stat-attending');
    await expect(attending).toHaveText(/\D0$/, READY);
    await page.evaluate(() => ((window as unknown as { liveMark: string }).liveMark = 'kept'));

    await rsvpWith(volunteer.request, event.id);
    await expect(attending).toHaveText(/\D1$/, LIVE);

    const withdrawn = await volunteer.request.delete(`/api/events/${event.id}/rsvp`);
    expect(withdrawn.ok(), await withdrawn.text()).toBe(true);
    await expect(attending).toHaveText(/\D0$/, LIVE);
    expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe('kept');
  });

  test('an unlocked achievement is named in the bell', async ({ page, user, eventOfAnother }) => {
    const event = await eventOfAnother();
    await rsvpWith(page.context().request, event.id);
    const answer = await page.context().request.get('/api/notifications');
    const unlocked = ((await answer.json()) as Array<{ type: string; data: { achievementName?: string } }>).filter(
      (item) => item.type === 'achievement_unlocked',
    );
    expect(unlocked.length, `no achievement for ${user.email}`).toBeGreaterThan(0);
    await page.goto('/journey');
    await waitForLivePage(page);
    await openBell(page);
    const items = page.getByTestId('notification-item');
    for (const item of unlocked)
      await expect(items.filter({ hasText: `You unlocked ${item.data.achievementName}` })).toHaveCount(1, READY);
    await expect(items.filter({ hasText: 'You unlocked a new achievement' })).toHaveCount(0);
  });

  test('repeats of the same kind about the same event are one line with a count in the bell', async ({
    page,
    user,
    newPerson,
  }) => {
    expect(user.id).toBeTruthy();
    const title = `Beach Cleanup ${randomBytes(3).toString('hex')}`;
    const event = await createEventWith(page.context().request, { title });
    for (let index = 0; index < 3; index += 1) await rsvpWith((await newPerson()).request, event.id);
    const lone = await newPerson({ firstName: 'Lone', lastName: 'Writer' });
    await send(lone.request, user, 'Hello');

    await page.goto('/journey');
    await waitForLivePage(page);
    await openBell(page);
    const items = page.getByTestId('notification-item');
    await expect(items.filter({ hasText: `3 people RSVPed to ${title}` })).toHaveCount(1, READY);
    await expect(items.filter({ hasText: `RSVPed to ${title}` })).toHaveCount(1);
    await expect(items.filter({ hasText: 'Lone Writer sent you a message' })).toHaveCount(1);

    // Opening the group reads all three.
    await items.filter({ hasText: `3 people RSVPed to ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`), READY);
    await expect
      .poll(async () => {
        const list = (await (await page.context().request.get('/api/notifications')).json()) as Array<{
          type: string;
          readAt: string | null;
        }>;
        return list.filter((item) => item.type === 'rsvp_received' && item.readAt === null).length;
      }, READY)
      .toBe(0);
  });

  test('"See all" opens every notification, paged, with mark all read; axe clean in both themes', async ({
    page,
    user,
    newPerson,
  }) => {
    const sender = await newPerson({ firstName: 'Paged', lastName: 'Sender' });
    for (let index = 0; index < 21; index += 1) await send(sender.request, user, `Note ${index}`);

    await page.goto('/journey');
    await waitForLivePage(page);
    await openBell(page);
    await expect(
      page.getByTestId('notification-item').filter({ hasText: 'Paged Sender sent you 21 messages' }),
    ).toHaveCount(1, READY);
    await page.getByTestId('notifications-see-all').click();
    await expect(page).toHaveURL(/\/notifications$/, READY);
    const items = page.getByTestId('notifications-page-item');
    await expect(items).toHaveCount(20, READY);
    await page.getByTestId('notifications-load-more').click();
    await expect(items).toHaveCount(21, READY);
    await expect(page.getByTestId('notifications-load-more')).toHaveCount(0);

    await page.getByTestId('notifications-page-mark-all-read').click();
    await expect(page.locator('[data-testid="notifications-page-item"][data-unread="true"]')).toHaveCount(0, READY);
    await expect(page.getByTestId('header-bell')).toHaveAttribute('data-count', '0', READY);

    // The route renders on the server like the other signed-in screens.
    const html = await (await page.context().request.get('/notifications')).text();
    expect(html).toMatch(/<h1[^>]*>Notifications<\/h1>/);

    await inBothThemes(page, async () => {
      await waitForLivePage(page);
      await expect(items.first()).toBeVisible(READY);
      await expectNoSeriousAccessibilityViolations(page);
    });
  });
});
