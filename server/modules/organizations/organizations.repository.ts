import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { OrganizationRole } from '../../../contract/organizations';
import { ORGANIZATION_ROLES } from '../../../contract/organization-roles';
import type { Executor } from '../../db/client';
import {
  events,
  mailPreferences,
  organizationFollows,
  organizationInvitations,
  organizationLogos,
  organizationMembers,
  organizations,
  userBlocks,
  users,
} from '../../db/schema';

export type OrganizationRow = typeof organizations.$inferSelect;

/** Undefined when the slug is taken: the unique index decides, so two racing creators get one row. */
export async function insertOrganization(
  db: Executor,
  values: { slug: string; name: string; description: string; website: string | null },
): Promise<number | undefined> {
  const [row] = await db
    .insert(organizations)
    .values(values)
    .onConflictDoNothing({ target: organizations.slug })
    .returning({ id: organizations.id });
  return row?.id;
}

export async function findOrganizationBySlug(db: Executor, slug: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.slug, slug));
  return row;
}

export async function findOrganization(db: Executor, id: number): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

/**
 * Locks the organization's row: every change of its members takes this lock first, so two owners
 * demoting each other at once run one after the other and the second sees that it would leave none.
 */
export async function lockOrganization(tx: Executor, id: number): Promise<OrganizationRow | undefined> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update');
  return row;
}

export async function findMemberRole(
  db: Executor,
  organizationId: number,
  userId: string,
): Promise<OrganizationRole | null> {
  const [row] = await db
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)));
  return row?.role ?? null;
}

/** Adds or, for someone already in, changes the role. */
export async function upsertMember(
  db: Executor,
  organizationId: number,
  userId: string,
  role: OrganizationRole,
): Promise<void> {
  await db
    .insert(organizationMembers)
    .values({ organizationId, userId, role })
    .onConflictDoUpdate({
      target: [organizationMembers.organizationId, organizationMembers.userId],
      set: { role },
    });
}

export async function deleteMember(db: Executor, organizationId: number, userId: string): Promise<void> {
  await db
    .delete(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)));
}

export async function deleteOrganization(db: Executor, organizationId: number): Promise<void> {
  await db.delete(organizations).where(eq(organizations.id, organizationId));
}

export async function countOwners(db: Executor, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.role, 'owner')));
  return Number(row?.count ?? 0);
}

/** Owners first, then admins, organizers and members, each in the order they joined. */
export function listMembers(db: Executor, organizationId: number) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      role: organizationMembers.role,
      createdAt: organizationMembers.createdAt,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(
      // The rank of contract/organizations.ts (rankOfRole).
      sql`array_position(ARRAY[${sql.join(
        ORGANIZATION_ROLES.map((role) => sql`${role}`),
        sql`, `,
      )}]::text[], ${organizationMembers.role})`,
      asc(organizationMembers.createdAt),
      asc(users.id),
    );
}

export function listOrganizationsOf(db: Executor, userId: string) {
  return db
    .select({
      id: organizations.id,
      slug: organizations.slug,
      name: organizations.name,
      logoUrl: organizations.logoUrl,
      role: organizationMembers.role,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizations.name), asc(organizations.id));
}

