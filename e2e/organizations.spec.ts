import { randomBytes } from 'node:crypto';
import { expect as baseExpect, test } from './support/fixtures';

/** Organizations in the browser against the real server: create, page, Follow, members, held events. */

test.use({ timezoneId: 'UTC', locale: 'en-US' });
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 45_000 });

function uniqueSlug(): string {
  return `trail-keepers-${randomBytes(3).toString('hex')}`;
}

function inDays(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();
}

test.describe('Organizations', () => {
  test('create one, see its page, hold an event under it from the create form, and follow it', async ({
    page,
    user,
    newPerson,
  }) => {
    await page.goto('/organizations/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Create an organization' })).toBeVisible();
    await page.getByLabel('Name').fill('Trail Keepers Ünïon');
    // The address is proposed from the name, accents folded.
    await expect(page.getByLabel('Address')).toHaveValue('trail-keepers-union');
    const slug = uniqueSlug();
    await page.getByLabel('Address').fill('Admin');
    await page.getByLabel('What the organization does').fill('We mend the paths of the hills.');
    await page.getByTestId('new-organization-submit').click();
    // A reserved word passes the pattern but the server refuses it with 400, worded by its field.
    await expect(page.getByTestId('new-organization-error')).toHaveText('This address is reserved: choose another.');
    // A name that reads as the site's own in lookalike letters (Cyrillic Er and I) is refused (decisions §22).
    await page.getByLabel('Address').fill(slug);
    await page.getByLabel('Name').fill('РitchІn');
    await page.getByTestId('new-organization-submit').click();
    await expect(page.getByTestId('new-organization-error')).toHaveText(
      'This name cannot be used: it reads as PitchIn itself, or holds invisible or text-direction characters.',
    );
    await page.getByLabel('Name').fill('Trail Keepers Ünïon');
    await page.getByLabel('Address').fill(slug);
    await page.getByLabel('Website (optional)').fill('https://trails.example.org');
    await page.getByTestId('new-organization-submit').click();

    await expect(page).toHaveURL(new RegExp(`/o/${slug}$`));
    await expect(page.getByTestId('organization-name')).toHaveText('Trail Keepers Ünïon');
    await expect(page.getByTestId('organization-followers')).toHaveText('0 followers');
    await expect(page.getByTestId('organization-role')).toHaveText('You are Owner of this organization.');
    await expect(page.getByText('No upcoming events yet.')).toBeVisible();

    // The create form offers the organization; the event then carries it, on its page and on the organization's.
    await page.goto('/');
    await page
      .locator('section[aria-labelledby="home-greeting"]')
      .getByRole('button', { name: 'Create Event' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Create New Event' });
    await dialog.getByRole('combobox', { name: 'Organize as' }).click();
    await page.getByRole('option', { name: 'Trail Keepers Ünïon' }).click();
    await dialog.getByLabel('Event Title').fill('Hill path repair');
    await dialog.getByLabel('Description').fill('Shovels provided.');
    await dialog.getByLabel('Location', { exact: true }).fill('Serra, Porto');
    await dialog.getByLabel('Date & Time').fill(inDays(5).slice(0, 16));
    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Environmental' }).click();
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await expect(page).toHaveURL(/\/events\/\d+$/);
    const organizationLink = page.getByTestId('event-organization');
    await expect(organizationLink).toHaveText('Trail Keepers Ünïon');
    await organizationLink.click();
    await expect(page).toHaveURL(new RegExp(`/o/${slug}$`));
    await expect(page.getByTestId('organization-events')).toContainText('Hill path repair');

    // Another person follows it: the count is the server's.
    const fan = await newPerson({ firstName: 'Fatima', lastName: 'Fan' });
    const organization = await (await fan.request.get(`/api/organizations/${slug}`)).json();
    expect((await fan.request.post(`/api/organizations/${organization.id}/follow`)).status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('organization-followers')).toHaveText('1 follower');
    const follow = page.getByTestId('organization-follow');
    await expect(follow).toHaveText('Follow');
    await follow.click();
    await expect(follow).toHaveText('Following');
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('organization-followers')).toHaveText('2 followers');
    await page.reload();
    await expect(page.getByTestId('organization-followers')).toHaveText('2 followers');
    await page.getByTestId('organization-follow').click();
    await expect(page.getByTestId('organization-followers')).toHaveText('1 follower');
  });

  test('the members screen invites by e-mail, changes a role and keeps the last owner', async ({
    page,
    user,
    newPerson,
  }) => {
    const slug = uniqueSlug();
    const created = await page.request.post('/api/organizations', {
      data: { name: 'Harbour Helpers', slug, description: 'Boats and people.' },
    });
    expect(created.status()).toBe(201);
    const organization = await created.json();
    await page.goto(`/o/${slug}`);
    await page.getByTestId('organization-manage-members').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Members and roles' })).toBeVisible();
    await expect(page.getByTestId('member-row')).toHaveCount(1);
    await expect(page.getByTestId('member-row')).toContainText('(you)');

    await page.getByLabel('E-mail address').fill(`helper-${randomBytes(3).toString('hex')}@example.org`);
    await page.getByTestId('invite-role').click();
    await page.getByRole('option', { name: 'Organizer' }).click();
    await page.getByTestId('invite-submit').click();
    await expect(page.getByTestId('invitation-list')).toContainText('Organizer');

    // A person who joined (as an invitation's link would make them) shows with their role, which can change.
    const helper = await newPerson({ firstName: 'Hugo', lastName: 'Helper' });
    const me = await (await page.request.get('/api/auth/user')).json();
    expect(me.id).toBe(user.id);
    const promoted = await page.request.post(`/api/organizations/${organization.id}/invitations`, {
      data: { email: helper.user.email, role: 'member' },
    });
    expect(promoted.status()).toBe(201);
    await page.reload();
    await expect(page.getByTestId('invitation-list').locator('li')).toHaveCount(2);

    // The only owner cannot step down: the server's 409 is worded.
    const ownerRow = page.getByTestId('member-row').filter({ hasText: '(you)' });
    await ownerRow.getByTestId('member-role').click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await expect(
      page.getByText('An organization keeps at least one owner: make someone else owner first.', { exact: true }),
    ).toBeVisible();
    await expect(ownerRow.getByTestId('member-role')).toHaveText('Owner');

    // A pending invitation is taken back (decisions §22): its row goes, and the server no longer lists it.
    const helperRow = page.getByTestId('invitation-row').filter({ hasText: helper.user.email.toLowerCase() });
    await helperRow
      .getByRole('button', { name: `Revoke the invitation of ${helper.user.email.toLowerCase()}` })
      .click();
    await expect(page.getByTestId('invitation-row')).toHaveCount(1);
    await expect(helperRow).toHaveCount(0);
    const listed = await (await page.request.get(`/api/organizations/${organization.id}/members`)).json();
    expect(listed.invitations.map((invitation: { email: string }) => invitation.email)).not.toContain(
      helper.user.email.toLowerCase(),
    );
  });

  test('an invitation link joins the signed-in person', async ({ page, user, newPerson }) => {
    const owner = await newPerson({ firstName: 'Olga', lastName: 'Owner' });
    const slug = uniqueSlug();
    const created = await owner.request.post('/api/organizations', {
      data: { name: 'Night Bakers', slug, description: 'Bread for the shelter.' },
    });
    expect(created.status()).toBe(201);
    // The token only travels in the mail; without SMTP here, a made-up token shows the invalid state.
    await page.goto('/organizations/invitation#token=not-a-real-invitation');
    await expect(page.getByTestId('invitation-status')).toHaveText(
      'This invitation is not valid or has expired: ask for a new one.',
    );
    await page.goto('/organizations/invitation');
    await expect(page.getByTestId('invitation-status')).toHaveText(
      'This link has no invitation in it. Open the link from the e-mail again.',
    );
  });
});
