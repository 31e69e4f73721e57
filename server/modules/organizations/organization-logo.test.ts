import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_LIMITS } from '../../../contract/event-limits';
import { ORGANIZATION_LIMITS } from '../../../contract/organization-limits';
import type { Organization } from '../../../contract/organizations';
import { addOrganizationMemberRow, createOrganizationRow } from '../../test/fixtures';
import { createEvent, createTestApp, signUpUser, type SignedUpUser, type TestApp } from '../../test/test-app';

let app: TestApp;
let owner: SignedUpUser;
let organizationId: number;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '100000' });
  owner = await signUpUser(app);
  organizationId = await createOrganizationRow(app.database.db, { ownerId: owner.user.id, slug: 'logo-makers' });
});
afterAll(async () => app?.close());

function dataUrl(type: string, bytes: Buffer): string {
  return `data:${type};base64,${bytes.toString('base64')}`;
}

function putLogo(cookie: string, image: unknown, id = organizationId) {
  return app.inject({
    method: 'PUT',
    url: `/api/organizations/${id}/logo`,
    headers: { cookie },
    payload: { image },
  });
}

const wideJpeg = () =>
  sharp({ create: { width: 900, height: 300, channels: 3, background: '#2a6' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
    .jpeg()
    .toBuffer();

describe("an organization's logo", () => {
  it('is re-encoded to a 256 px square WebP, served publicly and immutably, and shown on its events', async () => {
    const response = await putLogo(owner.cookie, dataUrl('image/jpeg', await wideJpeg()));
    expect(response.statusCode, response.body).toBe(200);
    const organization = response.json<Organization>();
    expect(organization.logoUrl).toMatch(/^\/api\/organization-logos\/[A-Za-z0-9_-]+$/);
    const logo = await app.inject({ method: 'GET', url: organization.logoUrl! });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/webp');
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(logo.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['webp', 256, 256, undefined]);
    const again = await app.inject({
      method: 'GET',
      url: organization.logoUrl!,
      headers: { 'if-none-match': logo.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const event = await createEvent(app, owner.cookie, { organizationId });
    expect(event.organization?.logoUrl).toBe(organization.logoUrl);
  });

  it('a new logo replaces the old one, whose address then answers 404; removing it leaves none', async () => {
    const first = (await putLogo(owner.cookie, dataUrl('image/jpeg', await wideJpeg()))).json<Organization>();
    const png = await sharp({ create: { width: 40, height: 40, channels: 4, background: '#f008' } })
      .png()
      .toBuffer();
    const second = (await putLogo(owner.cookie, dataUrl('image/png', png))).json<Organization>();
    expect(second.logoUrl).not.toBe(first.logoUrl);
    expect((await app.inject({ method: 'GET', url: first.logoUrl! })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: second.logoUrl! })).statusCode).toBe(200);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/organizations/${organizationId}/logo`,
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<Organization>().logoUrl).toBeNull();
    expect((await app.inject({ method: 'GET', url: second.logoUrl! })).statusCode).toBe(404);
  });

  it('refuses what is not an image of the accepted types with 400, and an upload over 5 MB with 413', async () => {
    // The web checks the logo's size with the zod-free constant; the server with the photos' limit.
    expect(ORGANIZATION_LIMITS.logoBytesMax).toBe(EVENT_LIMITS.imageBytesMax);
    const notAnImage = await putLogo(owner.cookie, dataUrl('image/png', Buffer.from('<svg>not a png</svg>')));
    expect(notAnImage.statusCode).toBe(400);
    expect(notAnImage.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'image' }] });
    const svg = await putLogo(owner.cookie, `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`);
    expect(svg.statusCode).toBe(400);
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    expect((await putLogo(owner.cookie, dataUrl('image/png', tiff))).statusCode).toBe(400);
    expect((await putLogo(owner.cookie, 42)).statusCode).toBe(400);
    const huge = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const tooLarge = await putLogo(owner.cookie, dataUrl('image/png', huge));
    expect(tooLarge.statusCode).toBe(413);
    expect((await app.inject({ method: 'GET', url: '/api/organization-logos/nothing-here' })).statusCode).toBe(404);
  });

  it('only owners and admins set or remove it: 403 for organizers, members and strangers, 401 for guests', async () => {
    const admin = await signUpUser(app);
    const organizer = await signUpUser(app);
    const member = await signUpUser(app);
    const stranger = await signUpUser(app);
    await addOrganizationMemberRow(app.database.db, organizationId, admin.user.id, 'admin');
    await addOrganizationMemberRow(app.database.db, organizationId, organizer.user.id, 'organizer');
    await addOrganizationMemberRow(app.database.db, organizationId, member.user.id, 'member');
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    expect((await putLogo(admin.cookie, dataUrl('image/png', png))).statusCode).toBe(200);
    for (const person of [organizer, member, stranger]) {
      expect((await putLogo(person.cookie, dataUrl('image/png', png))).statusCode).toBe(403);
      const remove = await app.inject({
        method: 'DELETE',
        url: `/api/organizations/${organizationId}/logo`,
        headers: { cookie: person.cookie },
      });
      expect(remove.statusCode).toBe(403);
    }
    const guest = await app.inject({
      method: 'PUT',
      url: `/api/organizations/${organizationId}/logo`,
      payload: { image: dataUrl('image/png', png) },
    });
    expect(guest.statusCode).toBe(401);
    expect((await putLogo(owner.cookie, dataUrl('image/png', png), 999_999)).statusCode).toBe(404);
  });
});
