import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The page's open toast with this title (and this description, when given). Found by its markup rather
 * than its role: while a modal dialog is open, Radix hides everything outside it (the toast region too)
 * from the accessibility tree, and Radix announces the toast through a separate live region.
 */
export function toast(page: Page, title: string, description?: string): Locator {
  const open = page.locator('li[data-state="open"]').filter({ hasText: title });
  return description === undefined ? open : open.filter({ hasText: description });
}

/** An open toast with this title shows this description. */
export async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const found = toast(page, title);
  await expect(found).toContainText(title);
  await expect(found).toContainText(description);
}

/**
 * Records every toast the page opens, with the moment it appeared. A toast that precedes a navigation
 * (the 401 toast, 500 ms before /api/login) may be gone before a loaded machine gets to look at it, so
 * the page reports it itself. Call before the first navigation.
 */
export async function recordToasts(page: Page): Promise<Array<{ text: string; at: number }>> {
  const seen: Array<{ text: string; at: number }> = [];
  await page.exposeFunction('reportToast', (text: string, at: number) => seen.push({ text, at }));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportToast: (text: string, at: number) => void }).reportToast;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll<HTMLElement>('li[data-state="open"]')) {
        if (toast.dataset.reported) continue;
        toast.dataset.reported = '1';
        report(toast.innerText, performance.timeOrigin + performance.now());
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return seen;
}
