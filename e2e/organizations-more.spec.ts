import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { signInWith } from './support/accounts';
import { waitForLivePage } from './support/live-page';
import { expect as baseExpect, test } from './support/fixtures';

/**
 * Organizations, second part (decisions §20, §21): the guest's server-rendered page with its preview tags,
 * the logo, the organizer tools for an organization's owner on an event someone else created, the Groups
 * screen and the hours report.
 */

test.use({ timezoneId: 'UTC', locale: 'en-US' });
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 45_000 });

// A 48×24 PNG (teal, an amber square in the middle): the server crops it to its middle, a 256 px WebP.
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAYCAMAAACLI47uAAAABlBMVEUNlIj1ngvejXoyAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAHElEQVQ4y2NgQAKMOAADLjCqYVTDqIZRDdTXAAAv4wJBQHEP7AAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('Organizations, more', () => {
  test('Groups starts empty; a logo is uploaded; a guest gets the page rendered with its tags and a Follow that signs in', async ({
    page,
    user,
    browser,
    baseURL,
  }) => {
    // A newcomer's Groups: the empty state leads to creating one.
    await page.goto('/groups');
    await expect(page.getByTestId('groups-empty')).toContainText('No groups yet');
    await expect(page.getByTestId('groups-empty-create')).toHaveAttribute('href', '/organizations/new');
    await expectNoSeriousAccessibilityViolations(page);

    const slug = `tide-pool-${randomBytes(3).toString('hex')}`;
    const created = await page.request.post('/api/organizations', {
      data: { name: 'Tide <Pool> Friends', slug, description: 'We count crabs at low tide, every month.' },
    });
    expect(created.status()).toBe(201);
    await page.goto(`/o/${slug}`);
    // The page comes rendered by the server; a file chosen before hydration would be dropped.
    await waitForLivePage(page);
    await page.getByTestId('organization-logo-input').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: LOGO_PNG,
    });
    const logo = page.getByTestId('organization-logo');
    await expect(logo).toHaveAttribute('src', /^\/api\/organization-logos\/[\w-]+$/);
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);
    await expect(page.getByTestId('organization-logo-remove')).toBeVisible();
    // A file of another type is refused before it is sent.
    await page.getByTestId('organization-logo-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect(page.getByTestId('organization-logo-error')).toHaveText('Choose a PNG, JPEG, WebP or GIF image.');
    await expectNoSeriousAccessibilityViolations(page);

    // Groups now holds it, with its logo and the owner's role.
    await page.goto('/groups');
    const card = page.getByTestId('group-card').filter({ hasText: 'Tide <Pool> Friends' });
    await expect(card.getByTestId('group-role')).toHaveText('Owner');
    await expect(card.getByTestId('organization-logo')).toBeVisible();

    // A guest (no cookies): the page comes rendered, with the preview tags and the name escaped.
    const guest = await browser.newContext({ baseURL, timezoneId: 'UTC', locale: 'en-US' });
    const guestPage = await guest.newPage();
    const response = await guestPage.goto(`/o/${slug}`);
    const html = (await response!.text()) as string;
    expect(html).toContain('<meta property="og:title" content="Tide &lt;Pool&gt; Friends | PitchIn" />');
    expect(html).toMatch(/<meta property="og:image" content="[^"]*\/api\/organization-logos\/[\w-]+" \/>/);
    expect(html).toContain('data-testid="organization-name"');
    await expect(guestPage.getByTestId('organization-name')).toHaveText('Tide <Pool> Friends');
    await expect(guestPage.getByTestId('organization-logo')).toBeVisible();
    const follow = guestPage.getByTestId('organization-follow');
    await expect(follow).toHaveText('Sign in to follow');
    await expect(follow).toHaveAttribute('href', `/api/login?returnTo=${encodeURIComponent(`/o/${slug}`)}`);
    await expect(guestPage.getByTestId('organization-logo-choose')).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(guestPage);
    await guest.close();
  });

  test("the demo account, owner of an organization, gets the organizer tools on its admin's event, its Groups and the hours report", async ({
    page,
    context,
  }) => {
    await signInWith(context);
    const organization = await (await page.request.get('/api/organizations/riverside-cleanup')).json();
    const me = await (await page.request.get('/api/auth/user')).json();
    const event = organization.upcomingEvents[0];
    expect(event.organizerId).not.toBe(me.id);

    await page.goto(`/events/${event.id}`);
    await expect(page.getByTestId('organizer-panel')).toBeVisible();
    await expect(page.getByTestId('open-check-in')).toBeVisible();
    await expect(page.getByTestId('attendee-section')).toBeVisible();
    await expect(page.getByTestId('event-organization')).toHaveText('Riverside Cleanup Crew');
    await expectNoSeriousAccessibilityViolations(page);

    await page.goto('/groups');
    const mine = page.getByTestId('groups-mine');
    await expect(mine.getByTestId('group-card')).toHaveCount(2);
    await expect(mine.getByTestId('group-card').first().getByTestId('group-role')).toHaveText('Owner');
    await expect(
      mine.getByTestId('group-card').filter({ hasText: 'Northside Food Bank' }).getByTestId('group-following'),
    ).toHaveText('Following');
    await page.getByTestId('groups-tab-discover').click();
    await expect(page.getByTestId('groups-search')).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);

    // Discover narrowed to the organizations it follows: the food bank's event, and its address says so.
    await page.goto('/discover');
    await waitForLivePage(page);
    await page.getByTestId('discover-followed').click();
    await expect(page).toHaveURL(/[?&]organizations=followed/);
    await expect(page.getByTestId('discover-followed')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('event-card-organization').first()).toHaveText('Northside Food Bank');
    await expect(page.getByTestId('event-card-organization')).toHaveCount(1);

    await page.goto('/o/riverside-cleanup/members');
    await waitForLivePage(page);
    const report = page.getByTestId('hours-report');
    await report.getByTestId('hours-from').fill('2020-01-01');
    await report.getByTestId('hours-show').click();
    await expect(report.getByTestId('hours-total')).toContainText('Total:');
    const [download] = await Promise.all([page.waitForEvent('download'), report.getByTestId('hours-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^organization-\d+-hours-2020-01-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('"Name","Event","Date (UTC)","Verified hours"');
    expect(csv).toMatch(/"Everyone","Total","2020-01-01 to \d{4}-\d{2}-\d{2}","[\d.]+"\r\n$/);
    await expectNoSeriousAccessibilityViolations(page);
  });
});
