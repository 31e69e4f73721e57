import { randomBytes } from 'node:crypto';
import { type Browser, type Page, type PlaywrightWorkerArgs, type Response } from '@playwright/test';
import { expect, test, setLatency } from './support/fixtures';
import { createEventAsAnother, signUpInBrowser, signUpWith } from './support/accounts';
import { expectToast, recordToasts } from './support/toasts';
import { waitForLivePage } from './support/live-page';
import { useLanguage } from './support/language';

const suffix = () => randomBytes(4).toString('hex');

const STATUSES = [
  { label: 'Attending', description: "I'll be there to participate" },
  { label: 'Supporting', description: "I'll help organize or provide resources" },
  { label: 'Co-Organizing', description: 'I want to help organize this event' },
] as const;

/**
 * Signs up, creates another person's event, lets `prepare` set the page up (its network, its
 * recorders), then opens the event's page and its RSVP menu once the page is live.
 */
async function openRsvpMenuOnNewEvent(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  title: string,
  prepare: () => Promise<unknown> = async () => {},
) {
  await signUpInBrowser(page);
  const { event } = await createEventAsAnother(playwright, { title: `${title} ${suffix()}` });
  await prepare();
  await page.goto(`/events/${event.id}`);
  await waitForLivePage(page);
  await page.getByRole('button', { name: 'RSVP', exact: true }).click();
  await expect(page.getByRole('menuitemradio', { name: /Attending/ })).toBeVisible();
  return event;
}

/** Someone else takes the event's last place while the page still shows it free. */
async function takeTheLastPlace(browser: Browser, eventId: number) {
  const otherContext = await browser.newContext();
  await signUpWith(otherContext.request);
  expect(
    (await otherContext.request.post(`/api/events/${eventId}/rsvp`, { data: { status: 'attending' } })).status(),
  ).toBe(200);
  await otherContext.close();
}

