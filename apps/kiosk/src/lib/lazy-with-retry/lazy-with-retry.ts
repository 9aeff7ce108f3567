/**
 * Lazy route chunks that survive a flaky network (docs/product.md#errors "Chunk loading failure").
 *
 * A dynamic import is retried twice after a short pause, all attempts together within the spec's
 * 120 s time-out (one deadline for the whole load, not 120 s per attempt, which let a dead network
 * hold a blank page for ~6 minutes — totem-size screen fixes). When every attempt failed, the error
 * is a `ChunkLoadError`, which the route's error element reports with a "Recharger" button: a
 * reload fetches a fresh index.html (from the service worker when offline) and with it the right
 * chunk names, which also covers a chunk deleted by a newer deployment.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CHUNK_LOAD_RETRIES = 2;
export const CHUNK_RETRY_DELAY_MS = 600;

export class ChunkLoadError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

export interface LazyRetryOptions {
  retries?: number;
  delayMs?: number;
  timeoutMs?: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function withTimeout<T>(promise: Promise<T>, remainingMs: number, totalMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer after ${Math.round(totalMs / 1000)} s`)),
      remainingMs,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Wraps a dynamic import: retried, timed out, and failing with a ChunkLoadError. */
export function lazyWithRetry<T>(
  importer: () => Promise<T>,
  {
    retries = CHUNK_LOAD_RETRIES,
    delayMs = CHUNK_RETRY_DELAY_MS,
    timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
  }: LazyRetryOptions = {},
): () => Promise<T> {
  return async () => {
    let lastError: unknown;
    let attempts = 0;
    const deadline = Date.now() + timeoutMs;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) {
        // No time left for another try within the 120 s: report the failure now.
        if (deadline - Date.now() <= delayMs) break;
        await wait(delayMs);
      }
      attempts++;
      try {
        return await withTimeout(importer(), deadline - Date.now(), timeoutMs);
      } catch (error) {
        lastError = error;
        console.warn(`[chunks] loading failed (attempt ${attempt + 1} of ${retries + 1})`, error);
      }
    }
    const reason = lastError instanceof Error ? lastError.message : String(lastError);
    throw new ChunkLoadError(`Loading chunk failed after ${attempts} attempts: ${reason}`, {
      cause: lastError,
    });
  };
}

/** A React.lazy page component whose chunk is loaded with `lazyWithRetry`. */
export function lazyPage<P extends object>(
  importer: () => Promise<{ default: ComponentType<P> }>,
  options?: LazyRetryOptions,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(lazyWithRetry(importer, options));
}
