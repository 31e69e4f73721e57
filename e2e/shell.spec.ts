import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { signUpWith } from './support/accounts';
import { useLanguage } from './support/language';

const NOT_FOUND = '404 Page Not Found';
const NOT_FOUND_HINT = "This page doesn't exist or has moved. Check the address, or carry on from one of these.";

test.describe('web shell', () => {
  // An event's page (/events/{id}) is open to guests (guest-event.spec.ts).
  test('signed out, every path but / and an event page is the not-found page', async ({ page }) => {
    for (const path of ['/events', '/journey', '/events/1/edit', '/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
      await expect(page.getByText(NOT_FOUND_HINT)).toBeVisible();
      // The visitors' header, as on the landing page.
      await expect(page.getByTestId('guest-header')).toBeVisible();
      await expect(page.getByTestId('header-sign-in')).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Discover events' })).toHaveAttribute(
      'href',
      '/api/login?returnTo=%2Fdiscover',
    );
    await expectNoSeriousAccessibilityViolations(page);
    await page.getByRole('link', { name: 'Back to the start page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Make a Difference in Your Community');
  });

  test('signed in, an unknown path is the not-found page and / is not the landing page', async ({ page, context }) => {
    await signUpWith(context.request);
    await page.goto('/definitely-not-a-page');
    await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
    await expect(page.getByText(NOT_FOUND_HINT)).toBeVisible();
    await expect(page.getByTestId('guest-header')).toHaveCount(0);
    // Links, not clicks: the e-mail reminder above may still push the card down as it appears.
    await expect(page.getByRole('link', { name: 'Discover events' })).toHaveAttribute('href', '/discover');
    await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    await page.goto('/');
    await expect(page.getByTestId('hero-get-started')).toHaveCount(0);
  });

  test('the not-found text is translated', async ({ page }) => {
    await useLanguage(page, 'fr');
    await page.goto('/nope');
    await expect(page.getByRole('heading', { name: '404 Page introuvable' })).toBeVisible();
    await expect(page.getByRole('link', { name: "Retour à la page d'accueil" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Découvrir des événements' })).toBeVisible();
  });

  test('the sign-in page follows the stored language and direction', async ({ page }) => {
    await useLanguage(page, 'ar');
    await page.goto('/api/login');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('مرحبًا بك في PitchIn');
    await expect(page.getByTestId('demo-hint')).toContainText('demo@pitchin.app');
    await expect(page.getByTestId('demo-hint')).toContainText('pitchin-demo');
    await expectNoSeriousAccessibilityViolations(page);
  });

  test('HTML pages carry only inline scripts the CSP allows by hash: the pre-paint theme script, and the loader of a rendered page', async ({
    request,
  }) => {
    for (const path of ['/', '/api/login']) {
      const response = await request.get(path);
      const html = await response.text();
      // Data blocks (type="application/json") never run; every other inline script must be allowed by hash.
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes]) => !/\ssrc=|type="application\/json"/.test(attributes!),
      );
      // The landing page is rendered by the server, so its scripts come through the loader (decision 0010).
      expect(
        inline.map(([, , text]) =>
          text!.includes("localStorage.getItem('theme')")
            ? 'theme'
            : text!.includes('pitchinTakeEarlyEvents')
              ? 'loader'
              : 'other',
        ),
        path,
      ).toEqual(path === '/' ? ['theme', 'loader'] : ['theme']);
      const scriptSrc =
        /(?:^|;)\s*script-src ([^;]*)/.exec(response.headers()['content-security-policy'] ?? '')?.[1]?.split(/\s+/) ??
        [];
      for (const [, , text] of inline)
        expect(scriptSrc, path).toContain(`'sha256-${createHash('sha256').update(text!, 'utf8').digest('base64')}'`);
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(html).not.toContain('theme-init.js');
    }
    const index = await (await request.get('/')).text();
    expect(index).toContain('<title>PitchIn</title>');
    expect(index).toMatch(/<meta property="og:type" content="website"/);
    expect(index).toMatch(/<meta property="og:image" content="[^"]*\/og-image\.png"/);
    expect(index).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
    const image = await request.get('/og-image.png');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toContain('image/png');
  });
});
