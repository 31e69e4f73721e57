import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { IMAGE_DATA_URL_PATTERN } from './events';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, personNameSchema } from './users';

/** The account screen's calls. Names follow the one name rule of personNameSchema. */

/** A profile photo's largest upload, before it is re-encoded (as an event photo's). */
export const PROFILE_IMAGE_BYTES_MAX = 5 * 1024 * 1024;
const PROFILE_IMAGE_DATA_URL_MAX = Math.ceil((PROFILE_IMAGE_BYTES_MAX * 4) / 3) + 64;

const newPasswordSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(PASSWORD_MIN_LENGTH, `${label} must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `${label} must be at most ${PASSWORD_MAX_LENGTH} characters`);

const currentPasswordSchema = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(PASSWORD_MAX_LENGTH, `Current password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** `profileImage`: a PNG, JPEG, WebP or GIF data URL, or null to remove the photo. */
export const updateUserBodySchema = z
  .object({
    firstName: personNameSchema('First name').optional(),
    lastName: personNameSchema('Last name').optional(),
    profileImage: z
      .string({ error: 'Photo must be an image' })
      .max(PROFILE_IMAGE_DATA_URL_MAX, 'Photo must be at most 5 MB')
      .regex(IMAGE_DATA_URL_PATTERN, 'Photo must be a PNG, JPEG, WebP or GIF image')
      .nullable()
      .optional(),
  })
  .strict();
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema('New password'),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const passwordResetRequestBodySchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Enter a valid email address')),
});
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBodySchema>;

/** The token of a reset link: `<id>.<secret>`, both base64url. */
const resetTokenSchema = z
  .string({ error: 'Reset link is required' })
  .min(1, 'Reset link is required')
  .max(200, 'This password reset link is not valid');

export const passwordResetConfirmBodySchema = z.object({
  token: resetTokenSchema,
  password: newPasswordSchema('Password'),
});

export const passwordResetCheckBodySchema = z.object({ token: resetTokenSchema });

/** What the reset page says before anyone types a password: a used or expired link says so plainly. */
const PASSWORD_RESET_LINK_STATES = ['valid', 'used', 'expired', 'invalid'] as const;
export type PasswordResetLinkState = (typeof PASSWORD_RESET_LINK_STATES)[number];
export const passwordResetCheckSchema = z.object({ state: z.enum(PASSWORD_RESET_LINK_STATES) });

export const deleteAccountBodySchema = z.object({
  password: currentPasswordSchema.describe('The account password, to confirm'),
});

/** The signed-in sessions the account screen lists; `isCurrent` marks the session that asks. */
const accountSessionSchema = z.object({
  device: z.string().nullable().describe('The browser that signed in (its User-Agent), when it said'),
  createdAt: isoDateTimeSchema,
  lastUsedAt: isoDateTimeSchema,
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.array(accountSessionSchema);

/** The path of the page a reset mail links to; the token rides in the fragment, which no server or Referer sees. */
export const PASSWORD_RESET_PAGE_PATH = '/api/login?mode=reset';
