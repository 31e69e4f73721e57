/**
 * The kinds of file the web build and its public folder hold, and that browsers and crawlers ask for
 * on their own (robots.txt, a manifest). A missing one must get a 404, not the app. Any other dot in a
 * path is part of a page address: a conversation with an invited address is /chat/ana@example.org.
 */
const FILE_EXTENSION =
  /\.(js|mjs|css|map|json|webmanifest|txt|xml|html?|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|otf|wasm)$/i;

/**
 * Whether a request is for a page of the web app (answered with index.html), rather than an API call,
 * a built asset or a public file. The session plugin resolves the session for these too, so the page
 * can carry the signed-in user (server/plugins/web.ts).
 */
export function isAppPageRequest(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathName = url.split('?')[0] ?? '';
  if (pathName === '/api' || pathName.startsWith('/api/') || pathName.startsWith('/assets/')) return false;
  return !FILE_EXTENSION.test(pathName);
}
