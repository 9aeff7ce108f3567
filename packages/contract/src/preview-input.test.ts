import { describe, expect, it } from 'vitest';
import { previewInputParam, readPreviewInput } from './preview-input.js';

const read = (query: string) => readPreviewInput(new URLSearchParams(query));

describe('a preview address’s input', () => {
  it('reads exactly one of the draft, an instant and a scheduled set, and writes it back', () => {
    for (const input of [
      { source: 'draft' } as const,
      { at: '2026-11-30T04:00:00.000Z' },
      { set: 7 },
    ]) {
      const [key, value] = previewInputParam(input);
      expect(read(`${key}=${encodeURIComponent(value)}&mode=Moulage`)).toEqual({ input });
    }
  });

  it('says why an address asks no single valid thing', () => {
    expect(read('')).toEqual({ problem: { kind: 'not-one' } });
    expect(read('source=draft&set=2')).toEqual({ problem: { kind: 'not-one' } });
    expect(read('source=brouillon')).toEqual({ problem: { kind: 'not-one' } });
    expect(read('at=demain')).toEqual({ problem: { kind: 'bad-at', value: 'demain' } });
    expect(read('set=0')).toEqual({ problem: { kind: 'bad-set', value: '0' } });
    expect(read('set=12345678901')).toEqual({ problem: { kind: 'bad-set', value: '12345678901' } });
  });
});
