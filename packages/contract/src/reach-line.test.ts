import { describe, expect, it } from 'vitest';
import { DEFAULT_SCREEN_HEIGHTS as DEFAULT_TOTEM_HEIGHTS, reachLineY } from './kiosk-profile.js';

describe('reachLineY', () => {
  it('puts 1220 mm of the default 700–1900 mm mount at 1090 px of a 1920 px screen', () => {
    // (1900 − 1220) / 1200 × 1920 = 1088, rounded up to the next 10 px: issue 52's figure.
    expect(reachLineY(DEFAULT_TOTEM_HEIGHTS, 1920)).toBe(1090);
  });

  it('follows the mount: a lower screen leaves more of it within reach', () => {
    // Screen 600–1800 mm: (1800 − 1220) / 1200 × 1920 = 928.
    expect(reachLineY({ screenBottomMm: 600, screenTopMm: 1800 }, 1920)).toBe(930);
    // Screen 800–2000 mm: (2000 − 1220) / 1200 × 1920 = 1248.
    expect(reachLineY({ screenBottomMm: 800, screenTopMm: 2000 }, 1920)).toBe(1250);
  });

  it('takes another reach height and another viewport', () => {
    expect(reachLineY({ screenBottomMm: 700, screenTopMm: 1900 }, 1920, 1300)).toBe(960);
    expect(reachLineY(DEFAULT_TOTEM_HEIGHTS, 960)).toBe(550);
  });

  it('stays on the screen: 0 when all of it is within reach, its height when none is', () => {
    expect(reachLineY({ screenBottomMm: 400, screenTopMm: 1200 }, 1920)).toBe(0);
    expect(reachLineY({ screenBottomMm: 1300, screenTopMm: 2000 }, 1920)).toBe(1920);
  });

  it('falls back to the default mount for heights that make no sense', () => {
    expect(reachLineY({ screenBottomMm: 1900, screenTopMm: 700 }, 1920)).toBe(1090);
    expect(reachLineY({ screenBottomMm: Number.NaN, screenTopMm: 1900 }, 1920)).toBe(1090);
    expect(reachLineY({ screenBottomMm: 700, screenTopMm: 700 }, 1920)).toBe(1090);
    // None given: the standard stand.
    expect(reachLineY({ screenBottomMm: null, screenTopMm: null }, 1920)).toBe(1090);
  });
});
