import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

async function waitForFiniteAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** axe on the current page: no serious or critical violation (the accessibility bar every screen is held to). */
export async function expectNoSeriousAccessibilityViolations(page: Page, options: { exclude?: string[] } = {}) {
  // A dialog or toast fading in has its colours at part opacity: axe measured the contrast mid-animation and
  // failed a screen that is fine once shown. Finite animations are let finish first (spinners never end).
  await waitForFiniteAnimations(page);
  // Legacy mode runs axe once in the page itself. The default runs it per frame and then joins the results in a
  // blank page it opens for each pass: a renderer started, and axe's 580 kB compiled again, for frames that the
  // app never has (no screen embeds another document). Measured on three screens, a pass took 0.6–1.3 s of
  // wall time against 1.0–2.0 s, and a fifth less of the browser's CPU (2026-12-02).
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode(true);
  // With a modal dialog open (Radix hides everything else from assistive technology, marked data-aria-hidden),
  // what a person can reach is the dialog: axe checks it alone. The page behind has its own pass without the
  // dialog; measured behind the dimming overlay, its colour contrast cost axe four times the page's own pass
  // (13 s against 3 s on the Journey) and checked nothing anyone reads.
  const isModalOpen = await page.evaluate(
    () =>
      document.querySelector('[role="dialog"], [role="alertdialog"]') !== null &&
      document.querySelector('[data-aria-hidden="true"]') !== null,
  );
  if (isModalOpen) builder = builder.include('[role="dialog"]').include('[role="alertdialog"]');
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  // A screen that one day embeds a document would go unchecked inside it in legacy mode: say so.
  expect(page.frames(), `${page.url()} has frames: run axe without legacy mode`).toHaveLength(1);
  // Something may begin to slide in while axe runs (an achievement notice the server sent meanwhile): axe then
  // measured it at part opacity. A pass during which an animation began is run again once it has ended; what
  // the settled page shows is what is judged.
  await page.evaluate(() => {
    const marked = window as unknown as { axeSawAnimation?: boolean };
    // The listeners stay with the document: a page checked again (the other theme) only resets the flag.
    if (marked.axeSawAnimation === undefined)
      for (const type of ['animationstart', 'transitionstart'])
        document.addEventListener(type, () => (marked.axeSawAnimation = true), { capture: true });
    marked.axeSawAnimation = false;
  });
  let results = await builder.analyze();
  const hasSeriousViolation = () =>
    results.violations.some((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  if (
    hasSeriousViolation() &&
    (await page.evaluate(() => (window as unknown as { axeSawAnimation?: boolean }).axeSawAnimation === true))
  ) {
    await waitForFiniteAnimations(page);
    results = await builder.analyze();
  }
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const summary = serious.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Runs `check` in the light theme, then again after switching the stored theme to dark and reloading. A page
 * already shown in the light theme (a fresh context's, the default) is checked as it is: a reload there drew
 * the same page a second time, at a page load's cost (about 3 CPU-seconds on the two-core machine).
 */
export async function inBothThemes(page: Page, check: (theme: 'light' | 'dark') => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    const isShownAlready = await page.evaluate(
      (value) =>
        (localStorage.getItem('theme') ?? 'light') === value &&
        document.documentElement.classList.contains('dark') === (value === 'dark'),
      theme,
    );
    if (!isShownAlready) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.reload();
    }
    await check(theme);
  }
}
