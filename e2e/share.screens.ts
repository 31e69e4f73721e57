import { expect, test, type Page } from '@playwright/test';
import { signInWith } from './support/accounts';
import { captureScreens } from './support/screens';

/** The 'Share Event' dialog on a demo event with a photo: message mode, link mode, Arabic. */

async function demoEventWithPhoto(page: Page): Promise<number> {
  const events: Array<{ id: number; images: string[]; maxAttendees: number | null }> = await (
    await page.context().request.get('/api/events?limit=50')
  ).json();
  const event = events.find((candidate) => candidate.images.length > 0 && candidate.maxAttendees !== null) ?? events[0];
  if (!event) throw new Error('the demo data has no upcoming event');
  return event.id;
}

async function openShareDialog(page: Page, dialogName = 'Share Event') {
  await page.getByTestId('share-button').click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('share-preview-card').locator('img')).toHaveJSProperty('complete', true);
  return dialog;
}

test.describe('share screens', () => {
  test('Share dialog: message mode and link mode', async ({ page, context }) => {
    await signInWith(context);
    const id = await demoEventWithPhoto(page);
    await captureScreens(page, 'share-dialog-message', `/events/${id}`, async (current) => {
      await openShareDialog(current);
    });
    await captureScreens(page, 'share-dialog-link', `/events/${id}`, async (current) => {
      const dialog = await openShareDialog(current);
      await dialog.getByRole('tab', { name: 'Link' }).click();
      await expect(dialog.getByLabel('Event link')).toBeVisible();
    });
  });

  test('Share dialog in Arabic (right to left)', async ({ page, context }) => {
    await signInWith(context);
    await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'ar'));
    const id = await demoEventWithPhoto(page);
    await captureScreens(page, 'share-dialog-ar', `/events/${id}`, async (current) => {
      await openShareDialog(current, 'مشاركة الفعالية');
    });
  });
});
