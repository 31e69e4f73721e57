/** On Home, the greeting uses the first name; accounts without one (OIDC) get the fallback. */
export function greetingName(user: { firstName: string | null } | null, fallback: string): string {
  return user?.firstName?.trim() || fallback;
}

/** How long after sign-up Home greets the user as new ('Welcome') rather than returning ('Welcome back'). */
export const NEW_ACCOUNT_WINDOW_MS = 60 * 60 * 1000;

/** Someone who has just signed up has never been here; welcoming them "back" is untrue. */
export function isNewAccount(user: { createdAt: string } | null, now: number): boolean {
  if (!user) return false;
  const created = Date.parse(user.createdAt);
  return Number.isFinite(created) && now - created < NEW_ACCOUNT_WINDOW_MS;
}
