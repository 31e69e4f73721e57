import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signInWith } from './support/accounts';
import { E2E_BASE_URL } from './support/e2e-settings';

/**
 * Lighthouse's best-practices audits (npm run bench:web) fail a page on any console error and on any
 * issue Chromium files in DevTools' Issues panel. These tests hold the pages to the same rule, in a
 * normal test run rather than only in the benchmark.
 */

type Recorded = { consoleErrors: string[]; issues: string[]; failedResponses: string[] };

async function record(page: Page): Promise<Recorded> {
  const recorded: Recorded = { consoleErrors: [], issues: [], failedResponses: [] };
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // An organizer's photo link to a host that does not answer is logged by the browser whatever the page does
    // (the card shows its fallback): other tests on the shared server make such events, which Discover lists.
    const isOtherOriginLoad =
      message.text().startsWith('Failed to load resource') && !message.location().url.startsWith(E2E_BASE_URL);
    if (!isOtherOriginLoad) recorded.consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) recorded.failedResponses.push(`${response.status()} ${response.url()}`);
  });
  // The Audits domain is where the Issues panel (and Lighthouse's inspector-issues audit) gets them.
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => recorded.issues.push(JSON.stringify(issue)));
  await cdp.send('Audits.enable');
  return recorded;
}

test.describe('pages load without console errors or DevTools issues', () => {
  test('the signed-out landing page does not ask for the user (the 401 would be a console error)', async ({ page }) => {
    const recorded = await record(page);
    const authChecks: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/user') authChecks.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Make a Difference in Your Community');
    await page.waitForLoadState('networkidle');
    expect(authChecks).toEqual([]);
    expect(recorded.failedResponses).toEqual([]);
    expect(recorded.consoleErrors).toEqual([]);
    expect(recorded.issues).toEqual([]);
  });

  test('the sign-in page, whose forms build zod schemas, raises no Content Security Policy issue', async ({ page }) => {
    const recorded = await record(page);
    await page.goto('/api/login');
    await expect(page.getByRole('button', { name: /sign in/i }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(recorded.issues).toEqual([]);
    expect(recorded.consoleErrors).toEqual([]);
  });

  test('a stale session cookie still ends on the landing page, without asking for the user', async ({ page }) => {
    await page.context().addCookies([{ name: 'pitchin_session', value: 'no-longer-valid', url: E2E_BASE_URL }]);
    const recorded = await record(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Make a Difference in Your Community');
    await page.waitForLoadState('networkidle');
    expect(recorded.failedResponses).toEqual([]);
    expect(recorded.consoleErrors).toEqual([]);
  });

  test('signing in after the landing page shows the signed-in app (the marker is per page load)', async ({
    page,
    signUp,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Make a Difference in Your Community');
    await signUp({ firstName: 'Marker' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Marker');
  });

  for (const path of ['/', '/discover', 'an event page']) {
    test(`signed in, ${path} raises no Content Security Policy issue (zod's eval probe) and logs no error`, async ({
      page,
    }) => {
      await signInWith(page.context());
      let url = path;
      if (path === 'an event page') {
        const events = (await (await page.context().request.get('/api/events?limit=100')).json()) as Array<{
          id: number;
          images: string[];
        }>;
        url = `/events/${(events.find((event) => event.images.length > 0) ?? events[0])!.id}`;
      }
      const recorded = await record(page);
      await page.goto(url);
      await expect(page.getByRole('main')).toBeVisible();
      // Forms and screens build their zod schemas once the lazy chunks have run.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      expect(recorded.issues).toEqual([]);
      expect(recorded.consoleErrors).toEqual([]);
    });
  }
});
