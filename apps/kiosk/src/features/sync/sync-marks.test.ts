import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSyncMarks, markSync, SYNC_MARKS } from './sync-marks';

const named = (name: string) => performance.getEntriesByName(name, 'mark') as PerformanceMark[];

afterEach(() => {
  vi.restoreAllMocks();
  clearSyncMarks();
});

describe('sync marks', () => {
  it('leaves a mark with its detail, and clears only the sync marks', () => {
    performance.mark('other');
    markSync(SYNC_MARKS.start, { reason: 'test' });
    markSync(SYNC_MARKS.done, { reason: 'test', ok: true });

    expect(named(SYNC_MARKS.start).map((mark) => mark.detail)).toEqual([{ reason: 'test' }]);
    expect(named(SYNC_MARKS.done)).toHaveLength(1);

    clearSyncMarks();
    for (const name of Object.values(SYNC_MARKS)) expect(named(name)).toEqual([]);
    expect(named('other')).toHaveLength(1);
    performance.clearMarks('other');
  });

  it('never fails a sync when the User Timing API does', () => {
    vi.spyOn(performance, 'mark').mockImplementation(() => {
      throw new TypeError('no marks here');
    });
    vi.spyOn(performance, 'clearMarks').mockImplementation(() => {
      throw new TypeError('no marks here');
    });
    expect(() => markSync(SYNC_MARKS.start, { reason: 'test' })).not.toThrow();
    expect(() => clearSyncMarks()).not.toThrow();
  });
});
