/**
 * The one cache mechanism (versioned-cache.ts), on its own: what every use relies on — an entry
 * answers only at its version and within its window, concurrent builds share one, a slow build
 * never replaces a newer entry, a store ahead of the known version is read again, and each
 * eviction policy. The uses themselves are tested through their routes (display/*.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { VersionState } from './content-versions.js';
import { VersionedCache, type CachePolicy, type VersionedEntry } from './versioned-cache.js';

interface Entry extends VersionedEntry {
  bytes: number;
  label: string;
}

/** The content versions as the cache sees them, moved by hand. */
function versionsOf(states: Map<number, VersionState>) {
  const invalidated: number[] = [];
  return {
    invalidated,
    current: async (devid: number) => states.get(devid),
    invalidate: (devid: number) => void invalidated.push(devid),
  };
}

const state = (version: number, validUntil = Number.POSITIVE_INFINITY): VersionState => ({
  version,
  validFrom: 0,
  validUntil,
});

const entry = (version: number, label: string, bytes = 1, devid = 1): Entry => ({
  devid,
  version,
  validFrom: 0,
  validUntil: Number.POSITIVE_INFINITY,
  bytes,
  label,
});

function cacheWith(policy: Partial<CachePolicy<Entry>> = {}, time = 1000) {
  const states = new Map([[1, state(1)]]);
  const versions = versionsOf(states);
  const clock = { time };
  const cache = new VersionedCache<Entry>(versions, () => new Date(clock.time), {
    maxEntries: 10,
    maxBytes: 100,
    sizeOf: (e) => e.bytes,
    evict: 'oldest',
    ...policy,
  });
  return { cache, states, versions, clock };
}

describe('the versioned cache', () => {
  it('builds once, then answers from the cache while the version holds', async () => {
    const { cache } = cacheWith();
    let builds = 0;
    const make = async () => entry(1, `build ${++builds}`);
    expect((await cache.get('a', 1, make))?.label).toBe('build 1');
    expect((await cache.get('a', 1, make))?.label).toBe('build 1');
    expect(builds).toBe(1);
  });

  it('rebuilds after the version moves, and forgets a development that is gone', async () => {
    const { cache, states } = cacheWith();
    await cache.get('a', 1, async () => entry(1, 'one'));
    states.set(1, state(2));
    expect((await cache.get('a', 1, async () => entry(2, 'two')))?.label).toBe('two');
    states.delete(1);
    expect(await cache.get('a', 1, async () => entry(2, 'never'))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops an entry past its window (a sub-group expired) even at the same version', async () => {
    const { cache, clock } = cacheWith();
    await cache.get('a', 1, async () => ({ ...entry(1, 'before'), validUntil: 2000 }));
    clock.time = 2000;
    expect((await cache.get('a', 1, async () => entry(1, 'after')))?.label).toBe('after');
  });

  it('shares one build between concurrent callers of one key and version', async () => {
    const { cache } = cacheWith();
    let builds = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const make = async () => {
      builds += 1;
      await gate;
      return entry(1, 'shared');
    };
    const both = Promise.all([cache.get('a', 1, make), cache.get('a', 1, make)]);
    release();
    const [first, second] = await both;
    expect(builds).toBe(1);
    expect(first).toBe(second);
  });

  it('keeps the newer entry when a slow build of an older version finishes last', () => {
    const { cache } = cacheWith();
    cache.keep('a', entry(3, 'newer'));
    cache.keep('a', entry(2, 'older'));
    expect(cache.lookup('a', state(3))?.label).toBe('newer');
  });

  it('reads the version again when the build saw the store ahead of it', async () => {
    const { cache, versions } = cacheWith();
    await cache.get('a', 1, async () => entry(2, 'ahead'));
    expect(versions.invalidated).toEqual([1]);
  });

  it('evicts the oldest first under the `oldest` policy, whatever was read since', () => {
    const { cache } = cacheWith({ maxEntries: 2, evict: 'oldest' });
    cache.keep('a', entry(1, 'a'));
    cache.keep('b', entry(1, 'b'));
    cache.lookup('a', state(1));
    cache.keep('c', entry(1, 'c'));
    expect(cache.lookup('a', state(1))).toBeUndefined();
    expect(cache.lookup('b', state(1))?.label).toBe('b');
  });

  it('evicts the least recently used first under the `least-recent` policy', () => {
    const { cache } = cacheWith({ maxEntries: 2, evict: 'least-recent' });
    cache.keep('a', entry(1, 'a'));
    cache.keep('b', entry(1, 'b'));
    cache.lookup('a', state(1));
    cache.keep('c', entry(1, 'c'));
    expect(cache.lookup('a', state(1))?.label).toBe('a');
    expect(cache.lookup('b', state(1))).toBeUndefined();
  });

  it('bounds the bytes kept, and does not keep an entry bigger than its policy allows', () => {
    const { cache } = cacheWith({ maxBytes: 10, maxEntryBytes: 6 });
    cache.keep('a', entry(1, 'a', 5));
    cache.keep('b', entry(1, 'b', 5));
    cache.keep('c', entry(1, 'c', 5));
    expect(cache.size).toBe(2);
    expect(cache.lookup('a', state(1))).toBeUndefined();
    cache.keep('big', entry(1, 'big', 7));
    expect(cache.lookup('big', state(1))).toBeUndefined();
  });
});
