import { describe, expect, it } from 'vitest';
import { breakableFigure } from './visitor-section';

describe('key figure values', () => {
  it('may wrap between the number and its unit word, never inside "13 000" (totem-size screen fixes)', () => {
    expect(breakableFigure('3,5\u00a0milliards')).toBe('3,5 milliards');
    expect(breakableFigure('13\u00a0000')).toBe('13\u00a0000');
    expect(breakableFigure('100\u00a0%')).toBe('100\u00a0%');
    expect(breakableFigure('96\u00a0000\u00a0m²')).toBe('96\u00a0000 m²');
  });
});
