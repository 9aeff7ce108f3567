import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  CHUNK_RETRY_DELAY_MS,
  ChunkLoadError,
  lazyWithRetry,
} from './lazy-with-retry';

describe('lazyWithRetry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('retries a failed import twice after a short delay and returns the module', async () => {
    const module = { default: 'page' };
    const importer = vi
      .fn<() => Promise<typeof module>>()
      .mockRejectedValueOnce(new Error('réseau'))
      .mockRejectedValueOnce(new Error('réseau'))
      .mockResolvedValueOnce(module);
    const load = lazyWithRetry(importer)();
    await vi.advanceTimersByTimeAsync(CHUNK_RETRY_DELAY_MS - 1);
    expect(importer).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(CHUNK_RETRY_DELAY_MS * 2);
    await expect(load).resolves.toBe(module);
    expect(importer).toHaveBeenCalledTimes(3);
  });

  it('gives up after three attempts with a ChunkLoadError carrying the cause', async () => {
    const cause = new Error('réseau');
    const load = lazyWithRetry(() => Promise.reject(cause))();
    const outcome = load.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_RETRY_DELAY_MS * 3);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).cause).toBe(cause);
  });

  it('surfaces a chunk that never answers as a ChunkLoadError at 120 s, not after ~6 min (docs/product.md#errors)', async () => {
    const importer = vi.fn(() => new Promise<never>(() => {}));
    let settled = false;
    const outcome = lazyWithRetry(importer)()
      .catch((error: unknown) => error)
      .finally(() => {
        settled = true;
      });
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toContain('no answer after 120 s');
    expect(importer).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('retries quick failures but never goes past the 120 s budget in total', async () => {
    const importer = vi
      .fn<() => Promise<never>>()
      .mockRejectedValueOnce(new Error('réseau'))
      .mockImplementation(() => new Promise<never>(() => {}));
    let settled = false;
    const outcome = lazyWithRetry(importer)()
      .catch((error: unknown) => error)
      .finally(() => {
        settled = true;
      });
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(settled).toBe(true);
    expect(importer).toHaveBeenCalledTimes(2);
    expect(await outcome).toBeInstanceOf(ChunkLoadError);
  });
});
