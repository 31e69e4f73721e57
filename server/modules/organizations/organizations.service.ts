import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type {
  createOrganizationBodySchema,
  MyOrganization,
  OrganizationMembers,
  OrganizationRole,
} from '../../../contract/organizations';
import {
  abilitiesOf,
  grantableRoles,
  isAbleTo,
  ORGANIZATION_ROLES,
  rankOfRole,
  type OrganizationAbility,
} from '../../../contract/organization-roles';
import { ORGANIZATION_LIMITS } from '../../../contract/organization-limits';
import type { Database, Executor } from '../../db/client';
import { normalizeEmail } from '../../lib/email-address';
import { refusal, refusalMessage, type RefusalCode } from '../../lib/refusals';
import { inspectPhotos, readPhotoUploads, reencodeLogo } from '../../lib/photo-uploads';
import { toIso } from '../../lib/iso-time';
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
    await repository.revokeInvitationsSentBy(tx, id, userId, ORGANIZATION_ROLES);
    if (role !== 'owner' || (await repository.countOwners(tx, id)) > 0) continue;
    const [successor] = await repository.listMembers(tx, id);
    if (successor) await repository.upsertMember(tx, id, successor.id, 'owner');
    else await repository.deleteOrganization(tx, id);
  }
}

export type CreateOrganizationInput = z.output<typeof createOrganizationBodySchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The refusal of a missing ability: what the caller lacks, by code. */
const REFUSAL_OF_ABILITY: Record<OrganizationAbility, RefusalCode> = {
  manageMembers: 'NOT_ORGANIZATION_ADMIN',
  manageOwners: 'NOT_ORGANIZATION_OWNER',
  manageEvents: 'NOT_ORGANIZATION_ORGANIZER',
  reassignEvents: 'NOT_ORGANIZATION_ADMIN',
  readHours: 'NOT_ORGANIZATION_ADMIN',
  editProfile: 'NOT_ORGANIZATION_ADMIN',
};

/** The caller's role in an organization, or null. Read in the caller's transaction when it has one. */
export function findOrganizationRole(
  db: Executor,
  organizationId: number,
  userId: string,
): Promise<OrganizationRole | null> {
  return repository.findMemberRole(db, organizationId, userId);
}

/**
 * THE access check of an organization: 404 for no such organization, else 403 with the code of
 * what the caller's role may not do (the abilities of contract/organizations.ts). `lock` takes the
 * organization's row first, so the roles cannot change under the check (every change of members locks it).
 */
async function requireRole(
  db: Executor,
  organizationId: number,
  userId: string,
  ability: OrganizationAbility | null,
  { lock = false }: { lock?: boolean } = {},
): Promise<{ organization: repository.OrganizationRow; role: OrganizationRole | null }> {
  const organization = lock
    ? await repository.lockOrganization(db, organizationId)
    : await repository.findOrganization(db, organizationId);
  if (!organization) throw refusal('ORGANIZATION_NOT_FOUND');
  const role = await repository.findMemberRole(db, organizationId, userId);
  if (ability !== null && !isAbleTo(role, ability)) throw refusal(REFUSAL_OF_ABILITY[ability]);
  return { organization, role };
}

/**
 * Refuses an event under an organization the caller may not hold events for. An unknown organization is
 * a mistake in the body's field (400 UNKNOWN_ORGANIZATION): the create form only offers the caller's own.
 */
