import { isDeepStrictEqual } from 'node:util';
import type { Page } from '@playwright/test';
import { PUBLIC_STATS_PATH, type PublicStats } from '../../contract/stats';

const readPublicStats = async (page: Page): Promise<PublicStats> => (await page.request.get(PUBLIC_STATS_PATH)).json();

/**
 * Loads `path` and returns the public figures the page was given. The server takes a new reading of them
 * at most every five minutes and serves the one in hand in between (decisions.md §21), so a reading made
 * after the load can be newer than the page's when the five minutes end between the two. Readings just
 * before and just after the load that agree are the page's; when they differ, a new reading began in
 * between, and a second load gets that one (the next is five minutes away).
 */
export async function gotoReadingPublicStats(page: Page, path: string): Promise<PublicStats> {
  const before = await readPublicStats(page);
  await page.goto(path);
  const after = await readPublicStats(page);
  if (!isDeepStrictEqual(before, after)) await page.goto(path);
  return after;
}
