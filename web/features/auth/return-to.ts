/**
 * Where to go after signing in. Only a same-origin path is honoured ("/events/3?x=1"); anything that
 * could leave the site ("//evil.example", "/\\evil.example", "https://…") or loop back to the sign-in
 * page itself falls back to "/". Guards against open redirects via a crafted ?returnTo=.
 */
export function safeReturnTo(raw: string | null | undefined, origin: string): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  try {
    const url = new URL(raw, origin);
    if (url.origin !== origin) return '/';
    if (url.pathname === '/api/login' || url.pathname === '/api/logout') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
