import { describe, expect, it } from 'vitest';
import { TOKEN_MESSAGES, TokenService } from './tokens.js';

const secret = new TextEncoder().encode('tokens-test-secret-0123456789abcdef0123456789');

/**
 * A token service whose store knows `known` ids of development 1, recording each lookup, on a
 * cache clock the test moves.
 */
function service(known: Set<string>, failWith?: Error) {
  const lookups: string[][] = [];
  const versionReads: number[] = [];
  const clock = { ms: 0 };
  const tokens = new TokenService({
    secret,
    ttlDays: 30,
    tokenVersion: async (devid) => {
      versionReads.push(devid);
      return 1;
    },
    kioskKnownAmong: async (_devid, kioskIds) => {
      lookups.push([...kioskIds]);
      if (failWith) throw failWith;
      return new Set(kioskIds.filter((id) => known.has(id)));
    },
    now: () => new Date(),
    versionCacheMs: 2000,
    clock: () => clock.ms,
  });
  const issue = (kioskId: string) =>
    tokens.issue({ devid: 1, accountid: 7, tokenVersion: 1, kioskId });
  return { tokens, lookups, versionReads, clock, issue };
}

describe('TokenService: totem ids looked up in batches', () => {
  it('answers 300 totems syncing after a publish with one read of the version and one lookup', async () => {
    const ids = Array.from({ length: 300 }, (_, i) => `totem-${i}`);
    const { tokens, lookups, versionReads, clock, issue } = service(new Set(ids));
    const issued = await Promise.all(ids.map(issue));
    // Their tokens were checked before (signatures kept); the cached answers have expired since.
    await Promise.all(issued.map((token) => tokens.verify(token)));
    expect(lookups.flat()).toHaveLength(300);
    clock.ms += 2500;
    lookups.length = 0;
    versionReads.length = 0;

    const identities = await Promise.all(issued.map((token) => tokens.verify(token)));

    expect(identities.map((identity) => identity.kioskId)).toEqual(ids);
    expect(versionReads).toEqual([1]);
    expect(lookups).toHaveLength(1);
    expect(new Set(lookups[0])).toEqual(new Set(ids));
  });

  it('batches the ids asked while a lookup runs into the next one', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `totem-${i}`);
    const { tokens, lookups, issue } = service(new Set(ids));
    const issued = await Promise.all(ids.map(issue));

    // Arriving one after the other, as requests do: each waits for the signature check first.
    const identities = await Promise.all(issued.map((token) => tokens.verify(token)));

    expect(identities.map((identity) => identity.kioskId)).toEqual(ids);
    expect(lookups.flat().sort()).toEqual([...ids].sort());
    expect(lookups.length).toBeLessThan(ids.length);
  });

  it('refuses the forgotten totem of a batch, and only it', async () => {
    const { tokens, lookups, issue } = service(new Set(['kept-1', 'kept-2']));
    const [kept1, forgotten, kept2] = await Promise.all(
      ['kept-1', 'forgotten', 'kept-2'].map(issue),
    );

    const results = await Promise.allSettled(
      [kept1!, forgotten!, kept2!].map((token) => tokens.verify(token)),
    );

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 401,
      message: TOKEN_MESSAGES.forgotten,
    });
    expect(lookups).toHaveLength(1);
  });

  it('fails every request of a batch whose lookup failed, and looks up again next time', async () => {
    const { tokens, lookups, issue } = service(new Set(['a', 'b']), new Error('store down'));
    const [a, b] = await Promise.all(['a', 'b'].map(issue));

    const results = await Promise.allSettled([a!, b!].map((token) => tokens.verify(token)));

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ message: 'store down' });
    await expect(tokens.verify(a!)).rejects.toThrow('store down');
    expect(lookups).toHaveLength(2);
  });

  it('keeps an answer for the cache window: a second check does not look up again', async () => {
    const { tokens, lookups, issue } = service(new Set(['a']));
    const token = await issue('a');

    await tokens.verify(token);
    await tokens.verify(token);

    expect(lookups).toHaveLength(1);
  });
});
