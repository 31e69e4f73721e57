import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { EMAIL_VERIFICATION_STATES } from './email-verification';

export const userSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  /** Whether the owner of `email` opened a verification link; only then may they write to addresses with no account. */
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const emailVerificationQuerySchema = z.object({ token: z.string().max(200).optional() }).loose();

/** Another person as others may see them: never their e-mail. */
export const publicUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

const PERSON_NAME_MAX_LENGTH = 100;

/**
 * Control characters (Unicode Cc), zero-width characters, bidi controls and the line and paragraph
 * separators. A name is shown beside other people's words (messages, attendee lists); a right-to-left
 * override in it would turn the text after it around ("Bob\u202Egnp.exe"), a zero-width name would look
 * blank, and a line break would start a line of its own in a calendar file or a CSV row.
 */
const FORBIDDEN_NAME_CHARACTERS = /[\p{Cc}\u200B-\u200F\u2060\uFEFF\u202A-\u202E\u2066-\u2069\u061C\u2028\u2029]/u;

/**
 * What draws nothing or only blank space: every default-ignorable code point (soft hyphen, combining
 * grapheme joiner, Mongolian vowel separator, invisible operators, tags, and the Hangul fillers, which are
 * letters by category) and the Braille blank. A name must keep a letter or a digit once these are gone.
 */
const INVISIBLE_CHARACTERS = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Whether a name shows something: a letter or a digit of any script, once invisible characters are left out. */
export function hasVisibleLetterOrDigit(value: string): boolean {
  return LETTER_OR_DIGIT.test(value.replace(INVISIBLE_CHARACTERS, ''));
}

/**
 * First and last names: NFC, trimmed, 1–100 characters (code points), none of the characters above, and
 * at least one visible letter or digit.
 */
export function personNameSchema(label: string) {
  return z
    .string({ error: `${label} is required` })
    .normalize('NFC')
    .trim()
    .min(1, `${label} is required`)
    .refine(
      (value) => [...value].length <= PERSON_NAME_MAX_LENGTH,
      `${label} must be at most ${PERSON_NAME_MAX_LENGTH} characters`,
    )
    .refine(
      (value) => !FORBIDDEN_NAME_CHARACTERS.test(value),
      `${label} must not contain control, invisible or text-direction characters`,
    )
    .refine(hasVisibleLetterOrDigit, `${label} must contain a letter or a digit`);
}

export const signUpBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signInBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const userSearchQuerySchema = z.object({
  search: z.string().max(100, 'Search must be at most 100 characters').optional(),
});

export const loginQuerySchema = z.object({
  returnTo: z.string().max(2000).optional(),
  // `forgot`: the reset request form; `reset`: the page a reset mail links to (the token is in the fragment).
  mode: z.enum(['signin', 'signup', 'forgot', 'reset']).optional(),
  // A verification link opened in a browser that is not signed in lands here, and the page says how it went.
  emailVerification: z.enum(EMAIL_VERIFICATION_STATES).optional(),
});

/** The security log, as the signed-in user sees their own (recent sign-ins). */
const SECURITY_EVENT_KINDS = [
  'sign-up',
  'sign-in',
  'sign-in-failed',
  'sign-in-locked',
  'sign-out',
  'password-changed',
  'password-reset',
  'sessions-revoked',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

const securityEventSchema = z.object({
  kind: z.enum(SECURITY_EVENT_KINDS),
  createdAt: isoDateTimeSchema,
  clientAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;
export const securityEventListSchema = z.array(securityEventSchema);
