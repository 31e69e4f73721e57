import { expect, test } from './support/fixtures';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { E2E_BASE_URL } from './support/e2e-settings';
import { useLanguage } from './support/language';

/** The first render after a navigation: a lazy screen, its strings and its data on a busy machine. */
const READY = { timeout: 30_000 };

/** Decisions §21: friends, one thread per person and "Contact the organizer", with two people at once. */
test.describe('Friends are real', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a request sent from a person’s page, accepted by the other; a request received, accepted on Friends', async ({
    page,
    user,
    newPerson,
  }) => {
    const nora = await newPerson({ firstName: 'Nora', lastName: 'Lindqvist' });
    const omar = await newPerson({ firstName: 'Omar', lastName: 'Haddad' });

    // Nora's page: "Add Friend", then "Requested" once asked.
    await page.goto(`/friends/${nora.user.id}`);
    const card = page.getByTestId('person-card');
    await expect(card.getByRole('heading', { level: 1, name: 'Nora Lindqvist' })).toBeVisible(READY);
    await expect(card.getByTestId('person-message')).toHaveAttribute('href', `/chat/${nora.user.id}`);
    await card.getByRole('button', { name: 'Add Friend' }).click();
    await expect(card.getByRole('button', { name: 'Requested: withdraw the friend request' })).toBeVisible();
    // Report and Block live on a person's page too (decisions §20); blocking is asked first and undone.
    await expect(card.getByTestId('report-button')).toBeVisible();
    await card.getByTestId('block-button').click();
    await expect(page.getByTestId('block-dialog')).toContainText(
      'A friendship or friend request between you ends too, and unblocking does not bring it back.',
    );
    await page.getByTestId('block-confirm').click();
    await expect(card.getByTestId('block-button')).toHaveText('Unblock');
    // The block ended the request (decisions §22), and unblocking brings nothing back: ask again.
    await expect(card.getByRole('button', { name: 'Add Friend' })).toBeVisible();
    await card.getByTestId('block-button').click();
    await expect(card.getByTestId('block-button')).toHaveText('Block');
    await card.getByRole('button', { name: 'Add Friend' }).click();
    await expect(card.getByRole('button', { name: 'Requested: withdraw the friend request' })).toBeVisible();

    // Nora sees it waiting and says yes on her side (her own session).
    const noras = await (await nora.request.get('/api/friends/requests')).json();
    expect(noras.incoming.map((request: { user: { id: string } }) => request.user.id)).toEqual([user.id]);
    expect((await nora.request.post(`/api/friends/requests/${noras.incoming[0].id}/accept`)).status()).toBe(200);
    await page.reload();
    await expect(card.getByRole('button', { name: 'Friends: remove this friend' })).toBeVisible(READY);

    // Omar asks; his request waits under Requests, and his page offers Accept too.
    expect((await omar.request.post('/api/friends/requests', { data: { userId: user.id } })).status()).toBe(201);
    await page.goto(`/friends/${omar.user.id}`);
    await expect(card.getByText('Wants to be your friend')).toBeVisible(READY);
    await expect(card.getByRole('button', { name: 'Accept' })).toBeVisible();
    await page.goto('/friends#friend_request');
    await expect(page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible(READY);
    await expect(page.getByRole('tab', { name: 'Requests (1)' })).toHaveAttribute('aria-selected', 'true');
    const request = page.getByTestId('request-card');
    await expect(request).toContainText('Omar Haddad');
    await expect(page.getByTestId('sample-data-note')).toHaveCount(0);
    await expect(page.getByTestId('presence-dot')).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(page);
    await request.getByRole('button', { name: 'Accept: Omar Haddad' }).click();
    await expect(page.getByRole('tab', { name: 'My Friends (2)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Requests (0)' })).toBeVisible();
    await page.getByRole('tab', { name: 'My Friends (2)' }).click();
    const friends = page.getByTestId('friend-card');
    await expect(friends).toHaveCount(2);
    // Nora and Omar are not friends of each other: no mutual friends line.
    await expect(friends.filter({ hasText: 'Nora Lindqvist' })).not.toContainText('mutual');
    await expect(
      friends.filter({ hasText: 'Omar Haddad' }).getByRole('link', { name: 'Message: Omar Haddad' }),
    ).toHaveAttribute('href', `/chat/${omar.user.id}`);
    await expectNoSeriousAccessibilityViolations(page);

    // Omar's side knows: he is told his request was accepted.
    const omarsNotices = await (await omar.request.get('/api/notifications')).json();
    expect(omarsNotices[0]).toMatchObject({ type: 'friend_accepted', actor: { id: user.id } });

    // Removing asks first, then both lists lose the other.
    await friends
      .filter({ hasText: 'Nora Lindqvist' })
      .getByRole('button', { name: 'Remove friend: Nora Lindqvist' })
      .click();
    await page.getByTestId('confirm-remove-friend').click();
    await expect(friends).toHaveCount(1);
    expect(await (await nora.request.get('/api/friends')).json()).toEqual([]);
  });

  test('an event shared to one’s address and the answer are one thread; "Contact the organizer" opens theirs', async ({
    page,
    user,
    newPerson,
    eventOfAnother,
  }) => {
    const fay = await newPerson({ firstName: 'Fay', lastName: 'Moreau' });
    const event = await eventOfAnother({ title: 'Riverside planting' });
    // Fay shares the event with the user (by id: only a confirmed account writes to an address, decisions §22).
    const shared = await fay.request.post('/api/messages', {
      data: { receiverId: user.id, eventId: event.id, content: 'Come plant trees with me?' },
    });
    expect(shared.status()).toBe(201);

    await page.goto(`/chat/${fay.user.id}`);
    const messages = page.getByTestId('thread-message');
    await expect(messages).toHaveCount(1, READY);
    await expect(page.getByTestId('thread-message-event')).toHaveAttribute('href', `/events/${event.id}`);
    await expect(page.getByTestId('thread-message-event')).toContainText('Riverside planting');
    await page.getByTestId('chat-input').fill('Count me in!');
    await page.getByTestId('chat-send').click();
    await expect(messages).toHaveCount(2);

    // On Fay's side the address's thread joined the user's: one conversation, both messages in it.
    const conversations = await (await fay.request.get('/api/conversations')).json();
    expect(conversations.map((conversation: { id: string }) => conversation.id)).toEqual([user.id]);
    const thread = await (await fay.request.get(`/api/conversations/${user.id}/messages`)).json();
    expect(thread.map((message: { content: string }) => message.content)).toEqual([
      'Come plant trees with me?',
      'Count me in!',
    ]);

    // The event page offers the organizer's thread; the organizer's own page does not (tested in Spanish below).
    await page.goto(`/events/${event.id}`);
    const contact = page.getByTestId('contact-organizer');
    await expect(contact).toHaveText('Contact the organizer', READY);
    await contact.click();
    await expect(page).toHaveURL(new RegExp(`/chat/${event.organizerId as string}$`));
    await expect(page.getByTestId('chat-input')).toBeVisible(READY);
    await expectNoSeriousAccessibilityViolations(page);
  });

  test('a notification’s link /friends#friend_request hydrates the server’s page without an error, then opens Requests', async ({
    page,
    user,
    newPerson,
  }) => {
    const iris = await newPerson({ firstName: 'Iris', lastName: 'Nakamura' });
    expect((await iris.request.post('/api/friends/requests', { data: { userId: user.id } })).status()).toBe(201);
    // Console errors and uncaught errors of the page: React reports a failed hydration as one (the
    // server never sees the hash, so a first render that reads it differs from the HTML it sent).
    const errors: string[] = [];
    page.on('console', (message) => {
      const source = message.location().url;
      if (message.type() === 'error' && (source === '' || source.startsWith(E2E_BASE_URL))) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto('/friends#friend_request');
    await expect(page.getByRole('tab', { name: 'Requests (1)' })).toHaveAttribute('aria-selected', 'true', READY);
    await expect(page.getByTestId('request-card')).toContainText('Iris Nakamura');
    // Hydrated: React owns the header the server sent.
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('[data-testid="app-header"]') ?? {}).some((key) =>
        key.startsWith('__reactFiber'),
      ),
    );
    expect(errors).toEqual([]);
  });

  test('in German, and no "Contact the organizer" on one’s own event', async ({ page, user, newPerson }) => {
    const lena = await newPerson({ firstName: 'Lena', lastName: 'Vogel' });
    await lena.request.post('/api/friends/requests', { data: { userId: user.id } });
    await useLanguage(page, 'de');
    await page.goto('/friends');
    await expect(page.getByRole('heading', { level: 1, name: 'Freunde' })).toBeVisible(READY);
    await expect(page.getByRole('tab', { name: 'Meine Freunde (0)' })).toBeVisible();
    await expect(page.getByText('Noch keine Freunde.', { exact: false })).toBeVisible();
    await page.getByRole('tab', { name: 'Anfragen (1)' }).click();
    await expect(page.getByTestId('request-card')).toContainText('Lena Vogel');
    await expect(page.getByRole('button', { name: 'Annehmen: Lena Vogel' })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);

    const created = await page.context().request.post('/api/events', {
      data: {
        title: 'Eigenes Fest',
        description: 'Unser Fest',
        location: 'Berlin',
        date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        categoryId: 1,
      },
    });
    expect(created.status()).toBe(201);
    await page.goto(`/events/${(await created.json()).id}`);
    await expect(page.getByTestId('organizer-name')).toBeVisible(READY);
    await expect(page.getByTestId('contact-organizer')).toHaveCount(0);
  });
});
