import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadRouteOf, signedInRoutes } from './routes';

afterEach(() => vi.restoreAllMocks());

function preloadedBy(path: string): string[] {
  vi.restoreAllMocks();
  const spies = signedInRoutes.map(
    (route) => [route.path, vi.spyOn(route, 'preload').mockResolvedValue(undefined)] as const,
  );
  preloadRouteOf(path);
  return spies.filter(([, spy]) => spy.mock.calls.length > 0).map(([routePath]) => routePath);
}

describe('preloadRouteOf', () => {
  it('starts the one page the address names', () => {
    expect(preloadedBy('/')).toEqual(['/']);
    expect(preloadedBy('/discover')).toEqual(['/discover']);
    expect(preloadedBy('/events')).toEqual(['/events']);
    expect(preloadedBy('/events/42')).toEqual(['/events/:id']);
    expect(preloadedBy('/chat')).toEqual(['/chat/:id?']);
    expect(preloadedBy('/chat/0b9c')).toEqual(['/chat/:id?']);
    expect(preloadedBy('/journey')).toEqual(['/journey']);
  });

  it('starts nothing for an address no page has', () => {
    expect(preloadedBy('/nowhere')).toEqual([]);
    expect(preloadedBy('/events/42/edit')).toEqual([]);
  });
});
