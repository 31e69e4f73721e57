import type { ApiClient } from './api-client';

/**
 * One typed call through the openapi-fetch client (web/lib/api-client.ts), loaded on the first call:
 * writes follow an interaction, and the client's 2.6 kB would otherwise be in the first load of every
 * screen that has a button. Answers the successful answer; a refusal has already thrown an ApiError.
 */
export async function callApi<Data>(
  call: (api: ApiClient) => Promise<{ data?: Data; response: Response }>,
): Promise<Data> {
  const { api, dataOf } = await import('./api-client');
  return dataOf(call(api));
}
