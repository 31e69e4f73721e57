/*
 * The organizations' roles and what each may do, apart from the zod schemas (organizations.ts) so that a
 * screen that only asks what the caller may do does not load zod with it.
 */

/** owner > admin (members and every event) > organizer (the organization's events) > member. */
export const ORGANIZATION_ROLES = ['owner', 'admin', 'organizer', 'member'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/**
 * What a role may do in its organization: THE rule. The server asks it through one
 * `requireRole` per call and sends the caller's list as `viewerAbilities`, which is all the web reads.
 */
export const ORGANIZATION_ABILITIES = [
  /** Read the members, invite, change roles below owner, remove members, revoke invitations. */
  'manageMembers',
  /** Make someone an owner, change or remove an owner, invite an owner. */
  'manageOwners',
  /** Hold events under the organization and manage them (decisions §20). */
  'manageEvents',
  /** Give an event of the organization to another of its organizers (decisions §22). */
  'reassignEvents',
  'readHours',
  /** The logo. */
  'editProfile',
] as const;
export type OrganizationAbility = (typeof ORGANIZATION_ABILITIES)[number];

const ABILITIES_OF_ROLE: Record<OrganizationRole, readonly OrganizationAbility[]> = {
  owner: ORGANIZATION_ABILITIES,
  admin: ['manageMembers', 'manageEvents', 'reassignEvents', 'readHours', 'editProfile'],
  organizer: ['manageEvents'],
  member: [],
};

export function abilitiesOf(role: OrganizationRole | null): readonly OrganizationAbility[] {
  return role === null ? [] : ABILITIES_OF_ROLE[role];
}

export function isAbleTo(role: OrganizationRole | null, ability: OrganizationAbility): boolean {
  return abilitiesOf(role).includes(ability);
}

/** 0 is the highest role: the order of ORGANIZATION_ROLES. */
export function rankOfRole(role: OrganizationRole): number {
  return ORGANIZATION_ROLES.indexOf(role);
}

/** The roles someone may give (invite with, or change a member to): owner only by who may manage owners. */
export function grantableRoles(abilities: readonly OrganizationAbility[]): OrganizationRole[] {
  if (!abilities.includes('manageMembers')) return [];
  return ORGANIZATION_ROLES.filter((role) => role !== 'owner' || abilities.includes('manageOwners'));
}
