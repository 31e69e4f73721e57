import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations, inBothThemes } from './support/accessibility';
import { gotoReadingPublicStats } from './support/public-stats';

test.describe('landing page (signed out)', () => {
  test('shows the landing content with the four public figures, as the API reads them', async ({ page }) => {
    const stats = await gotoReadingPublicStats(page, '/');
    const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Make a Difference in Your Community');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect(stats.volunteers).toBeGreaterThan(0);
    await expect(page.locator('section[aria-labelledby="stats-title"] li')).toHaveText([
      `${compact.format(stats.volunteers)}Volunteers`,
      `${compact.format(stats.eventsThisMonth)}Events This Month`,
      `${compact.format(stats.verifiedHours)}Hours Volunteered`,
      `${compact.format(stats.communities)}Communities Served`,
    ]);
    for (const title of ['Discover Events', 'Connect with Volunteers', 'See Your Impact']) {
      await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    await expect(page.getByText('Building stronger communities through volunteerism.')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('Get Started goes to the sign-up form and Learn More scrolls to the features', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const features = page.locator('#features');
    await expect(features).not.toBeInViewport();
    await page.getByTestId('hero-learn-more').click();
    await expect(features).toBeInViewport();
    await page.getByTestId('hero-get-started').click();
    await expect(page).toHaveURL(/\/api\/login\?mode=signup$/);
  });

  test('the theme toggle switches to dark, is remembered, and is applied by the inline pre-paint script alone', async ({
    page,
  }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByTestId('theme-toggle').click();
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    // With every module script blocked, only the tiny pre-paint script can set the class.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    // The sign-in page has the same script, allowed by the same CSP (it would be blocked without its hash).
    await page.goto('/api/login');
    await expect(html).toHaveClass(/dark/);
  });

  test('the language picker translates the page, sets lang/dir and is remembered', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('language-picker').click();
    const menu = page.getByTestId('language-menu');
    for (const code of ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko', 'ar']) {
      await expect(menu.getByTestId(`language-option-${code}`)).toContainText(code);
    }
    await menu.getByTestId('language-option-es').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Marca la diferencia en tu comunidad');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Marca la diferencia en tu comunidad');

    await page.getByTestId('language-picker').click();
    await page.getByTestId('language-option-ar').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('اصنع فرقًا في مجتمعك');
    await expectNoSeriousAccessibilityViolations(page);
  });

  test('an unknown stored language falls back to English', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('selectedLanguage', 'xx'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Make a Difference in Your Community');
  });

  for (const viewport of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1440, height: 900 },
  ]) {
    test(`has no serious accessibility violation on ${viewport.name} in either theme`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto('/');
      await inBothThemes(page, async () => {
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSeriousAccessibilityViolations(page);
      });
    });
  }

  test('loads at most 100 kB of gzipped JavaScript', async ({ page }) => {
    const scripts = new Map<string, number>();
    // Each body is read asynchronously: the reads are awaited before counting, or a busy machine counts
    // scripts whose bodies have not arrived yet (none at all, once).
    const reads: Array<Promise<void>> = [];
    page.on('response', (response) => {
      const url = response.url();
      if (!/\.m?js(\?|$)/.test(url) || !response.ok()) return;
      reads.push(
        response
          .body()
          .then((body) => void scripts.set(url, gzipSync(body).length))
          .catch(() => {}),
      );
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await Promise.all(reads);
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    expect(scripts.size).toBeGreaterThan(0);
    expect(
      total,
      `landing JS: ${[...scripts].map(([u, s]) => `${new URL(u).pathname} ${s}`).join(', ')}`,
    ).toBeLessThanOrEqual(100_000);
  });
});
