import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import { isApiError } from './api-error';

type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * Default loader. The URL is the FIRST element of the query key only: further key parts
 * are there to separate cache entries (e.g. `['/api/users', search]`), they are not appended to the
 * URL. A screen that needs a query string builds the full URL into key[0]
 * (e.g. `['/api/events?category=3']`) or passes its own `queryFn`.
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const url = queryKey[0];
    if (typeof url !== 'string') throw new Error('The first element of the query key must be the URL');
    try {
      const response = await apiFetch(url, { signal });
      return (await response.json()) as T;
    } catch (error) {
      if (options.on401 === 'returnNull' && isApiError(error) && error.status === 401) return null as T;
      throw error;
    }
  };
}

/** A client with the app's query defaults: the browser's one below, and the server's one per rendered page. */
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
