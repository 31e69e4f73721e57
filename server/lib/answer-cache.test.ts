import { describe, expect, it } from 'vitest';
import { AnswerCache, type CachedAnswer, isAnswerFor } from './answer-cache';

function answer(text: string, personal: CachedAnswer['personal'] = null): CachedAnswer {
  return { body: Buffer.from(text), headers: { 'content-type': 'application/json' }, personal };
}

function createCache(overrides: Partial<{ lifetimeMs: number; maxBytes: number; maxViewers: number }> = {}) {
  let now = 1_000;
  const cache = new AnswerCache({ lifetimeMs: 1000, maxBytes: 1024, maxViewers: 2, now: () => now, ...overrides });
  return { cache, advanceClock: (ms: number) => (now += ms) };
}

describe('AnswerCache', () => {
  it('serves a stored answer until its lifetime ends', () => {
    const { cache, advanceClock } = createCache();
    cache.store('page', cache.currentGeneration, answer('one'));
    expect(cache.find('page', () => true)?.body.toString()).toBe('one');
    advanceClock(999);
    expect(cache.find('page', () => true)?.body.toString()).toBe('one');
    advanceClock(1);
    expect(cache.find('page', () => true)).toBeUndefined();
    expect(cache.storedBytes).toBe(0);
  });

  it('forgets everything when a write advances the generation', () => {
    const { cache } = createCache();
    cache.store('page', cache.currentGeneration, answer('one'));
    cache.advanceGeneration();
    expect(cache.find('page', () => true)).toBeUndefined();
    expect(cache.hasEntry('page')).toBe(false);
  });

  it('drops an answer whose reading began before the latest write', () => {
    const { cache } = createCache();
    const readStartedAt = cache.currentGeneration;
    cache.advanceGeneration();
    cache.store('page', readStartedAt, answer('stale'));
    expect(cache.find('page', () => true)).toBeUndefined();
  });

  it('keeps a few variants of one key and serves the one that fits the viewer', () => {
    const { cache } = createCache();
    const generation = cache.currentGeneration;
    cache.store('page', generation, answer('nobody', [[1, null], [2, null]]));
    cache.store('page', generation, answer('going to 2', [[1, null], [2, 'attending']]));
    const statusesOf = (entries: Array<[number, string]>) => new Map(entries);
    expect(cache.find('page', (candidate) => isAnswerFor(candidate, statusesOf([[7, 'attending']])))?.body.toString()).toBe('nobody');
    expect(cache.find('page', (candidate) => isAnswerFor(candidate, statusesOf([[2, 'attending']])))?.body.toString()).toBe('going to 2');
    expect(cache.find('page', (candidate) => isAnswerFor(candidate, statusesOf([[2, 'supporting']])))).toBeUndefined();
    for (let index = 0; index < 4; index += 1) cache.store('page', generation, answer(`variant ${index}`, [[9, String(index)]]));
    expect(cache.find('page', (candidate) => candidate.body.toString() === 'nobody')).toBeUndefined();
    expect(cache.storedBytes).toBe(4 * 'variant 0'.length);
  });

  it('stays within its byte budget by dropping the oldest answers', () => {
    const { cache } = createCache({ maxBytes: 10 });
    const generation = cache.currentGeneration;
    cache.store('a', generation, answer('12345'));
    cache.store('b', generation, answer('12345'));
    cache.store('c', generation, answer('123'));
    expect(cache.hasEntry('a')).toBe(false);
    expect(cache.hasEntry('b')).toBe(true);
    expect(cache.hasEntry('c')).toBe(true);
    expect(cache.storedBytes).toBe(8);
    cache.store('huge', generation, answer('12345678901'));
    expect(cache.hasEntry('huge')).toBe(false);
  });

  it('stores nothing when its lifetime is zero', () => {
    const { cache } = createCache({ lifetimeMs: 0 });
    expect(cache.isEnabled).toBe(false);
    cache.store('page', cache.currentGeneration, answer('one'));
    expect(cache.find('page', () => true)).toBeUndefined();
  });

  it("reads a viewer's values once per generation and lifetime, keeping the newest viewers", async () => {
    const { cache, advanceClock } = createCache();
    let reads = 0;
    const read = async () => {
      reads += 1;
      return new Map([[1, 'attending']]);
    };
    await cache.readViewer('ana', read);
    await cache.readViewer('ana', read);
    expect(reads).toBe(1);
    cache.advanceGeneration();
    await cache.readViewer('ana', read);
    expect(reads).toBe(2);
    advanceClock(1000);
    await cache.readViewer('ana', read);
    expect(reads).toBe(3);
    await cache.readViewer('ben', read);
    await cache.readViewer('eva', read);
    await cache.readViewer('ana', read);
    expect(reads).toBe(6);
  });

  it("does not keep a viewer's values read across a write", async () => {
    const { cache } = createCache();
    let reads = 0;
    await cache.readViewer('ana', async () => {
      reads += 1;
      cache.advanceGeneration();
      return new Map();
    });
    await cache.readViewer('ana', async () => {
      reads += 1;
      return new Map();
    });
    expect(reads).toBe(2);
  });
});

describe('isAnswerFor', () => {
  it('matches a personal answer only when every personal part equals the viewer’s', () => {
    expect(isAnswerFor(answer('mine'), new Map())).toBe(true);
    expect(isAnswerFor(answer('x', [[1, null]]), new Map())).toBe(true);
    expect(isAnswerFor(answer('x', [[1, null]]), new Map([[1, 'attending']]))).toBe(false);
    expect(isAnswerFor(answer('x', [[1, 'attending']]), new Map())).toBe(false);
  });
});
