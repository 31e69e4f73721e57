import createClient from 'openapi-fetch';
import type { paths } from './api-schema.generated';
import { apiBaseUrl, apiFetch } from './api-fetch';

/**
 * Typed calls generated from the server's OpenAPI document (`npm run generate:client`): paths, path
 * parameters, bodies and answers all come from the zod schemas in contract/, without shipping them.
 * Requests go through apiFetch, so a refusal throws an ApiError and `data` is the successful answer.
 */
export const api = createClient<paths>({
  baseUrl: apiBaseUrl(),
  credentials: 'include',
  // A function rather than apiFetch itself captured at start, so a test's stubbed fetch is the one used.
  fetch: (request) => apiFetch(request),
});

export type ApiClient = typeof api;

/** The successful answer of a typed call (a refusal has already thrown). */
export async function dataOf<Data>(call: Promise<{ data?: Data; response: Response }>): Promise<Data> {
  const { data } = await call;
  return data as Data;
}
