/**
 * Lazy route chunks that survive a flaky network (spec §8 "Chunk loading failure").
 *
 * A dynamic import is retried twice after a short pause; each attempt may take up to 120 s (the
 * spec's time-out) before it counts as failed. When every attempt failed, the error is a
 * `ChunkLoadError`, which the route's error element reports with a "Recharger" button: a reload
 * fetches a fresh index.html (from the service worker when offline) and with it the right chunk
 * names, which also covers a chunk deleted by a newer deployment.
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

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer after ${Math.round(timeoutMs / 1000)} s`)),
      timeoutMs,
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
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await wait(delayMs);
      try {
        return await withTimeout(importer(), timeoutMs);
      } catch (error) {
        lastError = error;
        console.warn(`[chunks] loading failed (attempt ${attempt + 1} of ${retries + 1})`, error);
      }
    }
    const reason = lastError instanceof Error ? lastError.message : String(lastError);
    throw new ChunkLoadError(`Loading chunk failed after ${retries + 1} attempts: ${reason}`, {
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
