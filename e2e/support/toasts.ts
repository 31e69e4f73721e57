import type { Page } from '@playwright/test';

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