export async function assertCanHoldEventsFor(db: Executor, organizationId: number, userId: string): Promise<void> {
  if (!(await repository.findOrganization(db, organizationId)))
    throw refusal('UNKNOWN_ORGANIZATION', [
      { path: 'organizationId', message: refusalMessage('UNKNOWN_ORGANIZATION') },
    ]);
  await requireRole(db, organizationId, userId, 'manageEvents');
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

function personName(person: { firstName: string | null; lastName: string | null }): string | null {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || null;
}

export class OrganizationsService {
  constructor(
    private readonly db: Database,
    /** Derives invitation links (organizationInvitationToken). */
    private readonly sessionSecret: string,
  ) {}

  /** The creator becomes its owner in the same transaction: an organization never exists without one. */
  async create(userId: string, input: CreateOrganizationInput): Promise<repository.OrganizationRow> {
    return this.db.transaction(async (tx) => {
      // Counted in the creating transaction: a refused slug spends nothing, and racing requests count each.
      await consumeWriteLimit(tx, WRITE_LIMITS.organizations, userId);
      const id = await repository.insertOrganization(tx, {
        slug: input.slug,
        name: input.name,
        description: input.description,
        website: input.website ?? null,
      });
      if (id === undefined) throw refusal('SLUG_TAKEN');
      await repository.upsertMember(tx, id, userId, 'owner');
      return (await repository.findOrganization(tx, id))!;
    });
  }

  async findBySlug(slug: string): Promise<repository.OrganizationRow> {
    const organization = await repository.findOrganizationBySlug(this.db, slug);
    if (!organization) throw refusal('ORGANIZATION_NOT_FOUND');
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

  /** The hours report is its owners' and admins' (decisions §20): 404 for no such organization, else 403. */
  async assertCanReadHours(userId: string, organizationId: number): Promise<void> {
    await requireRole(this.db, organizationId, userId, 'readHours');
  }

  /** Members with roles and the invitations still open: for its owners and admins only. */
  async members(userId: string, organizationId: number): Promise<OrganizationMembers> {
    await requireRole(this.db, organizationId, userId, 'manageMembers');
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
    const email = normalizeEmail(input.email);
    const nonce = randomBytes(32).toString('base64url');
    const token = organizationInvitationToken(this.sessionSecret, nonce);
    await this.db.transaction(async (tx) => {
      const { organization } = await requireRole(
        tx,
        organizationId,
        user.id,
        input.role === 'owner' ? 'manageOwners' : 'manageMembers',
        { lock: true },
      );
      await consumeWriteLimit(tx, WRITE_LIMITS.organizationInvitations, user.id);
      const invitationId = await repository.insertInvitation(tx, {
        organizationId,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: user.id,
        expiresAt: new Date(Date.now() + ORGANIZATION_LIMITS.invitationValidDays * DAY_MS),
      });
      // Decisions §22: whom the address's owner blocked cannot invite them. Answered, stored and listed as
      // any invitation, so the inviter learns neither the block nor that the address has an account; only
      // no mail goes, and the link exists nowhere else.
      if (await repository.hasAddressBlocked(tx, email, user.id)) return;
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
      if (!invitation || invitation.isExpired) throw refusal('INVITATION_INVALID');
      if (invitation.acceptedAt !== null) throw refusal('INVITATION_USED');
      const { organization, role: current } = await requireRole(tx, invitation.organizationId, userId, null, {
        lock: true,
      });
      if (current === null || rankOfRole(invitation.role) < rankOfRole(current))
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
      const caller = await requireRole(tx, organizationId, userId, 'manageMembers', { lock: true });
      const current = await repository.findMemberRole(tx, organizationId, memberId);
      if (current === null) throw refusal('NOT_A_MEMBER');
      if ((role === 'owner' || current === 'owner') && !isAbleTo(caller.role, 'manageOwners'))
        throw refusal('NOT_ORGANIZATION_OWNER');
      if (current === 'owner' && role !== 'owner' && (await repository.countOwners(tx, organizationId)) <= 1)
        throw refusal('LAST_OWNER');
      await repository.upsertMember(tx, organizationId, memberId, role);
      // Decisions §22: a demoted member's open invitations of roles they may no longer give are revoked.
      const stillGrantable = grantableRoles(abilitiesOf(role));
      await repository.revokeInvitationsSentBy(
        tx,
        organizationId,
        memberId,
        ORGANIZATION_ROLES.filter((invited) => !stillGrantable.includes(invited)),
      );
    });
  }

  /** DELETE /api/organizations/{id}/invitations/{invitationId} (decisions §22): owners and admins. */
  async revokeInvitation(userId: string, organizationId: number, invitationId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await requireRole(tx, organizationId, userId, 'manageMembers', { lock: true });
      if (!(await repository.revokeInvitation(tx, organizationId, invitationId))) throw refusal('INVITATION_NOT_FOUND');
    });
  }

  /**
   * Gives an event of the organization to another of its owners, admins or organizers (decisions §22: an
   * organization's events stay the organization's). Owners and admins may do it for any of its events,
   * not only one whose organizer left: they manage every event of it already (decisions §20).
   */
  async reassignEvent(userId: string, organizationId: number, eventId: number, organizerId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await requireRole(tx, organizationId, userId, 'reassignEvents', { lock: true });
      const event = await repository.lockOrganizationEvent(tx, organizationId, eventId);
      if (!event) throw refusal('ORGANIZATION_EVENT_NOT_FOUND');
      const newRole = await repository.findMemberRole(tx, organizationId, organizerId);
      if (!isAbleTo(newRole, 'manageEvents'))
        throw refusal('NEW_ORGANIZER_NOT_ALLOWED', [
          { path: 'organizerId', message: refusalMessage('NEW_ORGANIZER_NOT_ALLOWED') },
        ]);
      await repository.setEventOrganizer(tx, event.id, organizerId);
    });
  }

  /** Removing oneself is leaving; removing another takes an admin, and an owner takes an owner. */
  async removeMember(userId: string, organizationId: number, memberId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const isLeaving = memberId === userId;
      const caller = await requireRole(tx, organizationId, userId, isLeaving ? null : 'manageMembers', {
        lock: true,
      });
      const current = isLeaving ? caller.role : await repository.findMemberRole(tx, organizationId, memberId);
      if (!isLeaving && current === 'owner' && !isAbleTo(caller.role, 'manageOwners'))
        throw refusal('NOT_ORGANIZATION_OWNER');
      if (current === null) throw refusal('NOT_A_MEMBER');
      if (current === 'owner' && (await repository.countOwners(tx, organizationId)) <= 1) throw refusal('LAST_OWNER');
      await repository.deleteMember(tx, organizationId, memberId);
      // Decisions §22: who leaves or is removed takes back every invitation they sent.
      await repository.revokeInvitationsSentBy(tx, organizationId, memberId, ORGANIZATION_ROLES);
    });
  }

  /**
   * A new logo (owners and admins): the free checks first, then the decode (outside the transaction it
   * would hold up), then the write, where the role is asked again under the organization's lock. The
   * upload counts against the uploader's daily photo bytes (decisions §16).
   */
  async setLogo(userId: string, organizationId: number, dataUrl: string): Promise<repository.OrganizationRow> {
    await requireRole(this.db, organizationId, userId, 'editProfile');
    const [upload] = readPhotoUploads([dataUrl], () => 'image');
    await assertWithinWriteLimit(this.db, WRITE_LIMITS.photoBytes, userId, upload!.length);
    await inspectPhotos([upload!], () => 'image');
    const logo = await reencodeLogo(upload!, ORGANIZATION_LIMITS.logoPixels, () => 'image');
    return this.db.transaction(async (tx) => {
      await requireRole(tx, organizationId, userId, 'editProfile', { lock: true });
      await consumeWriteLimit(tx, WRITE_LIMITS.photoBytes, userId, upload!.length);
      await repository.replaceLogo(tx, organizationId, logo, `/api/organization-logos/${logo.id}`);
      return (await repository.findOrganization(tx, organizationId))!;
    });
  }

  async removeLogo(userId: string, organizationId: number): Promise<repository.OrganizationRow> {
    return this.db.transaction(async (tx) => {
      await requireRole(tx, organizationId, userId, 'editProfile', { lock: true });
      await repository.replaceLogo(tx, organizationId, null, null);
      return (await repository.findOrganization(tx, organizationId))!;
    });
  }

  async findLogo(logoId: string) {
    const logo = await repository.findLogo(this.db, logoId);
    if (!logo) throw refusal('LOGO_NOT_FOUND');
    return logo;
  }

  async follow(userId: string, organizationId: number, isFollowing: boolean) {
    await requireRole(this.db, organizationId, userId, null);
    if (isFollowing) await repository.insertFollow(this.db, organizationId, userId);
    else await repository.deleteFollow(this.db, organizationId, userId);
    return repository.readFollowing(this.db, organizationId, userId);
  }
}
