import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { captureScreens } from './support/screens';

async function inArabic(page: Page) {
  await page.evaluate(() => localStorage.setItem('selectedLanguage', 'ar'));
  await page.reload();
  await page.waitForLoadState('networkidle');
}

/** The organization page with an event and a follower, and its members screen, in English and Arabic. */
test('Organization page and members screen', async ({ page, user, newPerson }) => {
  test.setTimeout(300_000);
  const request = page.context().request;
  const slug = `neighbours-${randomBytes(3).toString('hex')}`;
  const created = await request.post('/api/organizations', {
    data: {
      name: 'Riverside Neighbours Association',
      slug,
      description: 'We plant trees, clean the riverbank and cook for the shelter every month.\nEveryone is welcome.',
      website: 'https://riverside-neighbours.example.org',
    },
  });
  expect(created.status()).toBe(201);
  const organization = await created.json();
  const event = await request.post('/api/events', {
    data: {
      title: 'Riverbank tree planting',
      description: 'Spades and gloves provided.',
      location: 'Riverside Park, north gate',
      date: new Date(Date.now() + 6 * 24 * 60 * 60 * 1000).toISOString(),
      categoryId: 1,
      organizationId: organization.id,
    },
  });
  expect(event.status()).toBe(201);
  const fan = await newPerson({ firstName: 'Layla', lastName: 'Haddad' });
  expect((await fan.request.post(`/api/organizations/${organization.id}/follow`)).status()).toBe(200);
  expect(
    (
      await request.post(`/api/organizations/${organization.id}/invitations`, {
        data: { email: 'a-very-long-address-of-a-new-helper@example.org', role: 'organizer' },
      })
    ).status(),
  ).toBe(201);
  await captureScreens(page, 'organization-page', `/o/${slug}`, async (current) => {
    await expect(current.getByTestId('organization-events')).toBeVisible({ timeout: 30_000 });
  });
  await captureScreens(page, 'organization-members', `/o/${slug}/members`, async (current) => {
    await expect(current.getByTestId('member-row')).toHaveCount(1, { timeout: 30_000 });
  });
  await captureScreens(page, 'organization-page-ar', `/o/${slug}`, async (current) => {
    await inArabic(current);
    await expect(current.getByTestId('organization-events')).toBeVisible({ timeout: 30_000 });
  });
  await captureScreens(page, 'organization-new', '/organizations/new', async (current) => {
    await expect(current.getByTestId('new-organization-form')).toBeVisible({ timeout: 30_000 });
  });
});
