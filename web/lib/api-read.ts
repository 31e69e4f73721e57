import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import type { paths } from './api-schema.generated';

type JsonAnswer<Operation> = Operation extends {
  responses: { 200: { content: { 'application/json': infer Answer } } };
}
  ? Answer
  : never;

/** Every path whose GET answers JSON. */
export type ReadPath = {
  [Path in keyof paths]: [JsonAnswer<paths[Path]['get']>] extends [never] ? never : Path;
}[keyof paths];

/** The JSON answer of a GET as the generated document has it: the one place answer types come from. */
export type ApiAnswer<Path extends ReadPath> = JsonAnswer<paths[Path]['get']>;

type Parameters<Path extends ReadPath> = paths[Path]['get']['parameters'];

/** The path's parameters (required when it has some) and its query string. */
export type ReadParameters<Path extends ReadPath> = (Parameters<Path> extends { path: infer Values }
  ? { path: Values }
  : { path?: never }) & { query?: NonNullable<Parameters<Path>['query']> };

/**
 * The URL a GET fetches, `{name}` parameters filled and the query in the order given: also the
 * first element of its query key, which is how the server seeds a rendered page's answers.
 */
export function apiUrl<Path extends ReadPath>(path: Path, parameters = {} as ReadParameters<Path>): string {
  let url: string = path;
  for (const [name, value] of Object.entries(parameters.path ?? {}))
    url = url.replace(`{${name}}`, encodeURIComponent(String(value)));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters.query ?? {}))
    if (value !== undefined) query.set(name, String(value));
  const search = query.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * A read's query options: the key is `[url]`, the loader a GET of that URL through apiFetch, typed by
 * the generated document. Reads do not use the openapi-fetch client (web/lib/api-client.ts), which
 * writes use: it would be in every signed-in route's first load (the shell reads the user, the
 * notifications and the achievements) at about 2.5 kB gzip, more than their budget has left.
 */
export function readQueryOptions<Path extends ReadPath>(path: Path, parameters?: ReadParameters<Path>) {
  const url = apiUrl(path, parameters);
  return queryOptions({ queryKey: [url] as const, queryFn: ({ signal }) => readApi<Path>(url, signal) });
}

/** The answer of a GET of `url`, made by apiUrl from `Path`; a refusal throws an ApiError (apiFetch). */
export async function readApi<Path extends ReadPath>(url: string, signal?: AbortSignal): Promise<ApiAnswer<Path>> {
  return (await (await apiFetch(url, { signal })).json()) as ApiAnswer<Path>;
}
