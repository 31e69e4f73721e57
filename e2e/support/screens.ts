import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

export const SCREENSHOT_DIRECTORY = path.resolve(import.meta.dirname, '../../screenshots');
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/**
 * Opens `url` at each viewport in each theme and writes screenshots/<name>-<theme>-<viewport>.png.
 * `prepare` runs after each load (open a dialog, wait for data) before the picture is taken.
 */
export async function captureScreens(
  page: Page,
  name: string,
  url: string,
  prepare: (page: Page) => Promise<void> = async () => {},
) {
  mkdirSync(SCREENSHOT_DIRECTORY, { recursive: true });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const theme of ['light', 'dark'] as const) {
      await page.goto('/');
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await prepare(page);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIRECTORY, `${name}-${theme}-${viewport.name}.png`),
        fullPage: true,
      });
    }
  }
}