export async function insertInvitation(
  db: Executor,
  values: {
    organizationId: number;
    email: string;
    role: OrganizationRole;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
): Promise<number> {
  const [row] = await db.insert(organizationInvitations).values(values).returning({ id: organizationInvitations.id });
  return row!.id;
}

/** Invitations not yet accepted and still valid, newest first. */
export function listPendingInvitations(db: Executor, organizationId: number) {
  return db
    .select({
      id: organizationInvitations.id,
      email: organizationInvitations.email,
      role: organizationInvitations.role,
      createdAt: organizationInvitations.createdAt,
      expiresAt: organizationInvitations.expiresAt,
    })
    .from(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.organizationId, organizationId),
        isNull(organizationInvitations.acceptedAt),
        gt(organizationInvitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(organizationInvitations.createdAt), desc(organizationInvitations.id));
}

/** The invitation of a token's hash, locked: a link opened twice at once is used once. */
export async function lockInvitationByTokenHash(tx: Executor, tokenHash: string) {
  const [row] = await tx
    .select({
      id: organizationInvitations.id,
      organizationId: organizationInvitations.organizationId,
      role: organizationInvitations.role,
      acceptedAt: organizationInvitations.acceptedAt,
      isExpired: sql<boolean>`${organizationInvitations.expiresAt} <= now()`,
    })
    .from(organizationInvitations)
    .where(eq(organizationInvitations.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markInvitationAccepted(tx: Executor, invitationId: number, userId: string): Promise<void> {
  await tx
    .update(organizationInvitations)
    .set({ acceptedAt: sql`now()`, acceptedBy: userId })
    .where(eq(organizationInvitations.id, invitationId));
}

/** The language the invited address reads its mail in, when it has an account that chose one. */
export async function findMailLanguageOfAddress(db: Executor, email: string): Promise<string | null> {
  const [row] = await db
    .select({ language: mailPreferences.language })
    .from(users)
    .innerJoin(mailPreferences, eq(mailPreferences.userId, users.id))
    .where(eq(users.email, email));
  return row?.language ?? null;
}

export async function findMailLanguageOfUser(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ language: mailPreferences.language })
    .from(mailPreferences)
    .where(eq(mailPreferences.userId, userId));
  return row?.language ?? null;
}

export async function insertFollow(db: Executor, organizationId: number, userId: string): Promise<void> {
  await db.insert(organizationFollows).values({ organizationId, userId }).onConflictDoNothing();
}

export async function deleteFollow(db: Executor, organizationId: number, userId: string): Promise<void> {
  await db
    .delete(organizationFollows)
    .where(and(eq(organizationFollows.organizationId, organizationId), eq(organizationFollows.userId, userId)));
}

export async function readFollowing(
  db: Executor,
  organizationId: number,
  viewerId: string | null,
): Promise<{ followerCount: number; isFollowing: boolean }> {
  const [row] = await db
    .select({
      followerCount: sql<number>`count(*)::int`,
      isFollowing: sql<boolean>`coalesce(bool_or(${organizationFollows.userId} = ${viewerId}), false)`,
    })
    .from(organizationFollows)
    .where(eq(organizationFollows.organizationId, organizationId));
  return { followerCount: Number(row?.followerCount ?? 0), isFollowing: row?.isFollowing === true };
}

/** Puts a new logo in place of the organization's earlier ones, and names it in `logo_url`. */
export async function replaceLogo(
  tx: Executor,
  organizationId: number,
  logo: { id: string; contentType: string; bytes: Buffer } | null,
  logoUrl: string | null,
): Promise<void> {
  await tx.delete(organizationLogos).where(eq(organizationLogos.organizationId, organizationId));
  if (logo) await tx.insert(organizationLogos).values({ ...logo, organizationId });
  await tx
    .update(organizations)
    .set({ logoUrl, updatedAt: sql`now()` })
    .where(eq(organizations.id, organizationId));
}

export async function findLogo(db: Executor, logoId: string) {
  const [row] = await db
    .select({ contentType: organizationLogos.contentType, bytes: organizationLogos.bytes })
    .from(organizationLogos)
    .where(eq(organizationLogos.id, logoId))
    .limit(1);
  return row;
}

function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The Groups screen's cards: `mine` (the viewer belongs to or follows it: theirs first, then by name) or
 * `discover` (the others, most followed first, at most `limit`), filtered by words of the name. Counts
 * are counted, not stored (decision 0029): an organization's rows are few and found by their indexes.
 */
export async function listOrganizationCards(
  db: Executor,
  viewerId: string,
  options: { list: 'mine' | 'discover'; search: string; limit: number },
) {
  const pattern = `%${escapeLikePattern(options.search.toLowerCase())}%`;
  const isMine = options.list === 'mine';
  const result = await db.execute(sql`
    SELECT o.id, o.slug, o.name, o.logo_url AS "logoUrl", o.description, m.role,
      (f.user_id IS NOT NULL) AS "isFollowing",
      (SELECT count(*)::int FROM organization_members x WHERE x.organization_id = o.id) AS "memberCount",
      (SELECT count(*)::int FROM organization_follows x WHERE x.organization_id = o.id) AS "followerCount",
      (SELECT count(*)::int FROM events e WHERE e.organization_id = o.id AND e.status = 'scheduled'
        AND e.is_test = false AND e.date > now()) AS "upcomingEventCount"
    FROM organizations o
    LEFT JOIN organization_members m ON m.organization_id = o.id AND m.user_id = ${viewerId}
    LEFT JOIN organization_follows f ON f.organization_id = o.id AND f.user_id = ${viewerId}
    WHERE ${isMine ? sql`(m.user_id IS NOT NULL OR f.user_id IS NOT NULL)` : sql`m.user_id IS NULL AND f.user_id IS NULL`}
      AND (${options.search === ''} OR lower(o.name) LIKE ${pattern})
    ORDER BY ${isMine ? sql`(m.role IS NULL), lower(o.name), o.id` : sql`"followerCount" DESC, o.id`}
    LIMIT ${options.limit}`);
  return (
    result as unknown as {
      rows: Array<{
        id: number;
        slug: string;
        name: string;
        logoUrl: string | null;
        description: string;
        role: OrganizationRole | null;
        isFollowing: boolean;
        memberCount: number;
        followerCount: number;
        upcomingEventCount: number;
      }>;
    }
  ).rows.map((row) => ({
    ...row,
    memberCount: Number(row.memberCount),
    followerCount: Number(row.followerCount),
    upcomingEventCount: Number(row.upcomingEventCount),
  }));
}

/** Who follows the organization, and its name, for the notice of a new event. */
export async function listFollowerIds(db: Executor, organizationId: number): Promise<string[]> {
  const rows = await db
    .select({ userId: organizationFollows.userId })
    .from(organizationFollows)
    .where(eq(organizationFollows.organizationId, organizationId));
  return rows.map((row) => row.userId);
}

/**
 * Revokes (expires now) the open invitations `invitedBy` sent in the organization, of the roles given
 * (decisions §22: whoever loses the power to invite loses the invitations they sent). The mail already
 * sent then leads to "not valid".
 */
export async function revokeInvitationsSentBy(
  db: Executor,
  organizationId: number,
  invitedBy: string,
  roles: readonly OrganizationRole[],
): Promise<void> {
  if (roles.length === 0) return;
  await db
    .update(organizationInvitations)
    .set({ expiresAt: sql`now()` })
    .where(
      and(
        eq(organizationInvitations.organizationId, organizationId),
        eq(organizationInvitations.invitedBy, invitedBy),
        inArray(organizationInvitations.role, [...roles]),
        isNull(organizationInvitations.acceptedAt),
        gt(organizationInvitations.expiresAt, sql`now()`),
      ),
    );
}

/** Revokes one open invitation of the organization; false when there is none open with that id. */
export async function revokeInvitation(db: Executor, organizationId: number, invitationId: number): Promise<boolean> {
  const rows = await db
    .update(organizationInvitations)
    .set({ expiresAt: sql`now()` })
    .where(
      and(
        eq(organizationInvitations.id, invitationId),
        eq(organizationInvitations.organizationId, organizationId),
        isNull(organizationInvitations.acceptedAt),
        gt(organizationInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: organizationInvitations.id });
  return rows.length > 0;
}

/** An event held under the organization, its row locked (the reassignment decides on it). */
export async function lockOrganizationEvent(
  tx: Executor,
  organizationId: number,
  eventId: number,
): Promise<{ id: number; organizerId: string } | undefined> {
  const [row] = await tx
    .select({ id: events.id, organizerId: events.organizerId })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organizationId, organizationId)))
    .for('update');
  return row;
}

export async function setEventOrganizer(tx: Executor, eventId: number, organizerId: string): Promise<void> {
  await tx.update(events).set({ organizerId }).where(eq(events.id, eventId));
}

/** Whether the account of an address has blocked the user (moderation's user_blocks). */
export async function hasAddressBlocked(db: Executor, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockerId))
    .where(and(eq(users.email, email), eq(userBlocks.blockedId, userId)))
    .limit(1);
  return row !== undefined;
}
