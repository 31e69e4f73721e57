/**
 * Where the verification link lands: the app (signed in) or the sign-in page, with `?emailVerification=`
 * and the link's state. No zod here: the signed-in chrome reads these on every page, and the schemas
 * stay out of its first load.
 */
export const EMAIL_VERIFICATION_STATES = ['verified', 'used', 'expired', 'invalid'] as const;
export type EmailVerificationState = (typeof EMAIL_VERIFICATION_STATES)[number];
export const EMAIL_VERIFICATION_QUERY_KEY = 'emailVerification';
