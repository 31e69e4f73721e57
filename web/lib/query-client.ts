import { QueryClient, type QueryFunction } from '@tanstack/react-query';

/**
 * Turns a non-2xx response into an Error whose message is `${status}: ${body or statusText}` (spec §8),
 * e.g. `401: {"message":"Unauthorized"}`, so callers can recognise statuses from the message alone.
 */
async function throwIfResNotOk(res: Response) {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

/** Mutating call: credentials always sent, a body (if any) as JSON. Returns the raw Response. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * Default loader. The URL is the FIRST element of the query key only (spec §7): further key parts
 * are there to separate cache entries (e.g. `['/api/users', search]`), they are not appended to the
 * URL. A screen that needs a query string builds the full URL into key[0]
 * (e.g. `['/api/events?category=3']`) or passes its own `queryFn`.
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const url = queryKey[0];
    if (typeof url !== 'string') throw new Error('The first element of the query key must be the URL');
    const res = await fetch(url, { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

export function isUnauthorizedError(error: Error): boolean {
  return /^401: .*Unauthorized/.test(error.message);
}

/** A client with the spec §7 defaults: the browser's one below, and the server's one per rendered page. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
