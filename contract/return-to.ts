/**
 * Where to send someone after they sign in, from the `?returnTo=` a link carried. Both the server's
 * redirect and the sign-in page use this one function, so they cannot drift apart.
 *
 * Prefix checks on the raw text are not enough: the WHATWG URL parser (the browser's) resolves `..` and
 * `%2e%2e` segments, turns `\` into `/` and drops tabs and newlines, so `/..//evil.example`,
 * `/%2e%2e//evil.example` and `/\t/evil.example` all start with one slash and still leave the site.
 * So the value is resolved by that parser against our origin, and the path it produces must be one that
 * stays on ANY origin it is resolved against: a single `/` not followed by `/` or `\`.
 */

export const DEFAULT_RETURN_PATH = '/';

/** Going back to the sign-in page would loop; going to the sign-out address would sign the user straight out. */
const NAVIGATIONS_NOT_TO_RETURN_TO = new Set(['/api/login', '/api/logout']);

/** Control characters (C0, DEL, C1) and the line and paragraph separators: the parser drops some of them silently. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/** What a Location header and a browser's address bar take back unchanged: printable ASCII only. */
const PRINTABLE_ASCII = /^[\x21-\x7e]*$/;

/** The router decodes the path before matching it, so `/%61pi/logout` reaches `/api/logout`. */
function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * The same-origin path (path, query and fragment, normalised and percent-encoded by the URL parser) that
 * `value` names, or `DEFAULT_RETURN_PATH` when it names anything else: another origin, another scheme,
 * a value with control characters, or the sign-in and sign-out addresses.
 */
export function resolveReturnPath(value: string | null | undefined, origin: string): string {
  if (!value || !value.startsWith('/') || CONTROL_CHARACTER.test(value)) return DEFAULT_RETURN_PATH;
  let base: URL;
  let resolved: URL;
  try {
    base = new URL(origin);
    resolved = new URL(value, base);
  } catch {
    return DEFAULT_RETURN_PATH;
  }
  if (resolved.origin !== base.origin || resolved.username !== '' || resolved.password !== '')
    return DEFAULT_RETURN_PATH;
  if (NAVIGATIONS_NOT_TO_RETURN_TO.has(decodedPath(resolved.pathname))) return DEFAULT_RETURN_PATH;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // `/..//evil.example` resolves to the path `//evil.example` on our origin, which a browser reads as a host.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return DEFAULT_RETURN_PATH;
  return PRINTABLE_ASCII.test(path) ? path : DEFAULT_RETURN_PATH;
}
