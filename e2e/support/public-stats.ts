import { expect, type Page } from '@playwright/test';
import type { PublicStats } from '../../contract/stats';

const readPublicStats = async (page: Page): Promise<PublicStats> =>
  (await page.request.get('/api/stats/public')).json();

/**
 * Loads `path` and returns the public figures the page was given. The server takes a new reading of them
 * at most every five minutes and serves the one in hand in between (decisions.md §21), so a reading made
 * after the load can be newer than the page's when the five minutes end between the two. Readings just
 * before and just after the load that agree are the page's; when they differ, the load is made again
 * (the next reading is five minutes away).
 */
export async function gotoReadingPublicStats(page: Page, path: string): Promise<PublicStats> {
  let before = await readPublicStats(page);
  for (let attempt = 1; ; attempt += 1) {
    await page.goto(path);
    const after = await readPublicStats(page);
    if (JSON.stringify(after) === JSON.stringify(before)) return after;
    expect(attempt, 'the public figures changed across two page loads in a row').toBe(1);
    before = after;
  }
}