test.describe('RSVP control', () => {
  test('offers the three statuses, ticks the current one, switches freely and refreshes the counts', async ({
    page,
    playwright,
    context,
    user,
  }) => {
    const { event } = await createEventAsAnother(playwright, { title: `RSVP menu ${suffix()}`, maxAttendees: 25 });
    await page.goto(`/events/${event.id}`);
    await waitForLivePage(page);

    const button = page.getByRole('button', { name: 'RSVP', exact: true });
    await expect(button).toBeEnabled();
    expect((await button.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(100);
    await expect(page.getByTestId('stat-attending')).toContainText('0');
    await button.click();

    const items = page.getByRole('menuitemradio');
    await expect(items).toHaveCount(3);
    for (const [index, status] of STATUSES.entries()) {
      await expect(items.nth(index)).toContainText(status.label);
      await expect(items.nth(index)).toContainText(status.description);
      await expect(items.nth(index)).toHaveAttribute('aria-checked', 'false');
    }
    await items.filter({ hasText: 'Supporting' }).click();

    await expectToast(page, 'RSVP Updated', 'Your participation status has been updated.');
    const done = page.getByRole('button', { name: "RSVP'd (Supporting)" });
    await expect(done).toBeVisible();
    await expect(done).toHaveText("RSVP'd");
    // The detail refreshed without a reload: count and participation text follow the new RSVP.
    await expect(page.getByTestId('stat-attending')).toContainText('1');
    await expect(page.getByText("You're Supporting")).toBeVisible();
    await expect(page.getByText('24 spots left')).toBeVisible();

    await done.click();
    await expect(page.getByRole('menuitemradio', { name: /Supporting/ })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('menuitemradio', { name: /Attending/ })).toHaveAttribute('aria-checked', 'false');
    await page.getByRole('menuitemradio', { name: /Co-Organizing/ }).click();
    await expect(page.getByRole('button', { name: "RSVP'd (Co-Organizing)" })).toBeVisible();
    // Switching keeps one place: the count stays at 1.
    await expect(page.getByTestId('stat-attending')).toContainText('1');
    await page.getByRole('button', { name: "RSVP'd (Co-Organizing)" }).click();
    await expect(page.getByRole('menuitemradio', { name: /Co-Organizing/ })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');

    // The server agrees.
    const saved = await (await context.request.get(`/api/events/${event.id}`)).json();
    expect(saved.userRsvpStatus).toBe('organizing');
    expect(saved.rsvpCount).toBe(1);
  });

  test('on an event card: the menu does not open the event, and the card count refreshes', async ({
    page,
    playwright,
    user,
  }) => {
    const word = `cardrsvp${suffix()}`;
    const { event } = await createEventAsAnother(playwright, { title: `Card ${word}`, maxAttendees: 10 });
    await page.goto(`/discover?search=${word}`);
    const card = page.getByTestId('event-card').filter({ hasText: event.title });
    await expect(card.getByTestId('event-card-attendance')).toHaveText('0/10');
    await card.getByRole('button', { name: 'RSVP', exact: true }).click();
    await page.getByRole('menuitemradio', { name: /Attending/ }).click();
    await expectToast(page, 'RSVP Updated', 'Your participation status has been updated.');
    // Still on Discover (the click did not reach the card), and the card updated without a reload.
    await expect(page).toHaveURL(new RegExp(`/discover\\?search=${word}$`));
    await expect(card.getByTestId('event-card-attendance')).toHaveText('1/10');
    await expect(card.getByRole('button', { name: "RSVP'd (Attending)" })).toBeVisible();
    // And the detail agrees when opened from the card.
    await card.getByRole('heading', { name: event.title }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`));
    await expect(page.getByTestId('stat-attending')).toContainText('1');
    await expect(page.getByRole('button', { name: "RSVP'd (Attending)" })).toBeVisible();
  });

  test("reads '...' while the request is pending", async ({ page, playwright, context, user, throttle }) => {
    const { event } = await createEventAsAnother(playwright, { title: `RSVP pending ${suffix()}` });
    await page.goto(`/events/${event.id}`);
    await waitForLivePage(page);
    await page.getByRole('button', { name: 'RSVP', exact: true }).click();
    const cdp = await throttle(2500);
    await page.getByRole('menuitemradio', { name: /Attending/ }).click();
    const pending = page.getByTestId('participation-card').getByRole('button');
    await expect(pending).toHaveText('...');
    await expect(pending).toHaveAttribute('aria-disabled', 'true');
    await expect(pending).toHaveAttribute('aria-busy', 'true');
    await setLatency(cdp, 0);
    await expect(page.getByRole('button', { name: "RSVP'd (Attending)" })).toBeVisible();
  });

  test('a newcomer to a full event is offered the waitlist, while someone already in can still switch', async ({
    page,
    playwright,
    context,
    browser,
  }) => {
    // The organizer and a first attendee fill the only place through the API.
    await signUpWith(context.request);
    const { event } = await createEventAsAnother(playwright, { title: `Full ${suffix()}`, maxAttendees: 1 });
    const attendeeContext = await browser.newContext();
    await signUpWith(attendeeContext.request, { firstName: 'Ines' });
    expect(
      (await attendeeContext.request.post(`/api/events/${event.id}/rsvp`, { data: { status: 'attending' } })).status(),
    ).toBe(200);

    // A newcomer (the page's own user from here on) meets a full event.
    await context.clearCookies();
    await signUpInBrowser(page);
    await page.goto(`/events/${event.id}`);
    await waitForLivePage(page);
    // Joining the waitlist is the main action; no disabled 'Event Full' stands above it.
    await expect(page.getByTestId('participation-card').getByTestId('join-waitlist')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Event Full' })).toHaveCount(0);
    await expect(page.getByTestId('stat-attending')).toContainText('1');

    // The attendee, on the same full event, keeps a working control and switches.
    const attendeePage = await attendeeContext.newPage();
    await attendeePage.goto(`/events/${event.id}`);
    await waitForLivePage(attendeePage);
    const mine = attendeePage.getByRole('button', { name: "RSVP'd (Attending)" });
    await expect(mine).toBeEnabled();
    await mine.click();
    await attendeePage.getByRole('menuitemradio', { name: /Supporting/ }).click();
    await expectToast(attendeePage, 'RSVP Updated', 'Your participation status has been updated.');
    await expect(attendeePage.getByRole('button', { name: "RSVP'd (Supporting)" })).toBeVisible();
    await attendeeContext.close();
  });

  test('a place taken meanwhile: the server says Event Full and the card offers the waitlist', async ({
    page,
    playwright,
    browser,
    user,
  }) => {
    const { event } = await createEventAsAnother(playwright, { title: `Race ${suffix()}`, maxAttendees: 1 });
    await page.goto(`/events/${event.id}`);
    await waitForLivePage(page);
    await expect(page.getByRole('button', { name: 'RSVP', exact: true })).toBeEnabled();

    await takeTheLastPlace(browser, event.id);

    await page.getByRole('button', { name: 'RSVP', exact: true }).click();
    await page.getByRole('menuitemradio', { name: /Attending/ }).click();
    await expectToast(page, 'Error', 'Event Full');
    await expect(page.getByTestId('participation-card').getByTestId('join-waitlist')).toBeVisible();
    await expect(page.getByRole('button', { name: 'RSVP', exact: true })).toHaveCount(0);
  });

  test("a place taken meanwhile, in Spanish: the refusal is worded from the answer's code, not the server's English", async ({
    page,
    playwright,
    browser,
    user,
  }) => {
    await useLanguage(page, 'es');
    const { event } = await createEventAsAnother(playwright, { title: `Carrera ${suffix()}`, maxAttendees: 1 });
    await page.goto(`/events/${event.id}`);
    await waitForLivePage(page);
    await expect(page.getByRole('button', { name: 'RSVP', exact: true })).toBeEnabled();

    await takeTheLastPlace(browser, event.id);

    const refusal = page.waitForResponse(
      (response) => response.url().endsWith(`/api/events/${event.id}/rsvp`) && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'RSVP', exact: true }).click();
    await page.getByRole('menuitemradio', { name: /Asistiré/ }).click();
    expect(await (await refusal).json()).toEqual({ message: 'Event Full', code: 'EVENT_FULL' });
    const toast = page.locator('li[data-state="open"]').filter({ hasText: 'Error' });
    await expect(toast).toContainText('Evento completo');
    await expect(toast).not.toContainText('Event Full');
  });

  test('a signed-out user gets the Unauthorized toast and is sent to sign in after 500 ms', async ({
    page,
    playwright,
    context,
  }) => {
    // The page leaves for /api/login half a second after the toast, which a loaded machine may not
    // give us time to look at: the page itself reports each toast with the moment it appeared.
    let seen: Awaited<ReturnType<typeof recordToasts>> = [];
    await openRsvpMenuOnNewEvent(page, playwright, 'Signed out', async () => (seen = await recordToasts(page)));
    // The page is server-rendered: let it make its first calls while still signed in, or the
    // achievement poll, not the RSVP, would be the first to learn that the session ended.
    await page.waitForLoadState('networkidle');
    // The session ends elsewhere (another tab signs out).
    expect((await context.request.post('/api/logout')).status()).toBe(204);
    await page.getByRole('menuitemradio', { name: /Attending/ }).click();
    await page.waitForURL(/\/api\/login/);
    // The sign-in page's time origin is the moment the browser started navigating to it.
    const leftAt = await page.evaluate(() => performance.timeOrigin);
    const unauthorized = seen.find((toast) => toast.text.includes('Unauthorized'));
    expect(unauthorized?.text).toContain('You are logged out. Logging in again...');
    // The 500 ms run from when the toast is on screen (a few ms of timer and clock slack allowed).
    expect(leftAt - (unauthorized?.at ?? leftAt)).toBeGreaterThanOrEqual(480);
  });

  test("on a phone still loading the toaster's code, the 401 toast is shown for the full 500 ms before the redirect", async ({
    page,
    playwright,
    context,
  }) => {
    let seen: Awaited<ReturnType<typeof recordToasts>> = [];
    // The toaster's code is held back until the test lets it through, as a slow network would.
    let releaseToaster = () => {};
    const toasterHeld = new Promise<void>((resolve) => (releaseToaster = resolve));
    let firstPoll: Promise<Response> | undefined;
    const event = await openRsvpMenuOnNewEvent(page, playwright, 'Slow toaster', async () => {
      seen = await recordToasts(page);
      await page.route(/\/assets\/toaster-[\w-]+\.js$/, async (route) => {
        await toasterHeld;
        await route.continue();
      });
      firstPoll = page.waitForResponse((response) => response.url().endsWith('/api/user/achievements'));
    });
    expect((await firstPoll!).status()).toBe(200);
    expect((await context.request.post('/api/logout')).status()).toBe(204);
    const rsvpRefused = page.waitForResponse(
      (response) => response.url().includes('/rsvp') && response.status() === 401,
    );
    await page.getByRole('menuitemradio', { name: /Attending/ }).click();
    await rsvpRefused;
    // Well past the 500 ms: the page must still be here, waiting for its toast to be seen.
    await page.waitForTimeout(1500);
    expect(page.url()).toContain(`/events/${event.id}`);
    releaseToaster();
    await page.waitForURL(/\/api\/login/);
    const leftAt = await page.evaluate(() => performance.timeOrigin);
    const unauthorized = seen.find((toast) => toast.text.includes('Unauthorized'));
    expect(unauthorized?.text).toContain('You are logged out. Logging in again...');
    expect(leftAt - (unauthorized?.at ?? leftAt)).toBeGreaterThanOrEqual(480);
  });

  test("when the toaster's code cannot load, the 401 still sends the person to sign in at once", async ({
    page,
    playwright,
    context,
  }) => {
    await openRsvpMenuOnNewEvent(page, playwright, 'Broken toaster', () =>
      page.route(/\/assets\/toaster-[\w-]+\.js$/, (route) => route.abort('failed')),
    );
    expect((await context.request.post('/api/logout')).status()).toBe(204);
    const rsvpRefused = page.waitForResponse(
      (response) => response.url().includes('/rsvp') && response.status() === 401,
    );
    await page.getByRole('menuitemradio', { name: /Attending/ }).click();
    const refusedAt = Date.now();
    await rsvpRefused;
    await page.waitForURL(/\/api\/login/);
    // Not the 10 s a hanging load is allowed: the failed load ends the wait, then the 500 ms.
    expect(Date.now() - refusedAt).toBeLessThan(9000);
  });

  test("a toaster whose code failed to load once is loaded again: the page's toasts come back", async ({
    page,
    playwright,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    let refused = 0;
    // The first request for the toaster's code is lost, as on a phone between two cells; later ones pass.
    await openRsvpMenuOnNewEvent(page, playwright, 'Toaster back', () =>
      page.route(/\/assets\/toaster-[\w-]+\.js$/, async (route) => {
        if (refused > 0) return route.continue();
        refused += 1;
        await route.abort('failed');
      }),
    );
    await page.getByRole('menuitemradio', { name: /Attending/ }).click();
    await expect(page.getByRole('button', { name: "RSVP'd (Attending)" })).toBeVisible();
    expect(refused).toBe(1);
    // Tried again a second later; before, the toaster never loaded again on this page, so neither this
    // toast nor any later one showed until a reload.
    await expectToast(page, 'RSVP Updated', 'Your participation status has been updated.');
    expect(errors).toEqual([]);
  });

  test('works with the keyboard alone', async ({ page, playwright, user }) => {
    const { event } = await createEventAsAnother(playwright, { title: `Keyboard ${suffix()}` });
    await page.goto(`/events/${event.id}`);
    await waitForLivePage(page);
    const button = page.getByRole('button', { name: 'RSVP', exact: true });
    await expect(button).toBeVisible();
    await waitForLivePage(page);
    // Tab to the control from the heading just before it in the reading order.
    await page.getByRole('heading', { name: 'Your participation' }).evaluate((heading) => {
      (heading as HTMLElement).tabIndex = -1;
      (heading as HTMLElement).focus();
    });
    await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    const attending = page.getByRole('menuitemradio', { name: /Attending/ });
    await expect(attending).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitemradio', { name: /Supporting/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitemradio', { name: /Co-Organizing/ })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    // Enter before the focus is back on Supporting chose Co-Organizing (seen once on a loaded machine).
    await expect(page.getByRole('menuitemradio', { name: /Supporting/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectToast(page, 'RSVP Updated', 'Your participation status has been updated.');
    const done = page.getByRole('button', { name: "RSVP'd (Supporting)" });
    await expect(done).toBeVisible();
    // Focus comes back to the control, so a keyboard user can go on from there.
    await expect(done).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio', { name: /Supporting/ })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  });
});
