/** E-mail addresses are stored and compared lower-cased and trimmed, by sign-up, sign-in and messages alike. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
