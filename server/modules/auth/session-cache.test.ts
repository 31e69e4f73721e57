import { describe, expect, it } from 'vitest';
import type { UserRow } from './auth.repository';
import { SESSION_CACHE_TTL_MS, SessionCache } from './session-cache';

const user = (id: string, achievementsVersion = 0) => ({ id, achievementsVersion }) as unknown as UserRow;
const inOneDay = () => new Date(Date.now() + 86_400_000);

function cacheWithClock() {
  let now = 1_000_000;
  const cache = new SessionCache(() => now);
  return { cache, advance: (milliseconds: number) => (now += milliseconds), now: () => now };
}

describe('session cache', () => {
  it('serves a looked-up session for SESSION_CACHE_TTL_MS, then asks the database again', () => {
    const { cache, advance } = cacheWithClock();
    cache.set('s1', user('u1'), inOneDay(), cache.currentGeneration());
    expect(cache.get('s1')?.id).toBe('u1');
    advance(SESSION_CACHE_TTL_MS - 1);
    expect(cache.get('s1')?.id).toBe('u1');
    advance(1);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('never serves a session past its own expiry, even inside the window', () => {
    const { cache, advance, now } = cacheWithClock();
    cache.set('s1', user('u1'), new Date(now() + 500), cache.currentGeneration());
    advance(499);
    expect(cache.get('s1')).toBeDefined();
    advance(1);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('drops a lookup that raced a forget: the row it read may be the old one', () => {
    const { cache } = cacheWithClock();
    const generation = cache.currentGeneration();
    // The user's write commits and forgets them while this lookup's query is in flight.
    cache.forgetUser('u1');
    cache.set('s1', user('u1', 1), inOneDay(), generation);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('forgets every session of a user, and only theirs', () => {
    const { cache } = cacheWithClock();
    cache.set('a', user('u1'), inOneDay(), cache.currentGeneration());
    cache.set('b', user('u1'), inOneDay(), cache.currentGeneration());
    cache.set('c', user('u2'), inOneDay(), cache.currentGeneration());
    cache.forgetUser('u1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.id).toBe('u2');
    cache.forgetSession('c');
    expect(cache.get('c')).toBeUndefined();
  });

  it('holds at most 10 000 sessions, evicting the oldest first', () => {
    const { cache } = cacheWithClock();
    for (let index = 0; index <= 10_000; index += 1)
      cache.set(`s${index}`, user(`u${index}`), inOneDay(), cache.currentGeneration());
    expect(cache.get('s0')).toBeUndefined();
    expect(cache.get('s1')?.id).toBe('u1');
    expect(cache.get('s10000')?.id).toBe('u10000');
  });
});
