import { z } from 'zod';
import { isoDateTimeSchema, requiredText } from './common';
import { eventOrganizationSchema, eventSchema, IMAGE_DATA_URL_PATTERN } from './events';
import { ORGANIZATION_LIMITS, SLUG_PATTERN } from './organization-limits';
import { ORGANIZATION_ABILITIES, ORGANIZATION_ROLES } from './organization-roles';
import { personNameSchema, publicUserSchema } from './users';

const organizationRoleSchema = z.enum(ORGANIZATION_ROLES, {
  error: 'Role must be owner, admin, organizer or member',
});
export type OrganizationRole = z.infer<typeof organizationRoleSchema>;

/**
 * Words a slug may not be: the app's own first path segments and names people would take for the site
 * speaking (`/o/admin` posing as the site's administration).
 */
const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'abuse',
  'account',
  'accounts',
  'admin',
  'administrator',
  'administrators',
  'api',
  'app',
  'auth',
  'calendar',
  'discover',
  'events',
  'friends',
  'groups',
  'help',
  'images',
  'journey',
  'login',
  'logout',
  'mail',
  'messages',
  'mine',
  'moderation',
  'moderator',
  'moderators',
  'new',
  'notifications',
  'o',
  'official',
  'organizations',
  'pitchin',
  'profile',
  'privacy',
  'report',
  'root',
  'safety',
  'security',
  'settings',
  'signup',
  'staff',
  'static',
  'status',
  'support',
  'system',
  'team',
  'terms',
  'trust',
  'trust-and-safety',
  'verified',
  'verify',
  'www',
]);

/**
 * Letters that read as Latin ones in the site's name (Unicode's confusables, the few that matter for
 * "pitchin"): Cyrillic, Greek and IPA lookalikes, and digits and signs read as letters. A small table on
 * purpose: it guards one word, not every name.
 */
const LOOKALIKES: Record<string, string> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  һ: 'h',
  ԁ: 'd',
  т: 't',
  н: 'h',
  к: 'k',
  м: 'm',
  п: 'n',
  ո: 'n',
  ց: 'g',
  α: 'a',
  ο: 'o',
  ρ: 'p',
  ι: 'i',
  τ: 't',
  ν: 'v',
  κ: 'k',
  χ: 'x',
  η: 'n',
  ϲ: 'c',
  ı: 'i',
  ɪ: 'i',
  ɩ: 'i',
  ʜ: 'h',
  ɴ: 'n',
  ᴄ: 'c',
  ᴛ: 't',
  ᴘ: 'p',
  '1': 'i',
  l: 'i',
  '|': 'i',
  '!': 'i',
  '0': 'o',
  '¡': 'i',
};

