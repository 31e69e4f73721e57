import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { createEventWith, findRecentPastEventWithAttendees, rsvpWith, signInWith } from './support/accounts';
import { waitForLivePage } from './support/live-page';
import { storeLanguage } from './support/language';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const suffix = () => randomBytes(3).toString('hex');
/** The first render after a navigation: a lazy screen, its strings and its data on a busy machine. */
const READY = { timeout: 30_000 };

type Box = { top: number; bottom: number };

async function boxOf(page: Page, testId: string): Promise<Box> {
  return page.getByTestId(testId).evaluate((element) => {
    const { top, bottom } = element.getBoundingClientRect();
    return { top, bottom };
  });
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test("Home: the floating create button never covers the last card's action (RSVP, or Choose slots)", async ({
    page,
    user,
  }) => {
    await page.goto('/');
    await waitForLivePage(page);
    const grid = page.getByTestId('event-grid');
    await expect(grid.getByTestId('event-card').first()).toBeVisible(READY);
    // The grid renders its cards a few at a time: wait until every card of the page is there.
    await expect(grid).not.toHaveAttribute('aria-busy', 'true');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect
      .poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.body.scrollHeight))
      .toBe(true);

    // The card's action: RSVP, or "Choose slots" on an event with a schedule (the demo's weekly series
    // falls on the next Saturday, so on some weekdays it is the last card of the first page), or a disabled
    // "Event Full" (on others a full demo event is).
    const lastCard = grid.getByTestId('event-card').last();
    const lastCardButton = lastCard.getByRole('button').or(lastCard.getByTestId('event-card-choose-slots'));
    await expect(lastCardButton).toBeInViewport();
    const hit = await lastCardButton.evaluate((button) => {
      const { left, top, width, height } = button.getBoundingClientRect();
      const found = document.elementFromPoint(left + width / 2, top + height / 2);
      // A disabled button takes no pointer events (disabled:pointer-events-none), so the point finds what is
      // under it: its own card when nothing floats above it.
      const isHitTested = getComputedStyle(button).pointerEvents !== 'none';
      const expected = isHitTested ? button : button.closest('[data-testid="event-card"]');
      return found !== null && expected !== null && expected.contains(found);
    });
    expect(hit, "the action's centre is the action, not the floating create button").toBe(true);
    const button = await lastCardButton.boundingBox();
    const floating = await page.getByTestId('floating-create').boundingBox();
    expect(button!.y + button!.height).toBeLessThan(floating!.y);
  });

  test('the event page: title, date and place, the main action and "About this event" come before calendar and share', async ({
    page,
    user,
    eventOfAnother,
  }) => {
    const event = await eventOfAnother({ title: `Order ${suffix()}` });
    await page.goto(`/events/${event.id}`);
    await waitForLivePage(page);
    await expect(page.getByTestId('quick-share-card')).toBeVisible(READY);

    const title = await page.locator('h1#event-title').evaluate((element) => element.getBoundingClientRect().top);
    const place = await boxOf(page, 'event-location');
    const action = await boxOf(page, 'participation-card');
    const about = await page
      .getByRole('heading', { name: 'About this event' })
      .evaluate((element) => element.getBoundingClientRect().top);
    const calendar = await boxOf(page, 'add-to-calendar');
    const share = await boxOf(page, 'quick-share-card');
    expect(title).toBeLessThan(place.top);
    expect(place.bottom).toBeLessThan(action.top);
    expect(action.bottom).toBeLessThan(about);
    expect(about).toBeLessThan(calendar.top);
    expect(calendar.bottom).toBeLessThan(share.top);
  });

  test('a chat thread: the composer sits on the tab bar, with no band between them', async ({
    page,
    user,
    newPerson,
  }) => {
    const friend = await newPerson({ firstName: 'Bea', lastName: `Lindqvist${suffix()}` });
    const sent = await friend.request.post('/api/messages', { data: { receiverId: user.id, content: 'Hello there!' } });
    expect(sent.status(), await sent.text()).toBe(201);

    await page.goto(`/chat/${friend.user.id}`);
    await waitForLivePage(page);
    await expect(page.getByTestId('thread-messages')).toContainText('Hello there!', READY);
    const composer = await boxOf(page, 'chat-composer');
    const tabBar = await boxOf(page, 'bottom-nav');
    expect(Math.abs(tabBar.top - composer.bottom)).toBeLessThanOrEqual(1);
    // The page itself does not scroll: the thread scrolls inside the screen.
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(
      1,
    );
    // Nothing floats over the message box.
    const box = page.getByTestId('chat-composer').getByRole('textbox');
    const isReachable = await box.evaluate((element) => {
      const { left, top, height } = element.getBoundingClientRect();
      const found = document.elementFromPoint(left + 8, top + height / 2);
      return found !== null && element.contains(found);
    });
    expect(isReachable).toBe(true);
  });
});

