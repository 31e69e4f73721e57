/** Spec §2 Event card: first letter of firstName, else of the e-mail, else 'U'. */
export function organizerInitial(person: { firstName: string | null; email: string | null }): string {
  const source = person.firstName?.trim() || person.email?.trim() || 'U';
  // Array.from splits by code point, so a name starting with an emoji or a CJK supplement character
  // is not cut in half.
  return Array.from(source)[0]?.toUpperCase() ?? 'U';
}

/** Spec §2 Home: the greeting uses the first name; accounts without one (OIDC) get the fallback. */
export function greetingName(user: { firstName: string | null } | null, fallback: string): string {
  return user?.firstName?.trim() || fallback;
}
