import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../../../contract/organizations';
import { ORGANIZATION_ABILITIES, type OrganizationRole } from '../../../contract/organization-roles';
import { addOrganizationMemberRow, createOrganizationRow } from '../../test/fixtures';
import { createTestApp, signUpUser, type SignedUpUser, type TestApp } from '../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '100000' });
});
afterAll(async () => app?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function call(method: Method, url: string, cookie?: string, payload?: object) {
  return app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
}

let slugCounter = 0;
async function organizationWith(roles: OrganizationRole[]) {
  const owner = await signUpUser(app);
  slugCounter += 1;
  const slug = `roles-club-${slugCounter}`;
  const id = await createOrganizationRow(app.database.db, { ownerId: owner.user.id, slug });
  const people: Record<string, SignedUpUser> = { owner };
  for (const role of roles) {
    const person = await signUpUser(app);
    await addOrganizationMemberRow(app.database.db, id, person.user.id, role);
    people[role] = person;
  }
  return { id, slug, people };
}

describe('the abilities of each role', () => {
  it('are sent with the organization, from the contract’s one table: the web reads nothing else', async () => {
    const { slug, people } = await organizationWith(['admin', 'organizer', 'member']);
    const stranger = await signUpUser(app);
    const abilitiesOf = async (cookie?: string) =>
      ((await call('GET', `/api/organizations/${slug}`, cookie)).json() as Organization).viewerAbilities;
    expect(await abilitiesOf(people.owner!.cookie)).toEqual([...ORGANIZATION_ABILITIES]);
    expect(await abilitiesOf(people.admin!.cookie)).toEqual([
      'manageMembers',
      'manageEvents',
      'reassignEvents',
      'readHours',
      'editProfile',
    ]);
    expect(await abilitiesOf(people.organizer!.cookie)).toEqual(['manageEvents']);
    expect(await abilitiesOf(people.member!.cookie)).toEqual([]);
    expect(await abilitiesOf(stranger.cookie)).toEqual([]);
    expect(await abilitiesOf()).toEqual([]);
  });

  it('decide every call alike: what the answer says a role may not do, the server refuses', async () => {
    const { id, people } = await organizationWith(['admin', 'organizer', 'member']);
    for (const role of ['organizer', 'member'] as const) {
      const person = people[role]!;
      for (const [method, url] of [
        ['GET', `/api/organizations/${id}/members`],
        ['GET', `/api/organizations/${id}/hours?from=2026-01-01&to=2026-01-31`],
        ['DELETE', `/api/organizations/${id}/logo`],
        ['PATCH', `/api/organizations/${id}/members/${people.member!.user.id}`],
      ] as const) {
        const refused = await call(method, url, person.cookie, method === 'PATCH' ? { role: 'organizer' } : undefined);
        expect([refused.statusCode, refused.json().code], `${role} ${method} ${url}`).toEqual([
          403,
          'NOT_ORGANIZATION_ADMIN',
        ]);
      }
    }
    // An admin manages members but not owners.
    const toOwner = await call(
      'PATCH',
      `/api/organizations/${id}/members/${people.member!.user.id}`,
      people.admin!.cookie,
      {
        role: 'owner',
      },
    );
    expect([toOwner.statusCode, toOwner.json().code]).toEqual([403, 'NOT_ORGANIZATION_OWNER']);
    const removeOwner = await call(
      'DELETE',
      `/api/organizations/${id}/members/${people.owner!.user.id}`,
      people.admin!.cookie,
    );
    expect([removeOwner.statusCode, removeOwner.json().code]).toEqual([403, 'NOT_ORGANIZATION_OWNER']);
    const byAdmin = await call(
      'PATCH',
      `/api/organizations/${id}/members/${people.member!.user.id}`,
      people.admin!.cookie,
      {
        role: 'organizer',
      },
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });
});

describe('refusals by code', () => {
  it('give each refusal of an organization its own code, one status per code', async () => {
    const { id, slug, people } = await organizationWith(['member']);
    const owner = people.owner!;
    const taken = await call('POST', '/api/organizations', owner.cookie, { name: 'Again', slug, description: 'd' });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'SLUG_TAKEN']);
    const missing = await call('GET', '/api/organizations/999999/members', owner.cookie);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'ORGANIZATION_NOT_FOUND']);
    const bySlug = await call('GET', '/api/organizations/no-such-club');
    expect([bySlug.statusCode, bySlug.json().code]).toEqual([404, 'ORGANIZATION_NOT_FOUND']);
    const lastOwner = await call('PATCH', `/api/organizations/${id}/members/${owner.user.id}`, owner.cookie, {
      role: 'admin',
    });
    expect([lastOwner.statusCode, lastOwner.json().code]).toEqual([409, 'LAST_OWNER']);
    const leaving = await call('DELETE', `/api/organizations/${id}/members/${owner.user.id}`, owner.cookie);
    expect([leaving.statusCode, leaving.json().code]).toEqual([409, 'LAST_OWNER']);
    const stranger = await signUpUser(app);
    const notMember = await call('DELETE', `/api/organizations/${id}/members/${stranger.user.id}`, owner.cookie);
    expect([notMember.statusCode, notMember.json().code]).toEqual([404, 'NOT_A_MEMBER']);
    const badLink = await call('POST', '/api/organization-invitations/accept', owner.cookie, { token: 'nothing' });
    expect([badLink.statusCode, badLink.json().code]).toEqual([404, 'INVITATION_INVALID']);
    const logo = await call('GET', '/api/organization-logos/no-such-logo');
    expect([logo.statusCode, logo.json().code]).toEqual([404, 'LOGO_NOT_FOUND']);
    const event = await call('POST', '/api/events', people.member!.cookie, {
      title: 'Under its name',
      description: 'd',
      location: 'Porto',
      date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      categoryId: 1,
      organizationId: id,
    });
    expect([event.statusCode, event.json().code]).toEqual([403, 'NOT_ORGANIZATION_ORGANIZER']);
    const unknown = await call('POST', '/api/events', owner.cookie, {
      title: 'Under nobody',
      description: 'd',
      location: 'Porto',
      date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      categoryId: 1,
      organizationId: 999_999,
    });
    expect([unknown.statusCode, unknown.json().code, unknown.json().errors[0].path]).toEqual([
      400,
      'UNKNOWN_ORGANIZATION',
      'organizationId',
    ]);
  });
});

