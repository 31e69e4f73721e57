import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/fixtures';
import { expectNoSeriousAccessibilityViolations, inBothThemes } from './support/accessibility';
import {
  createEventWith,
  createManyEvents,
  DEMO_ACCOUNT,
  eventsOfNewOrganizers,
  signInWith,
  signUpWith,
} from './support/accounts';
import { useLanguage } from './support/language';
import { gotoReadingPublicStats } from './support/public-stats';

/** Home, the event card, Discover and My events against the real server. */

// Each test signs up and talks to the real server, several create events: give a busy machine room.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 45_000 });

const PAGE_SIZE = 24;
const DAY = 24 * 60 * 60 * 1000;

/** Makes the upcoming list longer than one page, with events far enough ahead not to crowd the first. */
async function ensureMoreThanOnePage(request: APIRequestContext, newRequestContext: () => Promise<APIRequestContext>) {
  const first = await request.get(`/api/events?limit=${PAGE_SIZE}`);
  if (first.headers()['link']) return;
  const listed = ((await first.json()) as unknown[]).length;
  await createManyEvents(
    newRequestContext,
    Array.from({ length: PAGE_SIZE - listed + 1 }, (_, index) => ({
      title: `Filler ${token()}`,
      date: new Date(Date.now() + (300 + index) * DAY).toISOString(),
    })),
  );
}

function token() {
  return `zq${randomBytes(4).toString('hex')}`;
}

async function categories(request: APIRequestContext): Promise<{ id: number; name: string; icon: string }[]> {
  return (await request.get('/api/categories')).json();
}

/** Another user RSVPs through their own session. */
async function rsvpAsSomeoneElse(
  playwright: { request: { newContext: (options: { baseURL?: string }) => Promise<APIRequestContext> } },
  baseURL: string | undefined,
  eventId: number,
) {
  const other = await playwright.request.newContext({ baseURL });
  await signUpWith(other);
  const response = await other.post(`/api/events/${eventId}/rsvp`, { data: { status: 'attending' } });
  expect(response.status()).toBe(200);
  await other.dispose();
}

const cards = (page: Page) => page.getByTestId('event-card');
// By test id: the header's search box has the same accessible name as Discover's.
const discoverSearch = (page: Page) => page.getByTestId('discover-search');
const discoverLocation = (page: Page) => page.getByTestId('discover-location');
const cardTitled = (page: Page, title: string) =>
  cards(page).filter({ has: page.getByRole('link', { name: title, exact: true }) });

