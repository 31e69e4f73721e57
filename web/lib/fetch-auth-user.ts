import type { User } from '@contract/users';
import { isApiError } from './api-error';
import { apiFetch } from './api-fetch';

/** The server marks pages it sent to a browser that is not signed in (server/plugins/web.ts). */
export function isKnownSignedOut(): boolean {
  return document.querySelector('meta[name="pitchin-session"][content="none"]') !== null;
}

/**
 * The first auth check of a page load when the page did not say, by hand rather than through the
 * typed client's authUserQueryOptions (web/lib/use-auth.ts): signed-out visitors then download
 * neither TanStack Query nor openapi-fetch, which the landing page's 100 kB budget has no room for.
 * Same rules: 401 → null (signed out), other failures throw an ApiError.
 */
export async function fetchAuthUser(signal?: AbortSignal): Promise<User | null> {
  // The answer would be a 401, which Chromium reports as a console error on every visitor's landing page.
  if (isKnownSignedOut()) return null;
  try {
    const response = await apiFetch('/api/auth/user', { signal });
    return (await response.json()) as User;
  } catch (error) {
    // apiFetch has read the small body: an unread body keeps the request (and its connection) open in Chromium.
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}
