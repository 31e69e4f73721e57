import type { Page, Request } from '@playwright/test';

/** Records what a page logs and every call it makes to the API, from now on. */
export function watchPage(page: Page): { logs: string[]; apiRequests: Request[] } {
  const logs: string[] = [];
  const apiRequests: Request[] = [];
  page.on('console', (message) => {
    if (message.type() === 'log') logs.push(message.text());
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiRequests.push(request);
  });
  return { logs, apiRequests };
}

/** A call that changes something (anything but a read). */
export const isWrite = (request: Request) => request.method() !== 'GET';
