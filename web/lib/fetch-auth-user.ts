import type { User } from '@contract/users';

/** The server marks pages it sent to a browser that is not signed in (server/plugins/web.ts). */
export function isKnownSignedOut(): boolean {
  return document.querySelector('meta[name="pitchin-session"][content="none"]') !== null;
}

/**
 * The first auth check of a page load when the page did not say, without TanStack Query: signed-out
 * visitors then never download the query library (landing budget). Same rules as
 * getQueryFn({ on401: 'returnNull' }): 401 → null (signed out), other failures throw `${status}: ${text}`.
 */
export async function fetchAuthUser(signal?: AbortSignal): Promise<User | null> {
  // The answer would be a 401, which Chromium reports as a console error on every visitor's landing page.
  if (isKnownSignedOut()) return null;
  const res = await fetch('/api/auth/user', { credentials: 'include', signal });
  if (res.status === 401) {
    // Read the small body: an unread body keeps the request (and its connection) open in Chromium.
    await res.text();
    return null;
  }
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return (await res.json()) as User;
}
