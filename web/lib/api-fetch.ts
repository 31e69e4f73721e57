import { readApiError } from './api-error';

/** Same origin in the browser; a fixed origin elsewhere (unit tests), where a relative URL means nothing. */
export function apiBaseUrl(): string {
  return typeof location === 'undefined' ? 'http://localhost' : location.origin;
}

/**
 * The one fetch behind every call to the API, typed (web/lib/api-client.ts) or by URL (query keys,
 * the paged events list, CSV downloads). Every request carries the session cookie, and every refusal
 * becomes an ApiError before any caller sees the answer. A 304 is not a refusal: the achievements
 * poll revalidates with If-None-Match and keeps its copy. Kept apart from the typed client so the
 * landing page's auth check does not download it.
 */
export async function apiFetch(input: Request | string, init?: RequestInit): Promise<Response> {
  const request = new Request(typeof input === 'string' ? new URL(input, apiBaseUrl()) : input, {
    credentials: 'include',
    ...init,
  });
  const response = await fetch(request);
  if (!response.ok && response.status !== 304) throw await readApiError(response);
  return response;
}
