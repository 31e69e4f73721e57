import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findImageUrlProblem } from '../../../contract/image-url';
import { events } from '../../db/schema';
import { createEventRow } from '../../test/fixtures';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { EventsService } from './events.service';

const PUBLIC_URL = 'https://pitchin.example.org';
let app: TestApp;
let userId: string;
let cookies: string[] = [];
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  const organizers = await Promise.all([
    signUpUser(app),
    signUpUser(app),
    signUpUser(app),
    signUpUser(app),
    signUpUser(app),
  ]);
  userId = organizers[0]!.user.id;
  cookies = organizers.map((organizer) => organizer.cookie);
});
afterAll(async () => app?.close());

let created = 0;
/** Spreads the creates over several organizers: each may create 10 events an hour. */
function createWithImageUrl(imageUrl: unknown, host?: string) {
  created += 1;
  return app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { cookie: cookies[created % cookies.length]!, ...(host ? { host } : {}) },
    payload: {
      title: 'Poster',
      description: 'd',
      location: 'Lisbon',
      date: new Date(Date.now() + 86_400_000).toISOString(),
      categoryId: 1,
      imageUrl,
    },
  });
}

/** Every one of these would make each viewer's browser request it. */
const REFUSED = [
  'http://images.example.org/a.jpg',
  'https://localhost/api/logout',
  'https://LOCALHOST./api/logout',
  'https://app.localhost/a.png',
  'https://127.0.0.1/a.png',
  'https://127.1/a.png',
  'https://0x7f.0.0.1/a.png',
  'https://2130706433/a.png',
  'https://%31%32%37.0.0.1/a.png',
  'https://0.0.0.0/a.png',
  'https://[::1]/a.png',
  'https://[::]/a.png',
  'https://[::ffff:127.0.0.1]/a.png',
  'https://[::ffff:7f00:1]/a.png',
  'https://[fe80::1]/a.png',
  'https://[fc00::1]/a.png',
  'https://[fd12:3456::1]/a.png',
  'https://[ff02::1]/a.png',
  'https://[2001:db8::1]/a.png',
  'https://[2002:7f00:1::]/a.png',
  'https://169.254.169.254/latest/meta-data/',
  'https://10.0.0.1/a.png',
  'https://172.16.0.1/a.png',
  'https://172.1048576/a.png',
  'https://192.168.1.1/a.png',
  'https://192.0xa8.1.1/a.png',
  'https://100.64.0.1/a.png',
  'https://224.0.0.1/a.png',
  'https://255.255.255.255/a.png',
  'https://router/a.png',
  'https://printer.local/a.png',
  'https://user:pw@example.org/a.png',
  'https://user@example.org/a.png',
  'javascript:alert(1)',
  'data:image/png;base64,iVBORw0KGgo=',
  'ftp://images.example.org/a.jpg',
];
const ACCEPTED = [
  'https://images.example.org/a.jpg',
  'https://images.example.org:8443/a.jpg?w=1&h=2',
  'https://8.8.8.8/a.png',
  'https://[2606:4700::1111]/a.png',
  'https://xn--bcher-kva.example/a.png',
];

describe('imageUrl', () => {
  it.each(REFUSED)('refuses %s with 400 and a field error on imageUrl', async (imageUrl) => {
    const response = await createWithImageUrl(imageUrl);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toContainEqual({ path: 'imageUrl', message: expect.stringMatching(/Image URL/) });
  });

  it.each(ACCEPTED)('accepts %s', async (imageUrl) => {
    const response = await createWithImageUrl(imageUrl);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().imageUrl).toBe(imageUrl);
  });

  const OWN_ORIGIN = 'Image URL must point to another site, not this one';

  it("refuses this app's own origin as the request reached it", async () => {
    for (const [imageUrl, host] of [
      ['https://app.example.net/api/logout', 'app.example.net'],
      ['https://APP.example.net:8443/api/logout', 'app.example.net:8443'],
      ['https://app.example.net./api/logout', 'app.example.net'],
    ] as const) {
      const response = await createWithImageUrl(imageUrl, host);
      expect(response.statusCode, imageUrl).toBe(400);
      expect(response.json()).toEqual({
        message: OWN_ORIGIN,
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'imageUrl', message: OWN_ORIGIN }],
      });
    }
    expect((await createWithImageUrl('https://app.example.net/a.png', 'elsewhere.example.net')).statusCode).toBe(201);
  });

  it("refuses PUBLIC_URL's origin whatever Host the request carries", async () => {
    const service = new EventsService(app.database.db, { publicUrl: PUBLIC_URL });
    const input = {
      title: 'Poster',
      description: 'd',
      location: 'Lisbon',
      date: new Date(Date.now() + 86_400_000).toISOString(),
      categoryId: 1,
    };
    for (const imageUrl of [`${PUBLIC_URL}/api/logout`, `${PUBLIC_URL}:444/api/images/x`]) {
      await expect(
        service.create(userId, { ...input, imageUrl }, 'http://internal.example.net:5000'),
      ).rejects.toMatchObject({
        statusCode: 400,
        fieldErrors: [{ path: 'imageUrl', message: OWN_ORIGIN }],
      });
    }
  });
});

