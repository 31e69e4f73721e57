import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../../contract/events';
import type { Organization, OrganizationMembers } from '../../../contract/organizations';
import { eq } from 'drizzle-orm';
import { rateLimitCounters, users } from '../../db/schema';
import { WRITE_LIMITS } from '../limits/limits.service';
import { addOrganizationMemberRow, createEventRow, daysFromNow } from '../../test/fixtures';
import {
  createEvent,
  createTestApp,
  signUpUser,
  signUpVerifiedUser,
  type SignedUpUser,
  type TestApp,
} from '../../test/test-app';
import { type CaptureSmtpServer, startCaptureSmtpServer } from '../mail/capture-smtp-server';

let app: TestApp;
let smtp: CaptureSmtpServer;
beforeAll(async () => {
  smtp = await startCaptureSmtpServer();
  app = await createTestApp({ AUTH_RATE_LIMIT: '100000', SMTP_URL: smtp.url, PUBLIC_URL: 'http://pitchin.test' });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function call(method: Method, url: string, cookie?: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

let slugCounter = 0;
function nextSlug(): string {
  slugCounter += 1;
  return `river-friends-${slugCounter}`;
}

async function createOrganization(owner: SignedUpUser, fields: Record<string, unknown> = {}): Promise<Organization> {
  const response = await call('POST', '/api/organizations', owner.cookie, {
    name: 'River Friends',
    slug: nextSlug(),
    description: 'We keep the river clean.',
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Puts a person in the organization with a role, through an invitation as people join. */
async function addMember(
  organization: Organization,
  admin: SignedUpUser,
  person: SignedUpUser,
  role: 'owner' | 'admin' | 'organizer' | 'member',
) {
  const token = await inviteAndReadToken(organization, admin, person.user.email, role);
  const accepted = await call('POST', '/api/organization-invitations/accept', person.cookie, { token });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

function mailsTo(address: string) {
  return smtp.mails.filter(
    (mail) =>
      mail.subject !== 'Confirm your e-mail address for PitchIn' &&
      (mail.to && !Array.isArray(mail.to) ? mail.to.value : []).some((to) => to.address === address),
  );
}

async function inviteAndReadToken(
  organization: Organization,
  admin: SignedUpUser,
  email: string,
  role: string,
): Promise<string> {
  const before = mailsTo(email.toLowerCase()).length;
  // decisions §22: only a confirmed address causes mail nobody asked for.
  await app.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, admin.user.id));
  const response = await call('POST', `/api/organizations/${organization.id}/invitations`, admin.cookie, {
    email,
    role,
  });
  expect(response.statusCode, response.body).toBe(201);
  // The invitation is a row of the mail outbox: one round sends it now rather than at the next poll.
  await app.mailOutbox.runOnce();
  await expect.poll(() => mailsTo(email.toLowerCase()).length, { timeout: 5000 }).toBe(before + 1);
  const mail = mailsTo(email.toLowerCase())[before]!;
  const link = /https?:\/\/\S+/.exec(mail.text ?? '')![0];
  expect(link.startsWith('http://pitchin.test/organizations/invitation#token=')).toBe(true);
  return new URL(link).hash.replace('#token=', '');
}

/** An organization with one person in each role (the admin invited by the owner), and a stranger. */
async function organizationWithEveryRole() {
  const owner = await signUpUser(app);
  const [admin, organizer, member, stranger] = [
    await signUpUser(app),
    await signUpUser(app),
    await signUpUser(app),
    await signUpUser(app),
  ];
  const organization = await createOrganization(owner);
  await addMember(organization, owner, admin, 'admin');
  await addMember(organization, admin, organizer, 'organizer');
  await addMember(organization, admin, member, 'member');
  return { organization, owner, admin, organizer, member, stranger };
}

async function membersOf(organization: Organization, cookie: string): Promise<OrganizationMembers> {
  const response = await call('GET', `/api/organizations/${organization.id}/members`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('creating an organization', () => {
  it('makes the creator its owner and answers the public shape', async () => {
    const owner = await signUpUser(app);
    const organization = await createOrganization(owner, { website: 'https://river.example.org' });
    expect(organization).toMatchObject({
      name: 'River Friends',
      description: 'We keep the river clean.',
      website: 'https://river.example.org',
      logoUrl: null,
      followerCount: 0,
      upcomingEvents: [],
      viewerRole: 'owner',
      isFollowing: false,
    });
    const mine = await call('GET', '/api/organizations/mine', owner.cookie);
    expect(mine.json()).toEqual([
      { id: organization.id, slug: organization.slug, name: 'River Friends', logoUrl: null, role: 'owner' },
    ]);
  });

  it('refuses slugs outside the rules and reserved words with 400, and a taken slug with 409', async () => {
    const owner = await signUpUser(app);
    const bad = ['ab', 'a'.repeat(41), 'River', 'with space', '-lead', 'trail-', 'ünï', 'admin', 'api', 'o', 'mine'];
    for (const slug of bad) {
      const response = await call('POST', '/api/organizations', owner.cookie, {
        name: 'X',
        slug,
        description: 'd',
      });
      expect(response.statusCode, slug).toBe(400);
      expect(response.json().errors[0].path, slug).toBe('slug');
    }
    const first = await createOrganization(owner, { slug: 'harbour-crew' });
    const again = await call('POST', '/api/organizations', owner.cookie, {
      name: 'Other',
      slug: first.slug,
      description: 'd',
    });
    expect(again.statusCode).toBe(409);
  });

  it('gives one of two racing creators the slug and the other a 409', async () => {
    const [one, two] = [await signUpUser(app), await signUpUser(app)];
    const body = { name: 'Race', slug: 'race-to-the-slug', description: 'd' };
    const answers = await Promise.all([
      call('POST', '/api/organizations', one.cookie, body),
      call('POST', '/api/organizations', two.cookie, body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses a website that is not http(s), empty names and other wrong types with 400', async () => {
    const owner = await signUpUser(app);
    for (const body of [
      { name: 'X', slug: nextSlug(), description: 'd', website: 'javascript:alert(1)' },
      { name: '', slug: nextSlug(), description: 'd' },
      { name: 'X', slug: nextSlug(), description: '' },
      { name: 'X\nY', slug: nextSlug(), description: 'd' },
      { name: 'X', slug: 42, description: 'd' },
    ])
      expect((await call('POST', '/api/organizations', owner.cookie, body)).statusCode).toBe(400);
  });
});

describe('the public organization', () => {
  it('is read by guests by slug, with its upcoming events, follower count and no role', async () => {
    const owner = await signUpUser(app);
    const organization = await createOrganization(owner);
    const held = await createEvent(app, owner.cookie, { organizationId: organization.id, title: 'Held by the club' });
    await createEvent(app, owner.cookie, { title: 'Own event' });
    const guest = await call('GET', `/api/organizations/${organization.slug}`);
    expect(guest.statusCode).toBe(200);
    const answer = guest.json() as Organization;
    expect(answer.upcomingEvents.map((event) => event.title)).toEqual(['Held by the club']);
    expect(answer.upcomingEvents[0]!.organization).toEqual({
      id: organization.id,
      slug: organization.slug,
      name: 'River Friends',
      logoUrl: null,
    });
    expect(answer).toMatchObject({ viewerRole: null, isFollowing: false, followerCount: 0 });
    expect(held.organization?.id).toBe(organization.id);
    expect((await call('GET', '/api/organizations/no-such-club')).statusCode).toBe(404);
    // A long or odd path is a 4xx (the router's own 414 for a path segment past its limit), never a 5xx.
    expect((await call('GET', `/api/organizations/${'x'.repeat(90)}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/organizations/${'x'.repeat(300)}`)).statusCode).toBe(414);
    expect((await call('GET', '/api/organizations/%E0%A4%A')).statusCode).toBe(400);
  });

  it('counts followers truly as people follow and unfollow, each once', async () => {
    const owner = await signUpUser(app);
    const [one, two] = [await signUpUser(app), await signUpUser(app)];
    const organization = await createOrganization(owner);
    const url = `/api/organizations/${organization.id}/follow`;
    expect((await call('POST', url, one.cookie)).json()).toEqual({ followerCount: 1, isFollowing: true });
    expect((await call('POST', url, one.cookie)).json()).toEqual({ followerCount: 1, isFollowing: true });
    expect((await call('POST', url, two.cookie)).json()).toEqual({ followerCount: 2, isFollowing: true });
    expect((await call('DELETE', url, one.cookie)).json()).toEqual({ followerCount: 1, isFollowing: false });
    const read = (await call('GET', `/api/organizations/${organization.slug}`, two.cookie)).json() as Organization;
    expect(read).toMatchObject({ followerCount: 1, isFollowing: true });
    expect((await call('POST', '/api/organizations/999999/follow', one.cookie)).statusCode).toBe(404);
    expect((await call('POST', url)).statusCode).toBe(401);
  });
});

describe('members, roles and invitations', () => {
  it('mails an invitation whose link joins the signed-in person once, with its role', async () => {
    const owner = await signUpUser(app, { firstName: 'Olga' });
    const invitee = await signUpUser(app);
    const organization = await createOrganization(owner);
    const token = await inviteAndReadToken(organization, owner, invitee.user.email.toUpperCase(), 'organizer');
    const mail = mailsTo(invitee.user.email.toLowerCase()).at(-1)!;
    expect(mail.text).toContain('Olga');
    expect(mail.text).toContain('River Friends');
    const pending = await membersOf(organization, owner.cookie);
    expect(pending.invitations.map((invitation) => invitation.email)).toContain(invitee.user.email.toLowerCase());
    const accepted = await call('POST', '/api/organization-invitations/accept', invitee.cookie, { token });
    expect(accepted.statusCode).toBe(200);
    expect((accepted.json() as Organization).viewerRole).toBe('organizer');
    const again = await call('POST', '/api/organization-invitations/accept', invitee.cookie, { token });
    expect(again.statusCode).toBe(409);
    const stranger = await signUpUser(app);
    expect((await call('POST', '/api/organization-invitations/accept', stranger.cookie, { token })).statusCode).toBe(
      409,
    );
    const after = await membersOf(organization, owner.cookie);
    expect(after.members.map((member) => [member.user.id, member.role])).toEqual([
      [owner.user.id, 'owner'],
      [invitee.user.id, 'organizer'],
    ]);
    expect(after.invitations).toEqual([]);
    expect(JSON.stringify(after.members)).not.toContain('@');
    const forged = await call('POST', '/api/organization-invitations/accept', stranger.cookie, { token: 'forged' });
    expect(forged.statusCode).toBe(404);
    expect((await call('POST', '/api/organization-invitations/accept', undefined, { token })).statusCode).toBe(401);
  });

  it('counts invitations per inviter and day (§16): the 51st is refused with 429, sends no mail and stores nothing', async () => {
    const owner = await signUpVerifiedUser(app);
    const organization = await createOrganization(owner);
    const invite = (index: number) =>
      call('POST', `/api/organizations/${organization.id}/invitations`, owner.cookie, {
        email: `limit-${organization.id}-${index}@example.org`,
        role: 'member',
      });
    for (let index = 0; index < WRITE_LIMITS.organizationInvitations.limit; index += 1)
      expect((await invite(index)).statusCode).toBe(201);
    const refused = await invite(999);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await app.mailOutbox.runOnce();
    await expect
      .poll(
        () => mailsTo(`limit-${organization.id}-${WRITE_LIMITS.organizationInvitations.limit - 1}@example.org`).length,
      )
      .toBe(1);
    expect(mailsTo(`limit-${organization.id}-999@example.org`)).toEqual([]);
    const pending = await membersOf(organization, owner.cookie);
    expect(pending.invitations).toHaveLength(WRITE_LIMITS.organizationInvitations.limit);
    // Another admin of the same organization has a count of their own.
    const admin = await signUpUser(app);
    await addOrganizationMemberRow(app.database.db, organization.id, admin.user.id, 'admin');
    const byAdmin = await call('POST', `/api/organizations/${organization.id}/invitations`, admin.cookie, {
      email: `limit-${organization.id}-admin@example.org`,
      role: 'member',
    });
    expect(byAdmin.statusCode).toBe(201);
  });

  it('lets only owners and admins see members and invite, and only owners make owners', async () => {
    const { organization, owner, admin, organizer, member, stranger } = await organizationWithEveryRole();
    const invitationsUrl = `/api/organizations/${organization.id}/invitations`;
    for (const person of [organizer, member, stranger]) {
      expect((await call('GET', `/api/organizations/${organization.id}/members`, person.cookie)).statusCode).toBe(403);
      const invited = await call('POST', invitationsUrl, person.cookie, { email: 'x@example.org', role: 'member' });
      expect(invited.statusCode).toBe(403);
    }
    const ownerByAdmin = await call('POST', invitationsUrl, admin.cookie, { email: 'y@example.org', role: 'owner' });
    expect(ownerByAdmin.statusCode).toBe(403);
    const badRole = await call('POST', invitationsUrl, owner.cookie, { email: 'y@example.org', role: 'king' });
    expect(badRole.statusCode).toBe(400);
    const badEmail = await call('POST', invitationsUrl, owner.cookie, { email: 'not an address', role: 'member' });
    expect(badEmail.statusCode).toBe(400);
    expect((await call('GET', '/api/organizations/999999/members', owner.cookie)).statusCode).toBe(404);
  });

  it('changes roles, removes and lets people leave, always keeping an owner', async () => {
    const owner = await signUpUser(app);
    const [admin, member] = [await signUpUser(app), await signUpUser(app)];
    const organization = await createOrganization(owner);
    await addMember(organization, owner, admin, 'admin');
    await addMember(organization, owner, member, 'member');
    const memberUrl = (person: SignedUpUser) => `/api/organizations/${organization.id}/members/${person.user.id}`;
    // The only owner can neither step down nor leave.
    expect((await call('PATCH', memberUrl(owner), owner.cookie, { role: 'admin' })).statusCode).toBe(409);
    expect((await call('DELETE', memberUrl(owner), owner.cookie)).statusCode).toBe(409);
    // An admin cannot touch an owner nor make one.
    expect((await call('PATCH', memberUrl(owner), admin.cookie, { role: 'member' })).statusCode).toBe(403);
    expect((await call('PATCH', memberUrl(member), admin.cookie, { role: 'owner' })).statusCode).toBe(403);
    expect((await call('DELETE', memberUrl(owner), admin.cookie)).statusCode).toBe(403);
    // A member cannot change anyone.
    expect((await call('PATCH', memberUrl(admin), member.cookie, { role: 'member' })).statusCode).toBe(403);
    const promoted = await call('PATCH', memberUrl(member), admin.cookie, { role: 'organizer' });
    expect(promoted.statusCode).toBe(200);
    expect((promoted.json() as OrganizationMembers).members.find((m) => m.user.id === member.user.id)?.role).toBe(
      'organizer',
    );
    // With a second owner the first may leave.
    expect((await call('PATCH', memberUrl(admin), owner.cookie, { role: 'owner' })).statusCode).toBe(200);
    expect((await call('DELETE', memberUrl(owner), owner.cookie)).statusCode).toBe(204);
    expect((await call('DELETE', memberUrl(member), admin.cookie)).statusCode).toBe(204);
    const left = await membersOf(organization, admin.cookie);
    expect(left.members.map((entry) => [entry.user.id, entry.role])).toEqual([[admin.user.id, 'owner']]);
    expect((await call('DELETE', memberUrl(member), admin.cookie)).statusCode).toBe(404);
    expect((await call('PATCH', memberUrl(member), admin.cookie, { role: 'nobody' })).statusCode).toBe(400);
  });

  it('keeps an owner when two owners demote each other at the same time', async () => {
    const [one, two] = [await signUpUser(app), await signUpUser(app)];
    const organization = await createOrganization(one);
    await addMember(organization, one, two, 'owner');
    const url = (person: SignedUpUser) => `/api/organizations/${organization.id}/members/${person.user.id}`;
    const answers = await Promise.all([
      call('PATCH', url(two), one.cookie, { role: 'member' }),
      call('PATCH', url(one), two.cookie, { role: 'member' }),
    ]);
    const owners = (await membersOf(organization, answers[0]!.statusCode === 200 ? one.cookie : two.cookie)).members
      .filter((member) => member.role === 'owner')
      .map((member) => member.user.id);
    expect(owners).toHaveLength(1);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
  });
});

describe('an account deleted', () => {
  const deleteAccount = async (person: SignedUpUser) => {
    const response = await call('DELETE', '/api/auth/user', person.cookie, { password: person.password });
    expect(response.statusCode, response.body).toBe(204);
  };

  it('hands a sole owner’s organization to its longest-standing admin, keeps a second owner, and removes an empty one', async () => {
    const owner = await signUpUser(app);
    const [laterAdmin, earlierAdmin, member, coOwner, lonely] = [
      await signUpUser(app),
      await signUpUser(app),
      await signUpUser(app),
      await signUpUser(app),
      await signUpUser(app),
    ];
    const solelyOwned = await createOrganization(owner);
    await addMember(solelyOwned, owner, member, 'member');
    await addMember(solelyOwned, owner, earlierAdmin, 'admin');
    await addMember(solelyOwned, owner, laterAdmin, 'admin');
    const sharedOwnership = await createOrganization(owner);
    await addMember(sharedOwnership, owner, coOwner, 'owner');
    // Not by a second invitation: one unasked mail a day reaches an address (decisions §22).
    await addOrganizationMemberRow(app.database.db, sharedOwnership.id, member.user.id, 'admin');
    const empty = await createOrganization(lonely);

    await deleteAccount(owner);
    await deleteAccount(lonely);

    // The admin who joined first owns it now; nobody else's role changed, and the deleted person is gone.
    expect((await membersOf(solelyOwned, earlierAdmin.cookie)).members.map((m) => [m.user.id, m.role])).toEqual([
      [earlierAdmin.user.id, 'owner'],
      [laterAdmin.user.id, 'admin'],
      [member.user.id, 'member'],
    ]);
    expect((await membersOf(sharedOwnership, coOwner.cookie)).members.map((m) => [m.user.id, m.role])).toEqual([
      [coOwner.user.id, 'owner'],
      [member.user.id, 'admin'],
    ]);
    expect((await call('GET', `/api/organizations/${empty.slug}`, member.cookie)).statusCode).toBe(404);
  });
});

describe('events held under an organization', () => {
  it("lets its owners, admins and organizers hold events, and nobody else, nor under another's organization", async () => {
    const { organization, owner, admin, organizer, member, stranger } = await organizationWithEveryRole();
    for (const person of [owner, admin, organizer]) {
      const event = await createEvent(app, person.cookie, { organizationId: organization.id });
      expect(event.organization?.slug).toBe(organization.slug);
      expect(event.organizerId).toBe(person.user.id);
    }
    await app.database.db.delete(rateLimitCounters);
    const body = {
      title: 'Not theirs',
      description: 'd',
      location: 'Porto',
      date: daysFromNow(3).toISOString(),
      categoryId: 1,
      organizationId: organization.id,
    };
    for (const person of [member, stranger])
      expect((await call('POST', '/api/events', person.cookie, body)).statusCode).toBe(403);
    const unknown = await call('POST', '/api/events', owner.cookie, { ...body, organizationId: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('organizationId');
    expect((await call('POST', '/api/events', owner.cookie, { ...body, organizationId: 'x' })).statusCode).toBe(400);
    const own = await createEvent(app, stranger.cookie, { organizationId: null });
    expect(own.organization).toBeNull();
  });

  it("lets the organization's admins and organizers manage its events, and not its members or others", async () => {
    const owner = await signUpUser(app);
    const [creator, admin, organizer, member, stranger] = [
      await signUpUser(app),
      await signUpUser(app),
      await signUpUser(app),
      await signUpUser(app),
      await signUpUser(app),
    ];
    const organization = await createOrganization(owner);
    await addMember(organization, owner, creator, 'organizer');
    await addMember(organization, owner, admin, 'admin');
    await addMember(organization, owner, organizer, 'organizer');
    await addMember(organization, owner, member, 'member');
    const event: Event = await createEvent(app, creator.cookie, { organizationId: organization.id });
    for (const person of [member, stranger]) {
      const renamed = await call('PATCH', `/api/events/${event.id}`, person.cookie, { title: 'Taken over' });
      expect(renamed.statusCode).toBe(403);
      expect(renamed.json().code).toBe('NOT_ORGANIZER');
      expect((await call('GET', `/api/events/${event.id}/attendees`, person.cookie)).statusCode).toBe(403);
    }
    const byAdmin = await call('PATCH', `/api/events/${event.id}`, admin.cookie, { title: 'Renamed by the admin' });
    expect(byAdmin.statusCode).toBe(200);
    expect((byAdmin.json() as Event).title).toBe('Renamed by the admin');
    expect((byAdmin.json() as Event).organizerId).toBe(creator.user.id);
    expect((await call('GET', `/api/events/${event.id}/attendees`, organizer.cookie)).statusCode).toBe(200);
    const announced = await call('POST', `/api/events/${event.id}/announcements`, owner.cookie, { content: 'Hi' });
    expect(announced.statusCode).toBe(201);
    // Someone who leaves the organization loses its events with it.
    const leave = await call('DELETE', `/api/organizations/${organization.id}/members/${admin.user.id}`, admin.cookie);
    expect(leave.statusCode).toBe(204);
    expect((await call('PATCH', `/api/events/${event.id}`, admin.cookie, { title: 'Again' })).statusCode).toBe(403);
    const cancelled = await call('POST', `/api/events/${event.id}/cancel`, organizer.cookie, { reason: 'Rain' });
    expect(cancelled.statusCode).toBe(200);
  });

  it("lets an organization's admin delete its event while only the organizer holds an RSVP", async () => {
    const owner = await signUpUser(app);
    const creator = await signUpUser(app);
    const organization = await createOrganization(owner);
    await addMember(organization, owner, creator, 'organizer');
    const event = await createEvent(app, creator.cookie, { organizationId: organization.id });
    await call('POST', `/api/events/${event.id}/rsvp`, creator.cookie, { status: 'organizing' });
    expect((await call('DELETE', `/api/events/${event.id}`, owner.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/events/${event.id}`)).statusCode).toBe(404);
  });

  it('keeps a person’s own events theirs alone: an organization role gives nothing over them', async () => {
    const owner = await signUpUser(app);
    const member = await signUpUser(app);
    const organization = await createOrganization(owner);
    await addMember(organization, owner, member, 'organizer');
    const own = await createEventRow(app.database.db, { organizerId: member.user.id, date: daysFromNow(4) });
    expect((await call('PATCH', `/api/events/${own.id}`, owner.cookie, { title: 'Mine now' })).statusCode).toBe(403);
  });
});

describe('removed people’s power (decisions §22)', () => {
  it('revokes the open invitations of a removed member, and those a demoted one may no longer give', async () => {
    const owner = await signUpVerifiedUser(app);
    const [admin, secondOwner] = [await signUpVerifiedUser(app), await signUpVerifiedUser(app)];
    const [invitee, ownerInvitee, memberInvitee] = [
      await signUpUser(app),
      await signUpUser(app),
      await signUpUser(app),
    ];
    const organization = await createOrganization(owner);
    await addMember(organization, owner, admin, 'admin');
    await addMember(organization, owner, secondOwner, 'owner');
    const byAdmin = await inviteAndReadToken(organization, admin, invitee.user.email, 'admin');
    const ownerInvitation = await inviteAndReadToken(organization, secondOwner, ownerInvitee.user.email, 'owner');
    const memberInvitation = await inviteAndReadToken(organization, secondOwner, memberInvitee.user.email, 'member');
    expect((await membersOf(organization, owner.cookie)).invitations).toHaveLength(3);

    const removed = await call(
      'DELETE',
      `/api/organizations/${organization.id}/members/${admin.user.id}`,
      owner.cookie,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    const demoted = await call(
      'PATCH',
      `/api/organizations/${organization.id}/members/${secondOwner.user.id}`,
      owner.cookie,
      {
        role: 'admin',
      },
    );
    expect(demoted.statusCode, demoted.body).toBe(200);

    const accept = (person: SignedUpUser, token: string) =>
      call('POST', '/api/organization-invitations/accept', person.cookie, { token });
    const late = await accept(invitee, byAdmin);
    expect([late.statusCode, late.json().code]).toEqual([404, 'INVITATION_INVALID']);
    expect((await accept(ownerInvitee, ownerInvitation)).statusCode).toBe(404);
    // An admin still invites members: that invitation stands.
    expect((await accept(memberInvitee, memberInvitation)).statusCode).toBe(200);
    expect((await membersOf(organization, owner.cookie)).invitations).toEqual([]);
  });

  it('revokes one open invitation by DELETE, for its owners and admins only', async () => {
    const owner = await signUpVerifiedUser(app);
    const [organizer, invitee] = [await signUpUser(app), await signUpUser(app)];
    const organization = await createOrganization(owner);
    await addMember(organization, owner, organizer, 'organizer');
    const token = await inviteAndReadToken(organization, owner, invitee.user.email, 'member');
    const [invitation] = (await membersOf(organization, owner.cookie)).invitations;
    const url = `/api/organizations/${organization.id}/invitations/${invitation!.id}`;
    const byOrganizer = await call('DELETE', url, organizer.cookie);
    expect([byOrganizer.statusCode, byOrganizer.json().code]).toEqual([403, 'NOT_ORGANIZATION_ADMIN']);
    const revoked = await call('DELETE', url, owner.cookie);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((revoked.json() as OrganizationMembers).invitations).toEqual([]);
    const again = await call('DELETE', url, owner.cookie);
    expect([again.statusCode, again.json().code]).toEqual([404, 'INVITATION_NOT_FOUND']);
    const accepted = await call('POST', '/api/organization-invitations/accept', invitee.cookie, { token });
    expect([accepted.statusCode, accepted.json().code]).toEqual([404, 'INVITATION_INVALID']);
    // Another organization's invitation is not this one's to revoke.
    const other = await createOrganization(owner);
    const elsewhere = await call(
      'DELETE',
      `/api/organizations/${other.id}/invitations/${invitation!.id}`,
      owner.cookie,
    );
    expect(elsewhere.statusCode).toBe(404);
  });

  it('takes the organization’s events from an organizer who left or was demoted; its admins reassign them', async () => {
    const owner = await signUpUser(app);
    const [creator, demotedCreator, successor, member, admin] = [
      await signUpUser(app),
      await signUpUser(app),
      await signUpUser(app),
      await signUpUser(app),
      await signUpUser(app),
    ];
    const organization = await createOrganization(owner);
    for (const [person, role] of [
      [creator, 'organizer'],
      [demotedCreator, 'organizer'],
      [successor, 'organizer'],
      [member, 'member'],
      [admin, 'admin'],
    ] as const)
      await addOrganizationMemberRow(app.database.db, organization.id, person.user.id, role);
    const event = await createEvent(app, creator.cookie, { organizationId: organization.id });
    const other = await createEvent(app, demotedCreator.cookie, { organizationId: organization.id });
    expect((await call('PATCH', `/api/events/${event.id}`, creator.cookie, { title: 'Still mine' })).statusCode).toBe(
      200,
    );

    expect(
      (await call('DELETE', `/api/organizations/${organization.id}/members/${creator.user.id}`, owner.cookie))
        .statusCode,
    ).toBe(204);
    expect(
      (
        await call('PATCH', `/api/organizations/${organization.id}/members/${demotedCreator.user.id}`, owner.cookie, {
          role: 'member',
        })
      ).statusCode,
    ).toBe(200);
    for (const [person, id] of [
      [creator, event.id],
      [demotedCreator, other.id],
    ] as const) {
      // The event's answer no longer offers them its organizer tools either.
      expect(((await call('GET', `/api/events/${id}`, person.cookie)).json() as Event).canManage).toBe(false);
      const edit = await call('PATCH', `/api/events/${id}`, person.cookie, { title: 'Taken along' });
      expect([edit.statusCode, edit.json().code]).toEqual([403, 'NOT_ORGANIZER']);
      expect((await call('GET', `/api/events/${id}/attendees`, person.cookie)).statusCode).toBe(403);
    }

    const reassign = (person: SignedUpUser, eventId: number, organizerId: string) =>
      call('PATCH', `/api/organizations/${organization.id}/events/${eventId}`, person.cookie, { organizerId });
    const toMember = await reassign(admin, event.id, member.user.id);
    expect([toMember.statusCode, toMember.json().code]).toEqual([400, 'NEW_ORGANIZER_NOT_ALLOWED']);
    const toLeaver = await reassign(admin, event.id, creator.user.id);
    expect(toLeaver.json().code).toBe('NEW_ORGANIZER_NOT_ALLOWED');
    const bySuccessor = await reassign(successor, event.id, successor.user.id);
    expect([bySuccessor.statusCode, bySuccessor.json().code]).toEqual([403, 'NOT_ORGANIZATION_ADMIN']);
    const ownEvent = await createEvent(app, owner.cookie, { organizationId: null });
    const notTheirs = await reassign(admin, ownEvent.id, successor.user.id);
    expect([notTheirs.statusCode, notTheirs.json().code]).toEqual([404, 'ORGANIZATION_EVENT_NOT_FOUND']);

    const done = await reassign(admin, event.id, successor.user.id);
    expect(done.statusCode, done.body).toBe(204);
    expect(((await call('GET', `/api/events/${event.id}`, member.cookie)).json() as Event).organizerId).toBe(
      successor.user.id,
    );
    expect((await call('PATCH', `/api/events/${event.id}`, successor.cookie, { title: 'Carried on' })).statusCode).toBe(
      200,
    );
    expect((await call('PATCH', `/api/events/${event.id}`, creator.cookie, { title: 'Back' })).statusCode).toBe(403);
  });
});

describe('blocking and invitations (decisions §22)', () => {
  it('mails no invitation from a blocked person to the blocker, and answers exactly as for anyone else', async () => {
    const inviter = await signUpVerifiedUser(app);
    const [blocker, other] = [await signUpUser(app), await signUpUser(app)];
    const organization = await createOrganization(inviter);
    expect((await call('POST', `/api/users/${inviter.user.id}/block`, blocker.cookie)).statusCode).toBeLessThan(300);
    const invite = (email: string) =>
      call('POST', `/api/organizations/${organization.id}/invitations`, inviter.cookie, { email, role: 'member' });
    const toBlocker = await invite(blocker.user.email);
    const toOther = await invite(other.user.email);
    // The same status and the same shape: the inviter learns neither the block nor that the address has an account.
    expect([toBlocker.statusCode, toOther.statusCode]).toEqual([201, 201]);
    const listed = (toOther.json() as OrganizationMembers).invitations.map((invitation) => invitation.email).sort();
    expect(listed).toEqual([blocker.user.email.toLowerCase(), other.user.email.toLowerCase()].sort());
    await app.mailOutbox.runOnce();
    await expect.poll(() => mailsTo(other.user.email.toLowerCase()).length, { timeout: 5000 }).toBe(1);
    expect(mailsTo(blocker.user.email.toLowerCase())).toHaveLength(0);
  });
});