test.describe('Home', () => {
  test('greets by first name and shows the banner actions and the stat cards', async ({ page, signUp }) => {
    await signUp({ firstName: 'Marisol' });
    // The community's figures the page was given (read beside the load: the server keeps one reading five minutes).
    const stats = await gotoReadingPublicStats(page, '/');
    // Someone who has just signed up is welcomed, not welcomed back.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Marisol!');

    const banner = page.locator('section[aria-labelledby="home-greeting"]');
    await expect(banner.getByRole('button', { name: 'Create Event' })).toBeVisible();
    for (const [name, path] of [
      ['Find Events Near Me', '/events'],
      ['Connect with Friends', '/friends'],
      ['Open Chat', '/chat'],
    ] as const) {
      await expect(banner.getByRole('link', { name })).toHaveAttribute('href', path);
    }

    const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
    for (const [testId, figure, label] of [
      ['stat-volunteers', compact.format(stats.volunteers), 'Volunteers'],
      ['stat-verifiedHours', compact.format(stats.verifiedHours), 'Hours'],
      ['stat-communities', compact.format(stats.communities), 'Communities'],
    ] as const)
      await expect(page.getByTestId(testId)).toHaveText(`${figure}${label}`);
    await expect(page.getByText('Active Events', { exact: true })).toBeVisible();
    // Active Events is the number of listed events ('+' while the API has a further page).
    await expect(cards(page).first()).toBeVisible();
    // The grid renders its first cards at once and the rest a few per frame (aria-busy until done).
    await expect(page.getByTestId('event-grid')).not.toHaveAttribute('aria-busy', 'true');
    const listed = await cards(page).count();
    const hasMore = await page.getByRole('button', { name: 'Load More Events' }).isVisible();
    await expect(page.getByTestId('stat-active-events')).toContainText(`${listed}${hasMore ? '+' : ''}`);

    await banner.getByRole('link', { name: 'Find Events Near Me' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discover Volunteer Opportunities');
    await page.goBack();
    await banner.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByRole('dialog', { name: 'Create New Event' })).toBeVisible();
  });

  test('category chips: All Events plus one per category with an icon; a chip filters the grid', async ({
    page,
    context,
    user,
  }) => {
    const all = await categories(context.request);
    await page.goto('/');
    const chips = page.getByTestId('category-chips').getByRole('button');
    await expect(chips).toHaveCount(all.length + 1);
    await expect(chips.first()).toHaveText('All Events');
    await expect(chips.first()).toHaveAttribute('aria-pressed', 'true');
    for (const category of all) {
      const chip = page.getByTestId('category-chips').getByRole('button', { name: category.name, exact: true });
      await expect(chip.locator('svg')).toHaveCount(1);
    }

    // A category of its own, so the filtered grid is known exactly.
    const cleanup = all.find((category) => category.name === 'Cleanup')!;
    const title = `Chip filter ${token()}`;
    await createEventWith(context.request, {
      title,
      categoryId: cleanup.id,
      date: new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString(),
    });
    await page.reload();
    await page.getByTestId('category-chips').getByRole('button', { name: 'Cleanup', exact: true }).click();
    await expect(
      page.getByTestId('category-chips').getByRole('button', { name: 'Cleanup', exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
    // The previous list stays, dimmed, until the filtered one arrives.
    await expect(page.getByTestId('event-grid')).not.toHaveClass(/opacity-60/);
    await expect(cardTitled(page, title)).toBeVisible();
    const badges = page.getByTestId('event-card-category');
    const count = await badges.count();
    for (let index = 0; index < count; index++) await expect(badges.nth(index)).toHaveText('Cleanup');
    // The one table of category colours (contract/category-colors.ts): Cleanup's badge is green, not the grey of
    // unknown categories.
    await expect(badges.first()).toHaveClass(/bg-green-100/);
  });

  test('shows 6 skeleton cards while the events load', async ({ page, user, throttle }) => {
    await page.goto('/');
    await expect(cards(page).first()).toBeVisible();
    await throttle(2500);
    await page.reload();
    await expect(page.getByTestId('event-card-skeleton')).toHaveCount(6, { timeout: 60_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Loading events...' })).toBeAttached();
    await expect(cards(page).first()).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId('event-card-skeleton')).toHaveCount(0);
  });

  test('Load More Events loads the next page the API links to, and hides on the last page', async ({
    page,
    context,
    playwright,
    baseURL,
    user,
  }) => {
    await ensureMoreThanOnePage(context.request, () => playwright.request.newContext({ baseURL }));
    await page.goto('/');
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await expect(page.getByTestId('stat-active-events')).toContainText(`${PAGE_SIZE}+`);
    await page.getByRole('button', { name: 'Load More Events' }).click();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(PAGE_SIZE);
    // No card twice: the cursor continues where the first page ended.
    const ids = await cards(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-event-id')));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('a full page of cards appears a few at a time: 8 in the first paint, then all of them (no 400 ms task)', async ({
    page,
    context,
    playwright,
    baseURL,
    user,
  }) => {
    await ensureMoreThanOnePage(context.request, () => playwright.request.newContext({ baseURL }));
    // Records how many cards each DOM update leaves in the page, from the first one on.
    await page.addInitScript(() => {
      const counts: number[] = [];
      (window as unknown as { cardCounts: number[] }).cardCounts = counts;
      new MutationObserver(() => {
        const count = document.querySelectorAll('[data-testid="event-card"]').length;
        if (count !== (counts.at(-1) ?? 0)) counts.push(count);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await expect(page.getByTestId('event-grid')).not.toHaveAttribute('aria-busy', 'true');
    const counts = await page.evaluate(() => (window as unknown as { cardCounts: number[] }).cardCounts);
    expect(counts[0]).toBe(8);
    expect(counts.at(-1)).toBe(PAGE_SIZE);
    expect(counts.length).toBeGreaterThan(2);
  });

  test('an event full to capacity shows Event Full on its card, and that its waitlist is open', async ({
    page,
    playwright,
    baseURL,
    user,
    eventOfAnother,
  }) => {
    const title = `Full house ${token()}`;
    // Someone else's: one's own event's card offers Manage, not RSVP.
    const event = await eventOfAnother({
      title,
      maxAttendees: 1,
      date: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
    });
    await rsvpAsSomeoneElse(playwright, baseURL, event.id);
    await page.goto(`/discover?search=${encodeURIComponent(title)}`);
    const card = cardTitled(page, title);
    await expect(card.getByTestId('event-card-attendance')).toHaveText('1/1');
    await expect(card.getByRole('button', { name: /full/i })).toHaveText('Event Full');
    await expect(card.getByRole('button', { name: /full/i })).toBeDisabled();
    await expect(card.getByTestId('event-card-waitlist-open')).toHaveText('Full · Waitlist open');
  });
});

test.describe('Home on a community without events', () => {
  test.use({ baseURL: async ({ emptyServerUrl }, use) => use(emptyServerUrl) });

  test('unfiltered: No events found, the invitation and a Create Event button; filtered: the filter hint', async ({
    page,
    user,
  }) => {
    await page.goto('/');
    const empty = page.getByTestId('empty-state');
    await expect(empty.getByRole('heading', { name: 'No events found' })).toBeVisible();
    await expect(empty.getByText('Be the first to create an event in your community!')).toBeVisible();
    await expect(page.getByTestId('stat-active-events')).toContainText('0');
    await expect(page.getByRole('button', { name: 'Load More Events' })).toHaveCount(0);
    await empty.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByRole('dialog', { name: 'Create New Event' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByTestId('category-chips').getByRole('button', { name: 'Education', exact: true }).click();
    await expect(empty.getByRole('heading', { name: 'No events found' })).toBeVisible();
    await expect(empty.getByText('Try adjusting your filters or search terms.')).toBeVisible();
    await expect(empty.getByRole('button')).toHaveCount(0);
  });

  test('Discover without any event: No events are currently available.', async ({ page, user }) => {
    await page.goto('/discover');
    await expect(page.getByRole('heading', { name: 'All Events' })).toBeVisible();
    await expect(page.getByTestId('events-found')).toHaveText('0 events found');
    await expect(page.getByTestId('empty-state').getByText('No events are currently available.')).toBeVisible();
    await expect(page.getByTestId('empty-state').getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);
  });
});

test.describe('Event card', () => {
  test.use({ timezoneId: 'UTC', locale: 'en-US' });

  test('every field, the en-US date rules, and opening by click or Enter but not through the RSVP control', async ({
    page,
    context,
    signUp,
    newPerson,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signUp();
    // Another person's events: one's own cards offer Manage instead of the RSVP control.
    const organizer = await newPerson({ firstName: 'zoë', lastName: 'Okafor' });
    const all = await categories(context.request);
    const education = all.find((category) => category.name === 'Education')!;
    // Three events on chosen days at fixed UTC times; the browser runs in UTC with a pinned clock.
    const base = new Date(Date.now() + 3 * DAY);
    base.setUTCHours(0, 0, 0, 0);
    const at = (days: number, hours: number, minutes: number) =>
      new Date(base.getTime() + days * DAY + hours * 3_600_000 + minutes * 60_000);
    const tag = token();
    const description =
      'A long description that goes on and on about what we will do together, which tools to bring, where to meet, how long it lasts, and what happens afterwards over coffee and cake with everyone who came along.';
    const today = await createEventWith(organizer.request, {
      title: `Card today ${tag}`,
      description,
      location: 'Harbour Hall, Porto',
      categoryId: education.id,
      maxAttendees: 12,
      date: at(0, 15, 30).toISOString(),
    });
    await createEventWith(organizer.request, { title: `Card tomorrow ${tag}`, date: at(1, 9, 5).toISOString() });
    await createEventWith(organizer.request, { title: `Card later ${tag}`, date: at(5, 0, 15).toISOString() });
    await page.clock.setFixedTime(at(0, 8, 0));

    await page.goto(`/discover?search=${tag}`);
    await expect(cards(page)).toHaveCount(3);
    const card = cardTitled(page, `Card today ${tag}`);
    await expect(card.getByTestId('event-card-category')).toHaveText('Education');
    await expect(card.getByTestId('event-card-category')).toHaveClass(/blue/);
    await expect(card.getByTestId('event-card-description')).toHaveText(description);
    await expect(card.getByTestId('event-card-description')).toHaveCSS('-webkit-line-clamp', '2');
    await expect(card.getByText('Harbour Hall, Porto')).toBeVisible();
    await expect(card.getByTestId('event-card-date')).toHaveText('Today, 3:30 PM');
    // An event nobody rated yet says so instead of '★ 0.0'.
    await expect(card.getByTestId('event-card-rating')).toHaveText('No ratings yet');
    await expect(card.getByTestId('event-card-organizer-initial')).toHaveText('Z');
    await expect(card.getByTestId('event-card-attendance')).toHaveText('0/12');
    await expect(card.getByRole('button', { name: /rsvp/i })).toHaveText(/RSVP/);

    await expect(cardTitled(page, `Card tomorrow ${tag}`).getByTestId('event-card-date')).toHaveText(
      'Tomorrow, 9:05 AM',
    );
    const later = at(5, 0, 15);
    const weekday = later.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
    const month = later.toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });
    await expect(cardTitled(page, `Card later ${tag}`).getByTestId('event-card-date')).toHaveText(
      `${weekday}, ${month} ${later.getUTCDate()}, 12:15 AM`,
    );
    // Without a maximum the card shows the count alone.
    await expect(cardTitled(page, `Card later ${tag}`).getByTestId('event-card-attendance')).toHaveText('0');

    // The RSVP control opens its menu, not the event.
    await card.getByRole('button', { name: /rsvp/i }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/discover\?search=/);

    // Click anywhere on the card opens the event.
    // The title link's overlay covers the card, so the click lands on it wherever it is made.
    await card.getByTestId('event-card-description').click({ force: true });
    await expect(page).toHaveURL(new RegExp(`/events/${today.id}$`));
    await page.goBack();
    // Keyboard: the title link is the card's focus stop; Enter opens it.
    await cardTitled(page, `Card today ${tag}`).getByRole('link').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/events/${today.id}$`));
  });
});

test.describe('Discover', () => {
  test('search and location are in the URL, restored on reload, with headings and counts', async ({
    page,
    context,
    user,
  }) => {
    const tag = token();
    await createEventWith(context.request, { title: `Riverbank ${tag} one`, location: 'Ghent, Belgium' });
    await createEventWith(context.request, { title: `Riverbank ${tag} two`, location: 'Antwerp, Belgium' });

    await page.goto('/discover');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discover Volunteer Opportunities');
    await expect(page.getByText('Find meaningful ways to make a difference in your community')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All Events' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Advanced Filters' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use My Location' })).toBeVisible();
    await expect(discoverSearch(page)).toHaveAccessibleName('Search events');
    await expect(discoverSearch(page)).toHaveAttribute('placeholder', 'Search events, keywords...');
    await expect(discoverLocation(page)).toHaveAccessibleName('Location');
    await expect(discoverLocation(page)).toHaveAttribute('placeholder', 'City, state, or zip code');

    await discoverSearch(page).fill(tag);
    await expect(page).toHaveURL(new RegExp(`[?&]search=${tag}`));
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByTestId('events-found')).toHaveText('2 events found');

    await discoverLocation(page).fill('ghent');
    await expect(page).toHaveURL(new RegExp(`search=${tag}.*location=ghent|location=ghent.*search=${tag}`));
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByTestId('events-found')).toHaveText('1 event found');

    // Bookmarked / shared: a fresh load restores the boxes and the results.
    await page.reload();
    await expect(discoverSearch(page)).toHaveValue(tag);
    await expect(discoverLocation(page)).toHaveValue('ghent');
    await expect(cardTitled(page, `Riverbank ${tag} one`)).toBeVisible();
    await expect(cards(page)).toHaveCount(1);

    // /events is the same page, and takes the same query.
    await page.goto(`/events?search=${tag}`);
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expect(cards(page)).toHaveCount(2);
  });

  test('a search without results: No events found, Clear Filters brings all events back', async ({ page, user }) => {
    await page.goto(`/discover?search=${token()}nothing`);
    const empty = page.getByTestId('empty-state');
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expect(empty.getByRole('heading', { name: 'No events found' })).toBeVisible();
    await expect(page.getByTestId('events-found')).toHaveText('0 events found');
    await empty.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/discover$/);
    await expect(page.getByRole('heading', { name: 'All Events' })).toBeVisible();
    await expect(discoverSearch(page)).toHaveValue('');
    await expect(cards(page).first()).toBeVisible();
  });

  test('Load More follows the Link header within a search', async ({ page, playwright, baseURL, user }) => {
    const tag = token();
    await createManyEvents(
      () => playwright.request.newContext({ baseURL }),
      Array.from({ length: PAGE_SIZE + 2 }, (_, index) => ({
        title: `Paged ${tag} ${index}`,
        date: new Date(Date.now() + (2 + index) * DAY).toISOString(),
      })),
    );
    await page.goto(`/discover?search=${tag}`);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await expect(page.getByTestId('events-found')).toHaveText(`${PAGE_SIZE}+ events found`);
    await page.getByRole('button', { name: 'Load More Events' }).click();
    await expect(cards(page)).toHaveCount(PAGE_SIZE + 2);
    await expect(page.getByTestId('events-found')).toHaveText(`${PAGE_SIZE + 2} events found`);
    await expect(page.getByRole('button', { name: 'Load More Events' })).toHaveCount(0);
    // Soonest first across both pages.
    await expect(cards(page).first()).toContainText(`Paged ${tag} 0`);
    await expect(cards(page).last()).toContainText(`Paged ${tag} ${PAGE_SIZE + 1}`);
  });

  test('the header search opens Discover with its words', async ({ page, context, user }) => {
    const tag = token();
    await createEventWith(context.request, { title: `Header ${tag}` });
    await page.goto('/');
    // The desktop header's box (the phone one sits behind a toggle).
    const header = page.getByTestId('header-search').filter({ visible: true });
    await header.getByRole('searchbox').fill(tag);
    await header.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(new RegExp(`/discover\\?search=${tag}`));
    await expect(discoverSearch(page)).toHaveValue(tag);
    await expect(cards(page)).toHaveCount(1);
  });
});

test.describe('My events', () => {
  test('stats, tabs and the upcoming/past split follow the clock', async ({
    page,
    context,
    playwright,
    baseURL,
    user,
  }) => {
    const tag = token();
    const soon = Date.now() + 2 * 60 * 60 * 1000;
    await createEventWith(context.request, { title: `Mine soon ${tag}`, date: new Date(soon).toISOString() });
    await createEventWith(context.request, {
      title: `Mine later ${tag}`,
      date: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    const other = await playwright.request.newContext({ baseURL });
    await signUpWith(other);
    const joined = await createEventWith(other, {
      title: `Theirs ${tag}`,
      date: new Date(Date.now() + 5 * DAY).toISOString(),
    });
    await other.dispose();
    expect(
      (await context.request.post(`/api/events/${joined.id}/rsvp`, { data: { status: 'supporting' } })).status(),
    ).toBe(200);

    await page.goto('/my-events');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Events Dashboard');
    await expect(page.getByRole('button', { name: 'Create New Event' })).toBeVisible();
    await expect(page.getByTestId('stat-organized')).toContainText('2');
    await expect(page.getByTestId('stat-organized')).toContainText('Events Organized');
    await expect(page.getByTestId('stat-joined')).toContainText('1');
    await expect(page.getByTestId('stat-joined')).toContainText('Events Joined');
    await expect(page.getByTestId('stat-upcoming')).toContainText('3');
    await expect(page.getByTestId('stat-upcoming')).toContainText('Upcoming Events');

    await expect(page.getByRole('tab', { name: 'Events I Organize' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Upcoming Events (2)' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Past Events/ })).toHaveCount(0);
    await expect(cards(page).first()).toContainText(`Mine soon ${tag}`);

    await page.getByRole('tab', { name: 'Events I Joined' }).click();
    await expect(page.getByRole('heading', { name: 'Upcoming Events (1)' })).toBeVisible();
    await expect(cardTitled(page, `Theirs ${tag}`)).toBeVisible();

    // A day later (browser clock), the soon event is past: split, Completed badge, no RSVP control.
    await page.clock.setFixedTime(new Date(soon + DAY));
    await page.reload();
    // The figure is the server's count, and the server's clock has not moved: only the lists follow the browser's.
    await expect(page.getByTestId('stat-upcoming')).toContainText('3');
    await expect(page.getByRole('heading', { name: 'Upcoming Events (1)' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Past Events (1)' })).toBeVisible();
    const past = page.getByTestId('past-section');
    await expect(past.getByText('Completed')).toBeVisible();
    await expect(past.getByRole('button', { name: /rsvp/i })).toHaveCount(0);
    await expect(past).toContainText(`Mine soon ${tag}`);
  });

  test('empty states: No upcoming events and No upcoming commitments with their buttons', async ({ page, user }) => {
    await page.goto('/my-events');
    const empty = page.getByTestId('empty-state');
    await expect(page.getByRole('heading', { name: 'Upcoming Events (0)' })).toBeVisible();
    await expect(empty.getByRole('heading', { name: 'No upcoming events' })).toBeVisible();
    await expect(page.getByTestId('stat-upcoming')).toContainText('0');
    await empty.getByRole('button', { name: 'Create Your First Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Event' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    // Until the closing dialog is gone, Radix keeps the page behind it inert, and a click there is lost.
    await expect(dialog).toBeHidden();

    await page.getByRole('tab', { name: 'Events I Joined' }).click();
    await expect(empty.getByRole('heading', { name: 'No upcoming commitments' })).toBeVisible();
    await expect(empty.getByText("You haven't RSVP'd to any upcoming events yet")).toBeVisible();
    await empty.getByRole('link', { name: 'Browse Events' }).click();
    await expect(page).toHaveURL(/\/discover$/);
  });

  test('shows 3 skeleton cards while loading', async ({ page, user, throttle }) => {
    await page.goto('/my-events');
    await expect(page.getByTestId('empty-state').first()).toBeVisible();
    await throttle(2500);
    await page.reload();
    await expect(page.getByTestId('event-card-skeleton')).toHaveCount(3, { timeout: 60_000 });
    await expect(page.getByTestId('empty-state').first()).toBeVisible({ timeout: 90_000 });
  });

  test('the demo account sees its past events apart from the upcoming ones', async ({ page, context }) => {
    await signInWith(context, DEMO_ACCOUNT);
    const joined: { date: string; status: string }[] = await (
      await context.request.get('/api/my-rsvps?include=past&limit=100')
    ).json();
    expect(joined.length, 'the demo account has fewer RSVPs than one page of My Events').toBeLessThanOrEqual(12);
    const now = Date.now();
    const past = joined.filter((event) => new Date(event.date).getTime() <= now).length;
    const cancelledAhead = joined.filter(
      (event) => event.status === 'cancelled' && new Date(event.date).getTime() > now,
    ).length;
    expect(past).toBeGreaterThanOrEqual(3);
    await page.goto('/my-events');
    await page.getByRole('tab', { name: 'Events I Joined' }).click();
    await expect(page.getByRole('heading', { name: `Past Events (${past})` })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: `Upcoming Events (${joined.length - past - cancelledAhead})` }),
    ).toBeVisible();
  });

  test("more RSVPs than a page: the first page, Show more for the rest, and the server's counts everywhere", async ({
    page,
    context,
    playwright,
    user,
  }) => {
    // My Events shows 12 joined events a page (web/lib/api/get-my-rsvps.ts); 14 make two pages.
    const events = await eventsOfNewOrganizers(playwright, 14);
    for (const event of events)
      expect(
        (await context.request.post(`/api/events/${event.id}/rsvp`, { data: { status: 'attending' } })).status(),
      ).toBe(200);

    await page.goto('/my-events');
    await expect(page.getByTestId('stat-joined')).toContainText('14');
    await expect(page.getByTestId('stat-upcoming')).toContainText('14');
    await expect(page.getByTestId('stat-organized')).toContainText('0');
    await page.getByRole('tab', { name: 'Events I Joined' }).click();
    const upcoming = page.getByTestId('upcoming-section');
    // Soonest first: the first twelve, and a heading without a count while more pages remain.
    await expect(cardTitled(page, events[11]!.title)).toBeVisible();
    await expect(upcoming.getByTestId('event-card')).toHaveCount(12);
    await expect(cardTitled(page, events[12]!.title)).toHaveCount(0);
    await expect(upcoming.getByRole('heading', { name: 'Upcoming Events', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(upcoming.getByTestId('event-card')).toHaveCount(14);
    await expect(cardTitled(page, events[13]!.title)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
    await expect(upcoming.getByRole('heading', { name: 'Upcoming Events (14)' })).toBeVisible();

    await page.goto('/profile');
    await expect(page.getByTestId('stat-joined')).toContainText('14');
    await expect(page.getByTestId('stat-organized')).toContainText('0');
    await page.goto('/journey');
    await expect(page.getByTestId('journey-events-attended')).toContainText('14');
  });

  test('a joined event that is cancelled leaves Upcoming and its count, and is listed as cancelled', async ({
    page,
    context,
    playwright,
    baseURL,
    user,
  }) => {
    const tag = token();
    const organizer = await playwright.request.newContext({ baseURL });
    await signUpWith(organizer);
    const kept = await createEventWith(organizer, {
      title: `Kept ${tag}`,
      date: new Date(Date.now() + 4 * DAY).toISOString(),
    });
    const calledOff = await createEventWith(organizer, {
      title: `Called off ${tag}`,
      date: new Date(Date.now() + 3 * DAY).toISOString(),
    });
    for (const event of [kept, calledOff])
      expect(
        (await context.request.post(`/api/events/${event.id}/rsvp`, { data: { status: 'attending' } })).status(),
      ).toBe(200);
    const cancelling = await organizer.post(`/api/events/${calledOff.id}/cancel`, {
      data: { reason: 'Storm warning.' },
    });
    expect(cancelling.status()).toBe(200);
    await organizer.dispose();

    await page.goto('/my-events');
    await expect(page.getByTestId('stat-joined')).toContainText('2');
    await expect(page.getByTestId('stat-upcoming')).toContainText('1');
    await page.getByRole('tab', { name: 'Events I Joined' }).click();
    await expect(page.getByRole('heading', { name: 'Upcoming Events (1)' })).toBeVisible();
    await expect(page.getByTestId('upcoming-section')).toContainText(`Kept ${tag}`);
    await expect(page.getByTestId('upcoming-section')).not.toContainText(`Called off ${tag}`);
    const cancelled = page.getByTestId('cancelled-section');
    await expect(cancelled.getByRole('heading', { name: 'Cancelled Events (1)' })).toBeVisible();
    await expect(cancelled).toContainText(`Called off ${tag}`);
    await expect(cancelled.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(cancelled.getByRole('button', { name: /withdraw/i })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /^Past Events/ })).toHaveCount(0);
  });
});

test.describe('languages', () => {
  test('Spanish: Home and Discover', async ({ page, context, signUp }) => {
    await signUp({ firstName: 'Lucía' });
    const tag = token();
    await createEventWith(context.request, {
      title: `Fiesta ${tag}`,
      date: new Date(Date.now() + 4 * DAY).toISOString(),
    });
    await useLanguage(page, 'es');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('¡Te damos la bienvenida, Lucía!'); // a new account is welcomed, not welcomed back
    await expect(page.getByRole('heading', { name: 'Próximos eventos' })).toBeVisible();
    await expect(page.getByTestId('category-chips').getByRole('button', { name: 'Todos los eventos' })).toBeVisible();
    await expect(page.getByTestId('category-chips').getByRole('button', { name: 'Limpieza' })).toBeVisible();
    await expect(page.getByText('Eventos activos')).toBeVisible();

    await page.goto(`/discover?search=${tag}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Descubre oportunidades de voluntariado');
    await expect(page.getByRole('heading', { name: 'Resultados de búsqueda' })).toBeVisible();
    await expect(page.getByTestId('events-found')).toHaveText('1 evento encontrado');
    // The locale's own date format (Spanish weekday and month words, 24-hour clock).
    await expect(cards(page).first().getByTestId('event-card-date')).toHaveText(
      /^[a-záéíóú]{3}\.?, \d{1,2} [a-záéíóú]{3,4}\.?,? \d{1,2}:\d{2}$/,
    );
  });

  test('Arabic: right-to-left Home and Discover', async ({ page, signUp }) => {
    await signUp({ firstName: 'Layla' });
    await useLanguage(page, 'ar');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('أهلًا بك، Layla!');
    await expect(page.getByRole('heading', { name: 'الفعاليات القادمة' })).toBeVisible();
    // The floating create button sits at the inline end, which is the left in right-to-left.
    const floating = await page.getByTestId('floating-create').boundingBox();
    const width = page.viewportSize()!.width;
    expect(floating!.x + floating!.width / 2).toBeLessThan(width / 2);
    await expect(page.getByTestId('floating-create')).toHaveAttribute('aria-label', 'إنشاء فعالية');

    await page.goto('/discover');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('اكتشف فرص التطوع');
    await expect(page.getByRole('heading', { name: 'كل الفعاليات' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'تصفية متقدمة' })).toBeVisible();
  });
});

test.describe('accessibility', () => {
  for (const path of ['/', '/discover?search=park', '/my-events']) {
    test(`${path} has no serious or critical axe violation in either theme`, async ({ page, user }) => {
      // axe over a page of cards, twice, on a machine shared by many runs.
      test.setTimeout(240_000);
      await page.goto(path);
      await inBothThemes(page, async () => {
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByTestId('event-card-skeleton')).toHaveCount(0);
        await expectNoSeriousAccessibilityViolations(page);
      });
    });
  }
});
