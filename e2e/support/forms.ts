import { expect, type Locator } from '@playwright/test';

/**
 * After a submit that validation refused, react-hook-form moves the focus to the first invalid field twice:
 * at once, and again from a zero-delay timer (for fields that only the error's rendering brings). The
 * messages are on screen before that timer runs, and Playwright's `fill` focuses a field in one round trip
 * and types in the next: on a busy machine the timer fell between the two, and the typing went into the
 * first invalid field instead (a number field, which dropped the letters). A person cannot type within
 * that timer's few milliseconds; a test must wait for it.
 *
 * Checks that the focus is on `firstInvalid`, then lets a timer queued now run: timers of the same delay
 * run in the order they were set, so the form's has run by then.
 */
export async function waitForFocusOnFirstError(firstInvalid: Locator): Promise<void> {
  await expect(firstInvalid).toBeFocused();
  await firstInvalid.page().evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}
