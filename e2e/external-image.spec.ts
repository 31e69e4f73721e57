import { randomBytes } from 'node:crypto';
import { expect, test } from './support/fixtures';
import sharp from 'sharp';
import { createEventWith } from './support/accounts';

/**
 * An event's imageUrl is another site's image. Its host must not learn which event page
 * the viewer is on: the card, the event page, its photo viewer and the share preview load it with no
 * Referer. (The host still sees the viewer's address: a known gap, short of proxying every image.)
 */
test('an external event image is fetched without a Referer on the card, the event page and the photo viewer', async ({
  page,
  context,
  user,
}) => {
  test.setTimeout(120_000);
  const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  const referers: Array<string | null> = [];
  await context.route('https://images.example.org/**', async (route) => {
    referers.push((await route.request().allHeaders())['referer'] ?? null);
    await route.fulfill({ status: 200, contentType: 'image/png', body: png });
  });
  const title = `External image ${randomBytes(3).toString('hex')}`;
  const event = await createEventWith(context.request, { title, imageUrl: 'https://images.example.org/poster.png' });

  await page.goto(`/discover?search=${encodeURIComponent(title)}`);
  await expect(page.getByTestId('event-card').first()).toBeVisible();
  await expect.poll(() => referers.length).toBeGreaterThan(0);

  await page.goto(`/events/${event.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const seenBeforeViewer = referers.length;
  await page
    .getByRole('button', { name: /^Open photo 1 of/ })
    .first()
    .click();
  await expect(page.getByTestId('photo-viewer-image')).toBeVisible();
  // The viewer may take the image from the memory cache; any request it makes is counted below.
  expect(referers.length).toBeGreaterThanOrEqual(seenBeforeViewer);

  expect(referers.length).toBeGreaterThan(0);
  expect(
    referers.every((referer) => referer === null),
    `Referer headers sent: ${JSON.stringify(referers)}`,
  ).toBe(true);

  // The control: an image without the policy does send one here, so the check above can see it.
  const before = referers.length;
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = 'https://images.example.org/control.png';
    document.body.append(image);
  });
  await expect.poll(() => referers.length).toBeGreaterThan(before);
  expect(referers.at(-1)).toMatch(/^https?:\/\//);
});
