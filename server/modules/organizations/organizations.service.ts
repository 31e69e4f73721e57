import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  type createOrganizationBodySchema,
  type MyOrganization,
  type OrganizationMembers,
  type OrganizationRole,
} from '../../../contract/organizations';
import { ORGANIZATION_LIMITS } from '../../../contract/organization-limits';
import type { Database, Executor } from '../../db/client';
import { normalizeEmail } from '../../lib/email-address';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { inspectPhotos, readPhotoUploads, reencodeLogo } from '../../lib/photo-uploads';
import { assertWithinWriteLimit, consumeWriteLimit, WRITE_LIMITS } from '../limits/limits.service';
import {
  organizationInvitationToken,
  queueOrganizationEventMails,
  queueOrganizationInvitationMail,
} from '../mail/mail-queue.service';
import { createNotifications } from '../notifications/notifications.service';
import * as repository from './organizations.repository';

/**
 * Before an account is erased (account.service): the person leaves every organization. One they alone
 * owned passes to whoever has belonged longest in the highest role (admins, then organizers, then
 * members), so no organization is ever left without an owner (decisions §20); one with nobody else in it
 * goes, its events staying under their (now nameless) organizer.
 */
export async function leaveEveryOrganization(tx: Executor, userId: string): Promise<void> {
  for (const { id } of await repository.listOrganizationsOf(tx, userId)) {
    await repository.lockOrganization(tx, id);
    const role = await repository.findMemberRole(tx, id, userId);
    await repository.deleteMember(tx, id, userId);
    if (role !== 'owner' || (await repository.countOwners(tx, id)) > 0) continue;
    const [successor] = await repository.listMembers(tx, id);
    if (successor) await repository.upsertMember(tx, id, successor.id, 'owner');
    else await repository.deleteOrganization(tx, id);
  }
}

export type CreateOrganizationInput = z.output<typeof createOrganizationBodySchema>;

const ORGANIZATION_NOT_FOUND = 'Organization not found';
const SLUG_TAKEN = 'This address is taken: choose another';
const ONLY_ADMINS = 'Only its owners and admins can manage members';
const ONLY_OWNERS_GRANT_OWNER = 'Only an owner can make someone an owner or change an owner';
const LAST_OWNER = 'An organization keeps at least one owner: make someone else owner first';
const NOT_A_MEMBER = 'This person is not a member';
const INVITATION_INVALID = 'This invitation is not valid: ask for a new one';
const INVITATION_USED = 'This invitation was already used';
const LOGO_NOT_FOUND = 'Logo not found';
const ONLY_ADMINS_READ_HOURS = 'Only its owners and admins can read its hours';
const NOT_ALLOWED_TO_CREATE = 'Only its owners, admins and organizers can hold events under this organization';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The roles that hold and manage the organization's events (decisions §20). */
export function canManageOrganizationEvents(role: OrganizationRole | null): boolean {
  return role === 'owner' || role === 'admin' || role === 'organizer';
}

function canManageMembers(role: OrganizationRole | null): boolean {
  return role === 'owner' || role === 'admin';
}

/** The caller's role in an organization, or null. Read in the caller's transaction when it has one. */
export function findOrganizationRole(
  db: Executor,
  organizationId: number,
  userId: string,
): Promise<OrganizationRole | null> {
  return repository.findMemberRole(db, organizationId, userId);
}

/**
 * Refuses an event under an organization the caller may not hold events for. An organization the caller
 * cannot see answers as one that does not exist would: the create form only offers the caller's own.
 */
export async function assertCanHoldEventsFor(db: Executor, organizationId: number, userId: string): Promise<void> {
  const role = await repository.findMemberRole(db, organizationId, userId);
  if (role === null) {
    const exists = await repository.findOrganization(db, organizationId);
    if (!exists)
      throw badRequest(ORGANIZATION_NOT_FOUND, [{ path: 'organizationId', message: ORGANIZATION_NOT_FOUND }]);
  }
  if (!canManageOrganizationEvents(role)) throw forbidden(NOT_ALLOWED_TO_CREATE);
}