describe('squatting (decisions §22)', () => {
  it('allows five new organizations a person a day, counted in the database, then 429 with Retry-After', async () => {
    const squatter = await signUpUser(app);
    const create = (index: number) =>
      call('POST', '/api/organizations', squatter.cookie, {
        name: `Squat ${index}`,
        slug: `squat-${squatter.user.id.slice(0, 8)}-${index}`,
        description: 'd',
      });
    for (let index = 1; index <= 5; index += 1) expect((await create(index)).statusCode).toBe(201);
    const sixth = await create(6);
    expect([sixth.statusCode, sixth.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call('GET', `/api/organizations/squat-${squatter.user.id.slice(0, 8)}-6`)).statusCode).toBe(404);
    // Another person is not held back by the squatter's count.
    const other = await signUpUser(app);
    expect(
      (
        await call('POST', '/api/organizations', other.cookie, {
          name: 'Fine',
          slug: `fine-${slugCounter}`,
          description: 'd',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('refuses names and slugs that pose as the site', async () => {
    const person = await signUpUser(app);
    for (const body of [
      { name: 'РitchІn', slug: 'river-one' },
      { name: 'Trust team', slug: 'pitchin-official' },
      { name: 'Trust team', slug: 'trust-and-safety' },
      { name: 'Blank\u200Bname', slug: 'river-two' },
    ]) {
      const refused = await call('POST', '/api/organizations', person.cookie, { ...body, description: 'd' });
      expect([refused.statusCode, refused.json().code], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
  });
});
