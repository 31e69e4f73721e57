import { randomBytes } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { waitForLivePage } from './support/live-page';

/**
 * The first run: the questions after sign-up (a place and a few categories, or a skip), Home's events
 * matching the answers before the full list, and the explanation of RSVPs and verified hours, once.
 */
test.describe('first run', () => {
  test('the answers put events in that place and category first on Home, and stay answered', async ({
    page,
    user,
    eventOfAnother,
  }) => {
    const place = `Testford ${randomBytes(3).toString('hex')}`;
    const categories = (await (await page.request.get('/api/categories')).json()) as Array<{
      id: number;
      name: string;
    }>;
    const chosen = categories.find((category) => category.name === 'Education')!;
    const inPlaceAndCategory = await eventOfAnother({ location: `Town hall, ${place}`, categoryId: chosen.id });
    const inPlaceOnly = await eventOfAnother({
      location: `${place} library`,
      categoryId: categories.find((category) => category.id !== chosen.id)!.id,
    });

    await page.goto('/welcome');
    await waitForLivePage(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Let's find events for you, ${user.firstName}`);
    await page.getByTestId('welcome-place').fill(place);
    await page.getByRole('button', { name: 'Education' }).click();
    await expect(page.getByRole('button', { name: 'Education' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('welcome-chosen-count')).toHaveText('1 of 5 chosen');
    await page.getByTestId('welcome-save').click();

    await expect(page).toHaveURL(/\/$/);
    const picks = page.getByTestId('for-you-events').locator(':scope > li');
    await expect(picks.nth(0)).toContainText(inPlaceAndCategory.title);
    await expect(picks.nth(1)).toContainText(inPlaceOnly.title);
    await expect(page.getByTestId('for-you-summary')).toHaveText(`Near ${place} · Education`);
    await expect(page.getByTestId('onboarding-prompt')).toHaveCount(0);
    // The main button finds events, in the person's place; creating one is the second choice.
    const findEvents = page.getByTestId('home-find-events');
    await expect(findEvents).toHaveAttribute('href', `/events?location=${encodeURIComponent(place)}`);
    await expect(page.locator('#home-greeting ~ div').getByRole('link').first()).toHaveText('Find Events Near Me');

    // The rendered page carries the answers: the picks are there again after a reload, the prompt is not.
    await page.reload();
    await waitForLivePage(page);
    await expect(page.getByTestId('for-you-events').locator(':scope > li').first()).toContainText(
      inPlaceAndCategory.title,
    );
    await expect(page.getByTestId('onboarding-prompt')).toHaveCount(0);

    // Change: the form starts from the saved answers.
    await page.getByTestId('for-you-edit').click();
    await expect(page.getByTestId('welcome-place')).toHaveValue(place);
    await expect(page.getByRole('button', { name: 'Education' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('Home asks someone who has not answered, and Not now and Got it last across reloads', async ({
    page,
    user: _user,
  }) => {
    await page.goto('/');
    await waitForLivePage(page);
    await expect(page.getByTestId('onboarding-prompt')).toBeVisible();
    await expect(page.getByTestId('how-it-works')).toContainText('RSVP holds your place');
    await expect(page.getByTestId('how-it-works')).toContainText('Verified hours');
    await expect(page.getByTestId('for-you')).toHaveCount(0);

    await page.getByTestId('onboarding-prompt-skip').click();
    await expect(page.getByTestId('onboarding-prompt')).toHaveCount(0);
    await page.getByTestId('how-it-works-dismiss').click();
    await expect(page.getByTestId('how-it-works')).toHaveCount(0);

    await page.reload();
    await waitForLivePage(page);
    await expect(page.getByTestId('event-grid').or(page.getByTestId('empty-state'))).toBeVisible();
    await expect(page.getByTestId('onboarding-prompt')).toHaveCount(0);
    await expect(page.getByTestId('how-it-works')).toHaveCount(0);
  });

  test('Skip for now on the questions goes Home without answers and does not ask again', async ({
    page,
    user: _user,
  }) => {
    await page.goto('/welcome');
    await waitForLivePage(page);
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('how-it-works')).toBeVisible();
    await expect(page.getByTestId('onboarding-prompt')).toHaveCount(0);
    expect(await (await page.request.get('/api/preferences')).json()).toEqual({
      place: null,
      categoryIds: [],
      hasFinishedOnboarding: true,
      hasDismissedTips: false,
    });
  });
});