/**
 * Tells the organization's followers of its new event (decisions §20), in the transaction that creates
 * it: the bell's notice names the organization, and leads to the event; a mail each goes through the
 * outbox, sent unless the follower switched that kind off (§14). Not the one who created it.
 */
export async function notifyFollowersOfNewEvent(
  tx: Executor,
  event: { id: number; title: string; organizationId: number; organizerId: string },
): Promise<void> {
  const [organization, followerIds] = [
    await repository.findOrganization(tx, event.organizationId),
    await repository.listFollowerIds(tx, event.organizationId),
  ];
  if (!organization || followerIds.length === 0) return;
  await createNotifications(tx, 'organization_event', followerIds, {
    eventId: event.id,
    actorId: event.organizerId,
    data: { eventTitle: event.title, actorName: organization.name },
  });
  await queueOrganizationEventMails(tx, {
    eventId: event.id,
    actorId: event.organizerId,
    userIds: followerIds.filter((id) => id !== event.organizerId),
    organizationName: organization.name,
  });
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function personName(person: { firstName: string | null; lastName: string | null }): string | null {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || null;
}

export class OrganizationsService {
  constructor(
    private readonly db: Database,
    /** Derives invitation links (organizationInvitationToken); null where the service only reads. */
    private readonly sessionSecret: string | null,
  ) {}

  /** The creator becomes its owner in the same transaction: an organization never exists without one. */
  async create(userId: string, input: CreateOrganizationInput): Promise<repository.OrganizationRow> {
    return this.db.transaction(async (tx) => {
      const id = await repository.insertOrganization(tx, {
        slug: input.slug,
        name: input.name,
        description: input.description,
        website: input.website ?? null,
      });
      if (id === undefined) throw conflict(SLUG_TAKEN);
      await repository.upsertMember(tx, id, userId, 'owner');
      return (await repository.findOrganization(tx, id))!;
    });
  }

  async findBySlug(slug: string): Promise<repository.OrganizationRow> {
    const organization = await repository.findOrganizationBySlug(this.db, slug);
    if (!organization) throw notFound(ORGANIZATION_NOT_FOUND);
    return organization;
  }

  async viewerState(
    organizationId: number,
    viewerId: string | null,
  ): Promise<{ followerCount: number; isFollowing: boolean; viewerRole: OrganizationRole | null }> {
    const following = await repository.readFollowing(this.db, organizationId, viewerId);
    const viewerRole = viewerId === null ? null : await repository.findMemberRole(this.db, organizationId, viewerId);
    return { ...following, viewerRole };
  }

  /** The Groups screen (decisions §21): theirs and followed, or others to find. */
  listCards(userId: string, query: { list: 'mine' | 'discover'; search?: string | undefined }) {
    return repository.listOrganizationCards(this.db, userId, {
      list: query.list,
      search: query.search ?? '',
      // Someone's own list is as long as it is; Discover shows the most followed.
      limit: query.list === 'mine' ? 1000 : ORGANIZATION_LIMITS.discoverShown,
    });
  }

  async listMine(userId: string): Promise<MyOrganization[]> {
    return repository.listOrganizationsOf(this.db, userId);
  }

  private async requireOrganization(db: Executor, organizationId: number, isLocking: boolean) {
    const organization = isLocking
      ? await repository.lockOrganization(db, organizationId)
      : await repository.findOrganization(db, organizationId);
    if (!organization) throw notFound(ORGANIZATION_NOT_FOUND);
    return organization;
  }

  /** The hours report is its owners' and admins' (decisions §20): 404 for no such organization, else 403. */
  async assertCanReadHours(userId: string, organizationId: number): Promise<void> {
    await this.requireOrganization(this.db, organizationId, false);
    if (!canManageMembers(await repository.findMemberRole(this.db, organizationId, userId)))
      throw forbidden(ONLY_ADMINS_READ_HOURS);
  }

  /** Members with roles and the invitations still open: for its owners and admins only. */
  async members(userId: string, organizationId: number): Promise<OrganizationMembers> {
    await this.requireOrganization(this.db, organizationId, false);
    if (!canManageMembers(await repository.findMemberRole(this.db, organizationId, userId)))
      throw forbidden(ONLY_ADMINS);
    const [members, invitations] = [
      await repository.listMembers(this.db, organizationId),
      await repository.listPendingInvitations(this.db, organizationId),
    ];
    return {
      members: members.map((row) => ({
        user: { id: row.id, firstName: row.firstName, lastName: row.lastName, profileImageUrl: row.profileImageUrl },
        role: row.role,
        createdAt: toIso(row.createdAt),
      })),
      invitations: invitations.map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role,
        createdAt: toIso(row.createdAt),
        expiresAt: toIso(row.expiresAt),
      })),
    };
  }

  /**
   * Mails a single-use link (only its hash is stored) that joins whoever opens it signed in, whatever
   * their own address: people sign up with another address than the one a friend knows. The mail is a
   * row of the outbox in the invitation's own transaction, so it is sent once, and retried, even when
   * this process stops right after the answer.
   */
  async invite(
    user: { id: string; firstName: string | null; lastName: string | null },
    organizationId: number,
    input: { email: string; role: OrganizationRole },
  ): Promise<void> {
    if (this.sessionSecret === null) throw new Error('OrganizationsService without a secret cannot invite');
    const email = normalizeEmail(input.email);
    const nonce = randomBytes(32).toString('base64url');
    const token = organizationInvitationToken(this.sessionSecret, nonce);
    await this.db.transaction(async (tx) => {
      const organization = await this.requireOrganization(tx, organizationId, true);
      const role = await repository.findMemberRole(tx, organizationId, user.id);
      if (!canManageMembers(role)) throw forbidden(ONLY_ADMINS);
      if (input.role === 'owner' && role !== 'owner') throw forbidden(ONLY_OWNERS_GRANT_OWNER);
      await consumeWriteLimit(tx, WRITE_LIMITS.organizationInvitations, user.id);
      const invitationId = await repository.insertInvitation(tx, {
        organizationId,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: user.id,
        expiresAt: new Date(Date.now() + ORGANIZATION_LIMITS.invitationValidDays * DAY_MS),
      });
      // decisions §22: the outbox sends it under the unasked-mail policy (unasked-mail.service.ts).
      await queueOrganizationInvitationMail(tx, {
        invitationId,
        to: email,
        inviterId: user.id,
        nonce,
        language:
          (await repository.findMailLanguageOfAddress(tx, email)) ??
          (await repository.findMailLanguageOfUser(tx, user.id)),
        inviterName: personName(user),
        organizationName: organization.name,
        role: input.role,
        validDays: ORGANIZATION_LIMITS.invitationValidDays,
      });
    });
  }

  /** Joins the signed-in person with the invitation's role; someone already in keeps the higher role. */
  async acceptInvitation(userId: string, token: string): Promise<repository.OrganizationRow> {
    return this.db.transaction(async (tx) => {
      const invitation = await repository.lockInvitationByTokenHash(tx, hashToken(token));
      if (!invitation || invitation.isExpired) throw notFound(INVITATION_INVALID);
      if (invitation.acceptedAt !== null) throw conflict(INVITATION_USED);
      const organization = await this.requireOrganization(tx, invitation.organizationId, true);
      const current = await repository.findMemberRole(tx, invitation.organizationId, userId);
      if (current === null || rank(invitation.role) < rank(current))
        await repository.upsertMember(tx, invitation.organizationId, userId, invitation.role);
      await repository.markInvitationAccepted(tx, invitation.id, userId);
      return organization;
    });
  }

  /**
   * Owners change anyone's role; admins change the roles of organizers and members, up to admin. The
   * organization's row is locked first, so the count of owners cannot change under the check.
   */
  async changeRole(userId: string, organizationId: number, memberId: string, role: OrganizationRole): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.requireOrganization(tx, organizationId, true);
      const callerRole = await repository.findMemberRole(tx, organizationId, userId);
      if (!canManageMembers(callerRole)) throw forbidden(ONLY_ADMINS);
      const current = await repository.findMemberRole(tx, organizationId, memberId);
      if (current === null) throw notFound(NOT_A_MEMBER);
      if ((role === 'owner' || current === 'owner') && callerRole !== 'owner') throw forbidden(ONLY_OWNERS_GRANT_OWNER);
      if (current === 'owner' && role !== 'owner' && (await repository.countOwners(tx, organizationId)) <= 1)
        throw conflict(LAST_OWNER);
      await repository.upsertMember(tx, organizationId, memberId, role);
    });
  }

  /** Removing oneself is leaving; removing another takes an admin, and an owner takes an owner. */
  async removeMember(userId: string, organizationId: number, memberId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.requireOrganization(tx, organizationId, true);
      const current = await repository.findMemberRole(tx, organizationId, memberId);
      if (memberId !== userId) {
        const callerRole = await repository.findMemberRole(tx, organizationId, userId);
        if (!canManageMembers(callerRole)) throw forbidden(ONLY_ADMINS);
        if (current === 'owner' && callerRole !== 'owner') throw forbidden(ONLY_OWNERS_GRANT_OWNER);
      }
      if (current === null) throw notFound(NOT_A_MEMBER);
      if (current === 'owner' && (await repository.countOwners(tx, organizationId)) <= 1) throw conflict(LAST_OWNER);
      await repository.deleteMember(tx, organizationId, memberId);
    });
  }

  /**
   * A new logo (owners and admins): the free checks first, then the decode (outside the transaction it
   * would hold up), then the write, where the role is asked again under the organization's lock. The
   * upload counts against the uploader's daily photo bytes (decisions §16).
   */
  async setLogo(userId: string, organizationId: number, dataUrl: string): Promise<repository.OrganizationRow> {
    await this.requireOrganization(this.db, organizationId, false);
    if (!canManageMembers(await repository.findMemberRole(this.db, organizationId, userId)))
      throw forbidden(ONLY_ADMINS);
    const [upload] = readPhotoUploads([dataUrl], () => 'image');
    await assertWithinWriteLimit(this.db, WRITE_LIMITS.photoBytes, userId, upload!.length);
    await inspectPhotos([upload!], () => 'image');
    const logo = await reencodeLogo(upload!, ORGANIZATION_LIMITS.logoPixels, () => 'image');
    return this.db.transaction(async (tx) => {
      await this.requireOrganization(tx, organizationId, true);
      if (!canManageMembers(await repository.findMemberRole(tx, organizationId, userId))) throw forbidden(ONLY_ADMINS);
      await consumeWriteLimit(tx, WRITE_LIMITS.photoBytes, userId, upload!.length);
      await repository.replaceLogo(tx, organizationId, logo, `/api/organization-logos/${logo.id}`);
      return (await repository.findOrganization(tx, organizationId))!;
    });
  }

  async removeLogo(userId: string, organizationId: number): Promise<repository.OrganizationRow> {
    return this.db.transaction(async (tx) => {
      await this.requireOrganization(tx, organizationId, true);
      if (!canManageMembers(await repository.findMemberRole(tx, organizationId, userId))) throw forbidden(ONLY_ADMINS);
      await repository.replaceLogo(tx, organizationId, null, null);
      return (await repository.findOrganization(tx, organizationId))!;
    });
  }

  async findLogo(logoId: string) {
    const logo = await repository.findLogo(this.db, logoId);
    if (!logo) throw notFound(LOGO_NOT_FOUND);
    return logo;
  }

  async follow(userId: string, organizationId: number, isFollowing: boolean) {
    await this.requireOrganization(this.db, organizationId, false);
    if (isFollowing) await repository.insertFollow(this.db, organizationId, userId);
    else await repository.deleteFollow(this.db, organizationId, userId);
    return repository.readFollowing(this.db, organizationId, userId);
  }
}

/** 0 is the highest role. */
function rank(role: OrganizationRole): number {
  return ['owner', 'admin', 'organizer', 'member'].indexOf(role);
}