describe('the migration that clears stored image URLs breaking the rule', () => {
  const migration = readFileSync(
    path.resolve(import.meta.dirname, '../../db/migrations/0003_security_hardening.sql'),
    'utf8',
  );
  const statement = migration.slice(migration.lastIndexOf('UPDATE "events" SET "image_url" = NULL'));

  /** Stores each URL on an event of its own, runs the migration's UPDATE and answers the URLs it cleared. */
  async function clearedBy(urls: string[]): Promise<Set<string>> {
    const ids = new Map<number, string>();
    for (const url of urls) {
      const event = await createEventRow(app.database.db, { organizerId: userId });
      await app.database.db.update(events).set({ imageUrl: url }).where(eq(events.id, event.id));
      ids.set(event.id, url);
    }
    await app.database.db.execute(sql.raw(statement));
    const rows = await app.database.db
      .select({ id: events.id, imageUrl: events.imageUrl })
      .from(events)
      .where(inArray(events.id, [...ids.keys()]));
    return new Set(rows.filter((row) => row.imageUrl === null).map((row) => ids.get(row.id)!));
  }

  it('is the last statement of the migration', () => {
    expect(statement).toMatch(/^UPDATE "events" SET "image_url" = NULL, "updated_at" = now\(\)\nWHERE [\s\S]+\);\n$/);
  });

  it('clears exactly the URLs the contract refuses, plainly written or not', async () => {
    const urls = [
      ...REFUSED,
      ...ACCEPTED,
      'HTTPS://IMAGES.EXAMPLE.ORG/A.JPG',
      'https://[3fff:fff::1]/a.png',
      'https://[3fff:1000::1]/a.png',
      'https://[2001:1ff::1]/a.png',
      'https://[2001:200::1]/a.png',
      'https://[2001:0DB8::1]/a.png',
      'https://198.19.0.1/',
      'https://198.20.0.1/',
      'https://192.0.2.1/',
      'https://192.0.3.1/',
      'https://100.128.0.1/',
      'https://172.32.0.1/',
      'https://images.internal/a.png',
      'https://10.example.org/a.png',
      'https://example.org\\@127.0.0.1/',
      'https://127.0.0.1\\@example.org/',
    ];
    const cleared = await clearedBy(urls);
    const refused = new Set(urls.filter((url) => findImageUrlProblem(url) !== null));
    expect([...cleared].sort()).toEqual([...refused].sort());
  });

  it('never keeps a URL the contract refuses; it may clear odd spellings of public images', async () => {
    // SQL cannot run the URL parser: these public images are spelled in ways only it untangles.
    const oddButPublic = [
      'https://8.8.8.010/a.png',
      'https://134744072/a.png',
      'https://8.8.8.8./a.png',
      'https://ex%61mple.org/a.png',
      'https://bücher.example/a.png',
      'https:/images.example.org/a.png',
      'https://@images.example.org/a.png',
    ];
    const sneaky = [
      'https://１２７.０.０.１/a.png',
      'https://ｌｏｃａｌｈｏｓｔ/a.png',
      'https:127.0.0.1/a.png',
      'https:\\\\127.0.0.1\\a.png',
      'https://local%68ost/a.png',
      'https://[0:0:0:0:0:0:0:1]/a.png',
      'https://[::FFFF:10.0.0.1]/a.png',
      'https://[2:1::1]/a.png',
      'https://127.0.0.1:443/a.png',
      'https://169.254.169.254.:443/',
    ];
    for (const url of oddButPublic) expect(findImageUrlProblem(url), url).toBeNull();
    for (const url of sneaky) expect(findImageUrlProblem(url), url).not.toBeNull();
    const cleared = await clearedBy([...oddButPublic, ...sneaky]);
    for (const url of sneaky) expect(cleared.has(url), url).toBe(true);
  });
});
