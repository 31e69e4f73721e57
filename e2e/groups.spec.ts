import { expect, test } from './support/fixtures';
import { isWrite, watchPage } from './support/page-watch';
import { expectNoSeriousAccessibilityViolations, inBothThemes } from './support/accessibility';

/** The first render after a navigation: a lazy screen, its strings and its data on a busy machine. */
const READY = { timeout: 30_000 };

test.describe('Groups (sample data)', () => {
  // The machine running these is shared and slow: a first render can take several seconds.
  test.describe.configure({ timeout: 120_000 });

  test('tabs, group cards, admin badge and Manage, join/leave/chat only log', async ({ page, user }) => {
    const { logs, apiRequests } = watchPage(page);
    await page.goto('/groups');

    await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible(READY);
    await expect(page.getByTestId('sample-data-note')).toHaveText('Sample data');
    await expect(page.getByRole('tab', { name: 'My Groups' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Discover' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Suggested' })).toBeVisible();

    const cards = page.getByTestId('group-card');
    await expect(cards).toHaveCount(3);
    const riverside = cards.filter({ hasText: 'Riverside Cleanup Crew' });
    await expect(riverside).toContainText('248 members');
    await expect(riverside).toContainText('Public');
    await expect(riverside).toContainText('Created by Amara Okafor');
    await expect(riverside).toContainText("12 people signed up for Saturday's cleanup");
    await expect(riverside.getByTestId('admin-badge')).toHaveText('Admin');
    await expect(riverside.getByRole('button', { name: /^Manage/ })).toBeVisible();

    const foodBank = cards.filter({ hasText: 'Weekend Food Bank Volunteers' });
    await expect(foodBank).toContainText('1,532 members');
    await expect(foodBank.getByTestId('admin-badge')).toHaveCount(0);
    await expect(foodBank.getByRole('button', { name: /^Manage/ })).toHaveCount(0);

    const techHelpers = cards.filter({ hasText: 'Seniors Tech Helpers' });
    await expect(techHelpers).toContainText('Private');
    await expect(techHelpers.getByTestId('admin-badge')).toBeVisible();
    // Exactly the admin groups show Manage.
    await expect(page.getByRole('button', { name: /^Manage/ })).toHaveCount(2);

    await riverside.getByRole('button', { name: /^Manage/ }).click();
    await foodBank.getByRole('button', { name: /^Chat/ }).click();
    await foodBank.getByRole('button', { name: /^Leave/ }).click();
    await expect.poll(() => logs.filter((log) => /\[groups\] (manage|open chat|leave)/.test(log))).toHaveLength(3);

    await page.getByRole('tab', { name: 'Discover' }).click();
    await expect(cards).toHaveCount(3);
    await expect(page.getByRole('button', { name: /^Join Group/ })).toHaveCount(3);
    await expect(page.getByTestId('admin-badge')).toHaveCount(0);
    await cards
      .filter({ hasText: 'Community Garden Collective' })
      .getByRole('button', { name: /^Join Group/ })
      .click();
    await expect.poll(() => logs.filter((log) => log.includes('[groups] join'))).toHaveLength(1);

    await page.getByRole('tab', { name: 'Suggested' }).click();
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText('Beach & Coast Guardians');

    expect(apiRequests.filter(isWrite).map((request) => request.url())).toEqual([]);
  });

  test('Create Group dialog: fields, privacy choices, required name, create only logs', async ({ page, user }) => {
    const { logs, apiRequests } = watchPage(page);
    await page.goto('/groups');
    await expect(page.getByTestId('group-card')).toHaveCount(3, READY);
    await page.getByRole('button', { name: 'Create Group' }).click();

    const dialog = page.getByRole('dialog', { name: 'Create Group' });
    await expect(dialog).toBeVisible();
    const name = dialog.getByLabel('Group Name');
    await expect(name).toBeVisible();
    await expect(dialog.getByLabel('Description')).toBeVisible();
    const privacy = dialog.getByRole('radiogroup', { name: 'Privacy' });
    const isPublic = privacy.getByRole('radio', { name: 'Public' });
    const isPrivate = privacy.getByRole('radio', { name: 'Private' });
    await expect(isPublic).toBeChecked();
    await expect(isPublic).toHaveAccessibleDescription('Anyone can join');
    await expect(isPrivate).toHaveAccessibleDescription('Invitation only');
    await expect(dialog.getByText('Anyone can join')).toBeVisible();
    await expect(dialog.getByText('Invitation only')).toBeVisible();

    // Name required: blank and whitespace are refused, the dialog stays open.
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await expect(dialog.getByText('This field is required')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();
    await name.fill('   ');
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await expect(dialog.getByText('This field is required')).toBeVisible();
    expect(logs.filter((log) => log.includes('[groups] create group'))).toEqual([]);

    await name.fill('Harbour Litter Pickers');
    await expect(dialog.getByText('This field is required')).toHaveCount(0);
    await dialog.getByLabel('Description').fill('Saturday mornings at the harbour.');
    await isPrivate.click();
    await expect(isPrivate).toBeChecked();
    await expect(isPublic).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => logs.filter((log) => log.includes('[groups] create group'))).toHaveLength(1);
    expect(logs.find((log) => log.includes('[groups] create group'))).toContain('Harbour Litter Pickers');

    // Reopened, the form is fresh.
    await page.getByRole('button', { name: 'Create Group' }).click();
    await expect(dialog.getByLabel('Group Name')).toHaveValue('');
    await expect(dialog.getByRole('radio', { name: 'Public' })).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    expect(apiRequests.filter(isWrite).map((request) => request.url())).toEqual([]);
  });

  test('in Arabic, right to left', async ({ page, user }) => {
    await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'ar'));
    await page.goto('/groups');
    await expect(page.getByRole('heading', { level: 1, name: 'المجموعات' })).toBeVisible(READY);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('tab', { name: 'مجموعاتي' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'استكشاف' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'مقترحة' })).toBeVisible();
    await expect(page.getByTestId('admin-badge').first()).toHaveText('مشرف');
    await page.getByRole('button', { name: 'إنشاء مجموعة' }).click();
    const dialog = page.getByRole('dialog', { name: 'إنشاء مجموعة' });
    await expect(dialog.getByLabel('اسم المجموعة')).toBeVisible();
    await expect(dialog.getByText('يمكن لأي شخص الانضمام')).toBeVisible();
    await expect(dialog.getByText('بالدعوة فقط')).toBeVisible();
    await dialog.getByRole('button', { name: 'إنشاء المجموعة' }).click();
    await expect(dialog.getByText('هذا الحقل مطلوب')).toBeVisible();
  });

  test('accessibility in both themes, with the dialog open too', async ({ page, user }) => {
    await page.goto('/groups');
    await inBothThemes(page, async () => {
      await expect(page.getByTestId('group-card')).toHaveCount(3, READY);
      await expectNoSeriousAccessibilityViolations(page);
      await page.getByRole('button', { name: 'Create Group' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Group' });
      await dialog.getByRole('button', { name: 'Create Group' }).click();
      await expect(dialog.getByText('This field is required')).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);
      await page.keyboard.press('Escape');
    });
  });
});
