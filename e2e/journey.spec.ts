import { type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoSeriousAccessibilityViolations, inBothThemes } from './support/accessibility';
import { createEventWith, DEMO_ACCOUNT, eventsOfNewOrganizers, joinEvents, signInWith } from './support/accounts';
import { storeLanguage } from './support/language';

async function joinNewEvents(
  request: APIRequestContext,
  playwright: PlaywrightWorkerArgs['playwright'],
  count: number,
) {
  await joinEvents(request, await eventsOfNewOrganizers(playwright, count));
}

test.describe('Volunteer Journey', () => {
  test('a new volunteer: zero stats, Level 1, 0/100 XP, every achievement locked, the hours chart', async ({
    page,
    user,
  }) => {
    await page.goto('/journey');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Volunteer Journey');
    await expect(page.getByTestId('journey-total-hours')).toContainText('0Total Hours');
    await expect(page.getByTestId('journey-events-attended')).toContainText('0Events Attended');
    await expect(page.getByTestId('journey-average-rating')).toContainText('0.0Average Rating');
    await expect(page.getByTestId('journey-achievements-detail')).toHaveText('0 out of 15 unlocked');
    await expect(page.getByTestId('level-value')).toHaveText('Level 1');
    await expect(page.getByTestId('level-next')).toHaveText('0/100 XP to next level');
    await expect(page.getByTestId('section-completed').getByTestId('achievement-card')).toHaveCount(0);
    await expect(page.getByTestId('section-inProgress').getByTestId('achievement-card')).toHaveCount(0);
    const locked = page.getByTestId('section-locked').getByTestId('achievement-card');
    await expect(locked).toHaveCount(15);
    await expect(locked.filter({ hasText: 'First Step' }).getByTestId('achievement-requirement')).toHaveText(
      'Join your first event',
    );
    await expect(locked.filter({ hasText: 'First Step' }).getByTestId('achievement-progress')).toHaveText('0/1');

    const chart = page.getByTestId('hours-chart');
    await expect(chart.getByTestId('hours-chart-bar')).toHaveCount(12);
    await chart.getByText('Show as a table').click();
    await expect(chart.getByTestId('hours-chart-table').locator('tbody tr')).toHaveCount(12);
  });

  test('level maths, sections and the Achievement Unlocked dialog', async ({ page, playwright, user }) => {
    // Organize one (Event Creator, 50 XP) and join one (First Step, 25 XP): 75 XP. Planned hours earn none.
    await createEventWith(page.request);
    const [firstJoined, secondJoined] = await eventsOfNewOrganizers(playwright, 2);
    await joinEvents(page.request, [firstJoined!]);
    await page.goto('/journey');
    // The headline is verified hours; the 4 + 3 planned ones only beside it, labelled.
    await expect(page.getByTestId('journey-total-hours-value')).toHaveText('0');
    await expect(page.getByTestId('journey-total-hours-detail')).toHaveText('Planned hours: 7');
    // Events joined, counted as Profile counts them: the organized one is not an attended one.
    await expect(page.getByTestId('journey-events-attended-value')).toHaveText('1');
    await expect(page.getByTestId('level-value')).toHaveText('Level 1');
    await expect(page.getByTestId('level-next')).toHaveText('75/100 XP to next level');
    await expect(page.getByTestId('level-total-xp')).toHaveText('75 XP in total');
    await expect(page.getByTestId('journey-achievements-detail')).toHaveText('2 out of 15 unlocked');
    await expect(page.getByTestId('section-completed').getByTestId('achievement-name')).toHaveText([
      'First Step',
      'Event Creator',
    ]);
    const inProgress = page.getByTestId('section-inProgress').getByTestId('achievement-card');
    await expect(inProgress.filter({ hasText: 'Regular' }).first().getByTestId('achievement-progress')).toHaveText(
      '1/5',
    );
    // Hour achievements count verified hours: none yet, so Helping Hand is not even started.
    await expect(inProgress.filter({ hasText: 'Helping Hand' })).toHaveCount(0);
    await expect(inProgress.filter({ hasText: 'Event Leader' }).getByTestId('achievement-progress')).toHaveText('1/5');

    // Join a second event: 10 planned hours, which once unlocked Helping Hand and a level; now neither.
    await joinEvents(page.request, [secondJoined!]);
    await page.reload();
    await expect(page.getByTestId('journey-total-hours-detail')).toHaveText('Planned hours: 10');
    await expect(page.getByTestId('journey-total-hours-value')).toHaveText('0');
    await expect(page.getByTestId('level-value')).toHaveText('Level 1');
    await expect(page.getByTestId('level-next')).toHaveText('75/100 XP to next level');
    await expect(page.getByTestId('level-progress')).toHaveAttribute('aria-valuenow', '75');
    await expect(page.getByTestId('journey-achievements-detail')).toHaveText('2 out of 15 unlocked');

    // Only completed achievements open the dialog.
    await expect(page.getByTestId('section-inProgress').getByRole('button')).toHaveCount(0);
    await page
      .getByTestId('section-completed')
      .getByRole('button', { name: /First Step/ })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText('Achievement Unlocked!');
    await expect(dialog.getByTestId('unlocked-name')).toHaveText('First Step');
    await expect(dialog).toContainText('25 XP');
    await expect(page.locator('body > canvas')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Continue Your Journey' }).click();
    await expect(dialog).toBeHidden();
  });

  test("the chart shows verified hours: the demo volunteer's months add up to the headline, planned hours to nothing", async ({
    page,
    context,
  }) => {
    await signInWith(context, DEMO_ACCOUNT);
    const verified = (await (await context.request.get('/api/user/hours')).json()) as {
      verifiedHours: number;
      entries: Array<{ date: string; hours: number }>;
    };
    expect(verified.verifiedHours).toBeGreaterThan(0);
    await page.goto('/journey');
    const bars = page.getByTestId('hours-chart-bar');
    await expect(bars).toHaveCount(12);
    const hours = await bars.evaluateAll((elements) =>
      elements.map((element) => Number(element.getAttribute('data-hours'))),
    );
    // Each month is rounded to a tenth of an hour; the demo's attended events all lie in the last year.
    const total = hours.reduce((sum, value) => sum + value, 0);
    expect(Math.abs(total - verified.verifiedHours)).toBeLessThanOrEqual(0.05 * 12);
    // The months with bars are the months of attended events, in the browser's zone.
    const monthsWithHours = new Set(
      verified.entries.map((entry) => {
        const date = new Date(entry.date);
        return `${date.getFullYear()}-${date.getMonth()}`;
      }),
    );
    const now = new Date();
    const barMonths = hours.flatMap((value, index) => {
      const date = new Date(now.getFullYear(), now.getMonth() - (11 - index), 1);
      return value > 0 ? [`${date.getFullYear()}-${date.getMonth()}`] : [];
    });
    expect(new Set(barMonths)).toEqual(monthsWithHours);
  });

  test('a spinner while loading', async ({ page, user, throttle }) => {
    await page.goto('/profile');
    // A slow network (real requests, each answered 0.8 s late) makes the loading state visible; the
    // screen's code, texts and data come one after another, so each second of latency costs several.
    await throttle(800);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Journey' }).click();
    // One locator for role, text and visibility: the spinner may be gone a moment after it shows.
    const spinner = page.locator('[data-testid="journey-loading"][role="status"]', {
      hasText: 'Loading your journey...',
    });
    await expect(spinner).toBeVisible();
    await expect(page.getByTestId('level-card')).toBeVisible({ timeout: 20_000 });
    await expect(spinner).toHaveCount(0);
  });

  test('Spanish and Arabic', async ({ page, user }) => {
    await page.goto('/');
    await storeLanguage(page, 'es');
    await page.goto('/journey');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tu trayectoria de voluntariado');
    await expect(page.getByTestId('level-value')).toHaveText('Nivel 1');
    await expect(page.getByTestId('level-next')).toHaveText('0/100 XP para el siguiente nivel');
    await expect(page.getByTestId('journey-achievements-detail')).toHaveText('0 de 15 desbloqueados');
    await expect(page.getByTestId('section-locked').getByTestId('achievement-name').first()).toHaveText('Primer paso');

    await storeLanguage(page, 'ar');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('رحلتك التطوعية');
    await expect(page.getByTestId('section-locked').getByRole('heading')).toContainText('الإنجازات المقفلة');
  });

  test('axe: no serious or critical violation, page and dialog, both themes', async ({ page, playwright, user }) => {
    // Four full axe passes over a long page.
    test.setTimeout(300_000);
    await joinNewEvents(page.request, playwright, 1);
    await page.goto('/journey');
    await inBothThemes(page, async () => {
      await expect(page.getByTestId('level-card')).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);
      await page.getByTestId('section-completed').getByRole('button').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);
      await page.getByRole('button', { name: 'Continue Your Journey' }).click();
    });
  });
});
