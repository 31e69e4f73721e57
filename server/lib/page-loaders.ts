import type { FastifyRequest } from 'fastify';

/**
 * Reads the answer one GET call of a page's first screen would give that page's visitor, by calling the
 * service directly with the user the session plugin already resolved for the page: no second request
 * through the router, no second session lookup, no JSON text parsed back (decisions.md §17). Answers
 * `undefined` where the call would not answer 200 (a missing event, a bad id): the page then makes the
 * call itself and shows what it gets.
 */
type PageLoader = (request: FastifyRequest, params: Readonly<Record<string, string>>) => Promise<unknown>;

/** Loaders by the call's path template, as the route table names it (`/api/events/:id`). */
export type PageLoaders = Readonly<Record<string, PageLoader>>;
