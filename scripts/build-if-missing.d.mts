/** Builds the web app (dist/web and dist/web-ssr) when it is missing or older than its sources. */
export function buildWebIfNeeded(): Promise<void>;
