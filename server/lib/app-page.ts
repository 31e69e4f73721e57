/**
 * Whether a request is for a page of the web app (answered with index.html), rather than an API call,
 * a built asset or a public file. The session plugin resolves the session for these too, so the page
 * can carry the signed-in user (server/plugins/web.ts).
 */
export function isAppPageRequest(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathName = url.split('?')[0] ?? '';
  if (pathName === '/api' || pathName.startsWith('/api/') || pathName.startsWith('/assets/')) return false;
  return !/\.[a-z0-9]{2,5}$/i.test(pathName);
}