test.describe('waitlist', () => {
  test('a full event: "Join waitlist" is the main button, no disabled "Event Full"; its card says the waitlist is open', async ({
    page,
    user,
    newPerson,
  }) => {
    const organizer = await newPerson();
    const holder = await newPerson();
    const title = `Waitlist ${suffix()}`;
    const event = await createEventWith(organizer.request, { title, maxAttendees: 1 });
    await rsvpWith(holder.request, event.id);

    await page.goto(`/events/${event.id}`);
    await waitForLivePage(page);
    const card = page.getByTestId('participation-card');
    await expect(card.getByTestId('join-waitlist')).toBeVisible(READY);
    await expect(card.getByRole('button', { name: 'Event Full' })).toHaveCount(0);
    // The card's first button, primary and as wide as the card.
    await expect(card.getByRole('button').first()).toHaveAttribute('data-testid', 'join-waitlist');
    await expect(card.getByTestId('join-waitlist')).toHaveClass(/(^|\s)bg-primary(\s|$)/);
    const [join, cardBox] = [await card.getByTestId('join-waitlist').boundingBox(), await card.boundingBox()];
    expect(join!.width).toBeGreaterThan(cardBox!.width * 0.7);

    await page.goto(`/discover?search=${encodeURIComponent(title)}`);
    const listed = page.getByTestId('event-card').filter({ hasText: title });
    await expect(listed.getByTestId('event-card-waitlist-open')).toHaveText('Full · Waitlist open', READY);

    // In another language it is translated, not English.
    await storeLanguage(page, 'de');
    await page.reload();
    await expect(listed.getByTestId('event-card-waitlist-open')).toHaveText('Ausgebucht · Warteliste offen', READY);
  });
});

test.describe('desktop event page', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('an event whose photo cannot be shown has no empty banner: the title is in the first viewport', async ({
    page,
    user,
    eventOfAnother,
  }) => {
    const missing = 'https://photos.example.org/gone.jpg';
    // The photo's host does not answer: the browser gets an error, as it does for a removed photo.
    await page.route('https://photos.example.org/**', (route) => route.abort());
    const event = await eventOfAnother({ title: `No photo ${suffix()}`, imageUrl: missing });
    await page.goto(`/events/${event.id}`);
    await waitForLivePage(page);
    const title = page.locator('h1#event-title');
    await expect(title).toBeVisible(READY);
    // No cover banner above the summary (the photo's thumbnail further down stays, for the organizer to see).
    await expect(page.locator('[data-testid="event-detail"] > button')).toHaveCount(0);
    const top = await title.evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(720);
  });
});

test.describe('organizer tools', () => {
  test("one's own event card says Manage and leads to the event's organizer tools", async ({ page, context, user }) => {
    const title = `Mine ${suffix()}`;
    const event = await createEventWith(context.request, { title });
    await page.goto(`/discover?search=${encodeURIComponent(title)}`);
    const card = page.getByTestId('event-card').filter({ hasText: title });
    const manage = card.getByTestId('event-card-manage');
    await expect(manage).toBeVisible(READY);
    await expect(manage).toContainText('Manage');
    await expect(card.getByRole('button', { name: /RSVP/ })).toHaveCount(0);
    await manage.click();
    await expect(page).toHaveURL(new RegExp(`/events/${event.id}#organizer-tools$`));
    await expect(page.getByTestId('organizer-panel')).toBeInViewport(READY);
  });

  test('a cancelled event offers no Quick Share and no Share button', async ({ page, context, user }) => {
    const event = await createEventWith(context.request, { title: `Called off ${suffix()}` });
    const cancelled = await context.request.post(`/api/events/${event.id}/cancel`, { data: { reason: 'Storm' } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await page.goto(`/events/${event.id}`);
    await waitForLivePage(page);
    await expect(page.getByTestId('cancelled-badge')).toBeVisible(READY);
    await expect(page.getByTestId('quick-share-card')).toHaveCount(0);
    await expect(page.getByTestId('share-button')).toHaveCount(0);
  });

  test('the attendance sheet: a tap anywhere on a row toggles it; the keyboard still does; axe clean', async ({
    page,
    context,
  }) => {
    // A past demo event of the demo account with people to record; nothing is saved, so nothing changes.
    await signInWith(context);
    const chosen = await findRecentPastEventWithAttendees(context.request, 1);
    expect(chosen, 'the demo account organizes a past event with attendees').not.toBeNull();
    await page.goto(`/events/${chosen!.id}`);
    const sheet = page.getByTestId('attendance-sheet');
    await expect(sheet.getByTestId('attendance-checkbox').first()).toBeVisible(READY);
    await waitForLivePage(page);

    const row = sheet
      .getByTestId('attendee-row')
      .filter({ has: page.getByTestId('attendance-checkbox') })
      .first();
    const checkbox = row.getByTestId('attendance-checkbox');
    const wasChecked = await checkbox.isChecked();
    // The person's name, far from the 20 px box.
    await row.locator('span.font-medium').click();
    await expect(checkbox).toBeChecked({ checked: !wasChecked });
    await row.locator('time').click();
    await expect(checkbox).toBeChecked({ checked: wasChecked });
    await checkbox.focus();
    await page.keyboard.press('Space');
    await expect(checkbox).toBeChecked({ checked: !wasChecked });
    // One checkbox per row, named after the person.
    await expect(row.getByRole('checkbox', { name: / came$/ })).toHaveCount(1);
    await expectNoSeriousAccessibilityViolations(page);
  });
});
