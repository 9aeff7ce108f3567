import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDocumentReading, documentIdOf } from './document-reading';
import { publishUsage, subscribeUsage, type DocumentUsageEvent } from './usage-sink';

describe('createDocumentReading', () => {
  afterEach(() => vi.useRealTimers());

  it('opens once, reads a page after 1 s on it, each page once, nothing after closing', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const events: DocumentUsageEvent[] = [];
    const reading = createDocumentReading({ documentId: 'doc', publish: (e) => events.push(e) });
    reading.show(1);
    vi.advanceTimersByTime(2000);
    expect(events).toEqual([]);
    reading.open();
    reading.open();
    reading.show(1);
    vi.advanceTimersByTime(1000);
    reading.show(2);
    vi.advanceTimersByTime(999);
    reading.show(1);
    vi.advanceTimersByTime(2000);
    reading.show(null);
    reading.show(2);
    reading.close();
    vi.advanceTimersByTime(2000);
    expect(events).toEqual([
      { kind: 'document_open', target: 'doc' },
      { kind: 'page_read', target: 'doc', page: 1 },
    ]);
  });
});

describe('the usage sink', () => {
  it('does nothing with no listener, and keeps going when a listener fails', () => {
    publishUsage({ kind: 'document_open', target: 'nobody-listens' });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    const stopBroken = subscribeUsage(() => {
      throw new Error('broken');
    });
    const stop = subscribeUsage((event) => seen.push(event.target));
    publishUsage({ kind: 'document_open', target: 'doc' });
    stopBroken();
    stop();
    publishUsage({ kind: 'document_open', target: 'after' });
    expect(seen).toEqual(['doc']);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('documentIdOf', () => {
  it('keeps the file name of an address', () => {
    expect(documentIdOf('/media/neubourg/pdf/guide%20rh.pdf?v=3#p2')).toBe('guide rh.pdf');
    expect(documentIdOf('magazine-12.webp')).toBe('magazine-12.webp');
    expect(documentIdOf('bad%E0name.pdf')).toBe('bad%E0name.pdf');
    expect(documentIdOf('')).toBeNull();
    expect(documentIdOf(undefined)).toBeNull();
  });
});