/** A text as it reads: fullwidth and styled letters made plain (NFKC), lower case, marks dropped, lookalikes folded. */
function foldLookalikes(text: string): string {
  return [...text.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').toLowerCase()]
    .map((character) => LOOKALIKES[character] ?? character)
    .join('');
}

const SITE_NAME = 'pitchin';
const SITE_VOICES = [
  'official',
  'team',
  'staff',
  'support',
  'help',
  'admin',
  'safety',
  'trust',
  'security',
  'moderation',
];

/**
 * Whether a name or slug reads as the site's own (decisions §22): a word of it that folds to contain
 * "pitchin" ("PitchIn", "Р1tсhΙn", "pitch-in"), or all of it, gaps and invisible characters left out, that
 * folds to "pitchin" alone or followed by a word of the site's voice ("Pitch In Official"). "Pitch in
 * Porto" stays a plain phrase.
 */
export function readsAsSiteName(text: string): boolean {
  const words = text
    .replace(/[\p{Default_Ignorable_Code_Point}\u2800]/gu, '')
    .split(/[\s\p{Z}]+/u)
    .map((word) => foldLookalikes(word).replace(/[^\p{L}\p{N}]/gu, ''));
  if (words.some((word) => word.includes(SITE_NAME))) return true;
  const whole = words.join('');
  return whole === SITE_NAME || SITE_VOICES.some((voice) => whole === SITE_NAME + foldLookalikes(voice));
}

const SLUG_RULE = `Slug must be ${ORGANIZATION_LIMITS.slugMin}–${ORGANIZATION_LIMITS.slugMax} lowercase letters, digits and hyphens`;

const slugSchema = z
  .string({ error: 'Slug is required' })
  .trim()
  .min(1, 'Slug is required')
  .min(ORGANIZATION_LIMITS.slugMin, SLUG_RULE)
  .max(ORGANIZATION_LIMITS.slugMax, SLUG_RULE)
  .regex(SLUG_PATTERN, SLUG_RULE)
  .refine((value) => !RESERVED_SLUGS.has(value) && !readsAsSiteName(value), 'This address is reserved: choose another');

/** An organization's own web address: https or http only, so a `javascript:` link never reaches a page. */
const websiteSchema = z
  .string({ error: 'Website must be text' })
  .trim()
  .max(ORGANIZATION_LIMITS.websiteMax, `Website must be at most ${ORGANIZATION_LIMITS.websiteMax} characters`)
  .refine((value) => {
    if (value === '') return true;
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, 'Website must be an http or https address');

export const createOrganizationBodySchema = z.object({
  // Decisions §22: the person-name character rules (no control, invisible or text-direction characters, a
  // visible letter or digit), and nothing that reads as the site's own name.
  name: personNameSchema('Name').refine(
    (value) => !readsAsSiteName(value),
    'This name is reserved for PitchIn itself: choose another',
  ),
  slug: slugSchema,
  description: requiredText('Description', ORGANIZATION_LIMITS.descriptionMax),
  website: websiteSchema
    .nullable()
    .optional()
    .transform((value) => value || null),
});

export const slugParamsSchema = z.object({ slug: z.string().max(200, 'Organization not found') });

const organizationSummarySchema = eventOrganizationSchema;

export const organizationSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  website: z.string().nullable(),
  logoUrl: z.string().nullable(),
  followerCount: z.number().int(),
  upcomingEvents: z.array(eventSchema),
  /** The caller's role, or null (guests, people outside it). */
  viewerRole: organizationRoleSchema.nullable(),
  /** What the caller may do in it (abilitiesOf their role): the web shows its controls by these alone. */
  viewerAbilities: z.array(z.enum(ORGANIZATION_ABILITIES)),
  isFollowing: z.boolean(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** GET /api/organizations/mine: where the caller belongs, with their role (the create form's "Organize as"). */
const myOrganizationSchema = organizationSummarySchema.extend({ role: organizationRoleSchema });
export const myOrganizationsSchema = z.array(myOrganizationSchema);
export type MyOrganization = z.infer<typeof myOrganizationSchema>;

const organizationMemberSchema = z.object({
  user: publicUserSchema,
  role: organizationRoleSchema,
  createdAt: isoDateTimeSchema,
});

const organizationInvitationSchema = z.object({
  id: z.number().int(),
  /** Shown to the admins who manage members only. */
  email: z.string(),
  role: organizationRoleSchema,
  createdAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
});

export const organizationMembersSchema = z.object({
  members: z.array(organizationMemberSchema),
  invitations: z.array(organizationInvitationSchema),
});
export type OrganizationMembers = z.infer<typeof organizationMembersSchema>;

export const createInvitationBodySchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Enter a valid email address')),
  role: organizationRoleSchema,
});

export const acceptInvitationBodySchema = z.object({
  token: z
    .string({ error: 'Invitation is required' })
    .min(1, 'Invitation is required')
    .max(200, 'Invitation not found'),
});

const rowIdSchema = z.coerce
  .number({ error: 'Id must be a number' })
  .int('Id must be a whole number')
  .min(1, 'Id must be at least 1')
  .max(2_147_483_647, 'Id is too large');

export const memberParamsSchema = z.object({
  id: rowIdSchema,
  userId: z.string().min(1).max(100, 'Member not found'),
});

/** DELETE /api/organizations/{id}/invitations/{invitationId}: revokes an open invitation (decisions §22). */
export const invitationParamsSchema = z.object({ id: rowIdSchema, invitationId: rowIdSchema });

/** PATCH /api/organizations/{id}/events/{eventId} {organizerId}: gives the event to another of its organizers. */
export const organizationEventParamsSchema = z.object({ id: rowIdSchema, eventId: rowIdSchema });
export const reassignEventBodySchema = z.object({
  organizerId: z
    .string({ error: 'Organizer is required' })
    .min(1, 'Organizer is required')
    .max(100, 'Member not found'),
});

export const changeRoleBodySchema = z.object({ role: organizationRoleSchema });

export const followResponseSchema = z.object({ followerCount: z.number().int(), isFollowing: z.boolean() });

/** PUT /api/organizations/{id}/logo: one image as a data URL; the server re-encodes it (any of the photo types). */
export const organizationLogoBodySchema = z.object({
  image: z
    .string({ error: 'Logo must be a data URL' })
    .regex(IMAGE_DATA_URL_PATTERN, 'Logo must be a PNG, JPEG, WebP or GIF image'),
});

export const logoParamsSchema = z.object({ logoId: z.string().min(1).max(100, 'Logo not found') });

/**
 * GET /api/organizations?list=mine|discover&search=: the Groups screen (decisions §21). `mine` is every
 * organization the caller belongs to or follows; `discover` the others, most followed first.
 */
export const organizationListQuerySchema = z.object({
  list: z.enum(['mine', 'discover'], { error: 'List must be mine or discover' }).default('mine'),
  search: z
    .string()
    .trim()
    .max(ORGANIZATION_LIMITS.searchMax, `Search must be at most ${ORGANIZATION_LIMITS.searchMax} characters`)
    .optional(),
});

const organizationCardSchema = organizationSummarySchema.extend({
  description: z.string(),
  role: organizationRoleSchema.nullable(),
  isFollowing: z.boolean(),
  memberCount: z.number().int(),
  followerCount: z.number().int(),
  upcomingEventCount: z.number().int(),
});
export const organizationCardsSchema = z.array(organizationCardSchema);
export type OrganizationCard = z.infer<typeof organizationCardSchema>;

/** A calendar date, `2026-11-27`, read on the caller's clock (the pitchin_time_zone cookie). */
const calendarDateSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      `${label} must be a real date`,
    );

/**
 * GET /api/organizations/{id}/hours?from&to (owners and admins, decisions §20): every verified hour given at
 * its events held from `from` to `to`, both days included, on the caller's clock. CSV by `format=csv` or
 * an Accept header naming text/csv.
 */
export const hoursReportQuerySchema = z
  .object({
    from: calendarDateSchema('Start date'),
    to: calendarDateSchema('End date'),
    format: z.enum(['json', 'csv'], { error: 'Format must be json or csv' }).optional(),
  })
  .refine((query) => query.from <= query.to, {
    path: ['to'],
    message: 'The end date must not be before the start date',
  });

const hoursReportEntrySchema = z.object({
  eventId: z.number().int(),
  title: z.string(),
  date: isoDateTimeSchema,
  user: publicUserSchema,
  hours: z.number(),
});

export const hoursReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The zone `from` and `to` were read in, and the CSV's times are written in. */
  timeZone: z.string(),
  totalHours: z.number(),
  /** Each person's hours at its events in the range, most first. */
  people: z.array(z.object({ user: publicUserSchema, hours: z.number(), eventCount: z.number().int() })),
  /** One row per person and event, by date. */
  entries: z.array(hoursReportEntrySchema),
});
export type HoursReport = z.infer<typeof hoursReportSchema>;
