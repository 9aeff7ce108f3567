/**
 * The token check's batched look-up of totem ids. Each test first checks its tokens once, so
 * that their signatures are kept (verifying a signature resolves after a turn of WebCrypto whose
 * length a loaded machine decides), then moves the cache clock past the window: the checks that
 * follow are those after a publish, which find their cached answers expired together.
 */
import { describe, expect, it } from 'vitest';
import { TOKEN_MESSAGES, TokenService } from './tokens.js';

const secret = new TextEncoder().encode('tokens-test-secret-0123456789abcdef0123456789');

/**
 * A token service over a store of development 1's known ids, recording each lookup, on a cache
 * clock the test moves. `store.answer` decides each lookup's answer (default: the known ids).
 */
function service(known: Set<string>) {
  const lookups: string[][] = [];
  const versionReads: number[] = [];
  const clock = { ms: 0 };
  const store = {
    answer: async (kioskIds: readonly string[]): Promise<ReadonlySet<string>> =>
      new Set(kioskIds.filter((id) => known.has(id))),
  };
  const tokens = new TokenService({
    secret,
    ttlDays: 30,
    tokenVersion: async (devid) => {
      versionReads.push(devid);
      return 1;
    },
    kioskKnownAmong: async (_devid, kioskIds) => {
      lookups.push([...kioskIds]);
      return store.answer(kioskIds);
    },
    now: () => new Date(),
    versionCacheMs: 2000,
    clock: () => clock.ms,
  });
  /** Tokens of these ids, checked once (signatures kept), then the cache window passed. */
  const checkedTokens = async (ids: readonly string[]) => {
    const issued = await Promise.all(
      ids.map((kioskId) => tokens.issue({ devid: 1, accountid: 7, tokenVersion: 1, kioskId })),
    );
    await Promise.all(issued.map((token) => tokens.verify(token)));
    expect(lookups.flat().sort()).toEqual([...ids].sort());
    clock.ms += 2500;
    lookups.length = 0;
    versionReads.length = 0;
    return issued;
  };
  return { tokens, lookups, versionReads, known, store, checkedTokens };
}

describe('TokenService: totem ids looked up in batches', () => {
  it('answers 300 totems syncing after a publish with one read of the version and one lookup', async () => {
    const ids = Array.from({ length: 300 }, (_, i) => `totem-${i}`);
    const { tokens, lookups, versionReads, checkedTokens } = service(new Set(ids));
    const issued = await checkedTokens(ids);

    const identities = await Promise.all(issued.map((token) => tokens.verify(token)));

    expect(identities.map((identity) => identity.kioskId)).toEqual(ids);
    expect(versionReads).toEqual([1]);
    expect(lookups).toHaveLength(1);
    expect(new Set(lookups[0])).toEqual(new Set(ids));
  });

  it('makes the ids asked while a lookup runs wait for the next one, which asks for them all', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `totem-${i}`);
    const { tokens, lookups, store, checkedTokens } = service(new Set(ids));
    const issued = await checkedTokens(ids);
    const known = new Set(ids);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    store.answer = async (kioskIds) => {
      if (lookups.length === 1) await held;
      return new Set(kioskIds.filter((id) => known.has(id)));
    };

    const first = tokens.verify(issued[0]!);
    await expect.poll(() => lookups.length).toBe(1);
    const others = issued.slice(1).map((token) => tokens.verify(token));
    // They all wait for the running lookup.
    await new Promise((resolve) => setImmediate(resolve));
    expect(lookups).toHaveLength(1);
    release();
    const identities = await Promise.all([first, ...others]);

    expect(identities.map((identity) => identity.kioskId)).toEqual(ids);
    expect(lookups).toHaveLength(2);
    expect(lookups[0]).toEqual([ids[0]]);
    expect(new Set(lookups[1])).toEqual(new Set(ids.slice(1)));
  });

  it('refuses the forgotten totem of a batch, and only it', async () => {
    const { tokens, lookups, known, checkedTokens } = service(
      new Set(['kept-1', 'forgotten', 'kept-2']),
    );
    const issued = await checkedTokens(['kept-1', 'forgotten', 'kept-2']);
    known.delete('forgotten');

    const results = await Promise.allSettled(issued.map((token) => tokens.verify(token)));

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 401,
      message: TOKEN_MESSAGES.forgotten,
    });
    expect(lookups).toHaveLength(1);
  });

  it('fails every request of a batch whose lookup failed, and looks up again next time', async () => {
    const { tokens, lookups, store, checkedTokens } = service(new Set(['a', 'b']));
    const [a, b] = await checkedTokens(['a', 'b']);
    store.answer = async () => {
      throw new Error('store down');
    };

    const results = await Promise.allSettled([a!, b!].map((token) => tokens.verify(token)));

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ message: 'store down' });
    expect(lookups).toHaveLength(1);
    await expect(tokens.verify(a!)).rejects.toThrow('store down');
    expect(lookups).toHaveLength(2);
  });

  it('keeps an answer for the cache window: a second check does not look up again', async () => {
    const { tokens, lookups, checkedTokens } = service(new Set(['a']));
    const [token] = await checkedTokens(['a']);

    await tokens.verify(token!);
    await tokens.verify(token!);

    expect(lookups).toHaveLength(1);
  });
});
