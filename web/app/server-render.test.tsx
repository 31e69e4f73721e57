import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from './server-render';

describe('the server rendering of a page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  // On Node 20 the first AsyncLocalStorage run turns on async hooks for the whole process, and every
  // await of every API request then costs about 2.5 times as much: the renderer must never start one.
  it('renders the landing page without running anything inside an AsyncLocalStorage', async () => {
    const run = vi.spyOn(AsyncLocalStorage.prototype, 'run');
    const enterWith = vi.spyOn(AsyncLocalStorage.prototype, 'enterWith');
    const html = await renderPage({
      url: '/',
      page: { user: null, queries: [] },
      renderedWith: { language: 'en', theme: 'light', timeZone: 'UTC' },
      timeoutMs: 10_000,
    });
    expect(html).toContain('Make a Difference in Your Community');
    expect(run).not.toHaveBeenCalled();
    expect(enterWith).not.toHaveBeenCalled();
  });

  it('renders a signed-in screen in the language and time zone it is given', async () => {
    const user = {
      id: 'u1',
      firstName: 'Ana',
      lastName: 'Silva',
      email: null,
      profileImageUrl: null,
      createdAt: new Date(0).toISOString(),
      emailVerified: true,
    };
    const html = await renderPage({
      url: '/discover',
      page: { user, queries: [] },
      renderedWith: { language: 'es', theme: 'dark', timeZone: 'UTC' },
      timeoutMs: 10_000,
    });
    expect(html).toContain('Descubre oportunidades de voluntariado');
    expect(html).not.toContain('<script');
  });

  it('renders the e-mail reminder into the page of an unconfirmed account, unless that account dismissed it', async () => {
    const user = {
      id: 'u2',
      firstName: 'Ines',
      lastName: 'Vaz',
      email: 'ines@example.org',
      profileImageUrl: null,
      createdAt: new Date(0).toISOString(),
      emailVerified: false,
    };
    const render = (emailReminderDismissedBy?: string) =>
      renderPage({
        url: '/my-events',
        page: { user, queries: [] },
        renderedWith: { language: 'en', theme: 'light', timeZone: 'UTC', emailReminderDismissedBy },
        timeoutMs: 10_000,
      });
    const reminder = 'data-testid="email-verification-banner"';
    expect(await render()).toContain(reminder);
    // Another account dismissed it on this browser: this one still sees its own.
    expect(await render('someone-else')).toContain(reminder);
    expect(await render('u2')).not.toContain(reminder);
    expect(await render('u2')).toContain('data-testid="main"');
  });
});
