import { z } from 'zod';
import { isoDateTimeSchema } from './common';

export const userSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type User = z.infer<typeof userSchema>;

/** Another person as others may see them: never their e-mail (decisions §6). */
export const publicUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

export const signUpBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100, 'First name must be at most 100 characters'),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100, 'Last name must be at most 100 characters'),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signInBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const userSearchQuerySchema = z.object({
  search: z.string().max(100, 'Search must be at most 100 characters').optional(),
});

export const loginQuerySchema = z.object({
  returnTo: z.string().max(2000).optional(),
  mode: z.enum(['signin', 'signup']).optional(),
});
