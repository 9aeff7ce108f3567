import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReportPacer, MEDIA_REPORT_INTERVAL_MS } from './report-pacer';

describe('report pacer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('applies the first report at once, then only the latest once per interval', () => {
    const seen: number[] = [];
    const pacer = createReportPacer();
    pacer.report(() => seen.push(1));
    expect(seen).toEqual([1]);

    pacer.report(() => seen.push(2));
    pacer.report(() => seen.push(3));
    expect(seen).toEqual([1]);

    vi.advanceTimersByTime(MEDIA_REPORT_INTERVAL_MS);
    expect(seen).toEqual([1, 3]);
  });

  it('keeps pacing while reports keep coming, and applies a quiet pacer’s report at once again', () => {
    const seen: number[] = [];
    const pacer = createReportPacer(100);
    for (let count = 1; count <= 30; count++) {
      pacer.report(() => seen.push(count));
      vi.advanceTimersByTime(10);
    }
    // 300 ms of reports every 10 ms: the first, then the latest at each 100 ms.
    expect(seen).toEqual([1, 10, 20, 30]);

    vi.advanceTimersByTime(200);
    pacer.report(() => seen.push(31));
    expect(seen.at(-1)).toBe(31);
  });

  it('flush applies what waits at once, and nothing is applied after it', () => {
    const seen: string[] = [];
    const pacer = createReportPacer();
    pacer.report(() => seen.push('first'));
    pacer.report(() => seen.push('last count'));
    pacer.flush();
    seen.push('step over');
    vi.advanceTimersByTime(MEDIA_REPORT_INTERVAL_MS * 3);
    expect(seen).toEqual(['first', 'last count', 'step over']);
  });
});
