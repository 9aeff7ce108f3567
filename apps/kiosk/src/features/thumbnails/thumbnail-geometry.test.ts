import { describe, expect, it } from 'vitest';
import { fitViewport, placeholderBoxes, PLACEHOLDER_LABELS } from './thumbnail-geometry';

const TOTEM = { width: 1080, height: 1920 };

describe('fitViewport', () => {
  it('a 1080 × 1920 totem fills the 270 × 480 picture at a quarter scale', () => {
    expect(fitViewport(TOTEM)).toEqual({
      scale: 0.25,
      offsetX: 0,
      offsetY: 0,
      width: 270,
      height: 480,
    });
  });

  it('a landscape screen keeps its aspect, centred between bars above and below', () => {
    const fit = fitViewport({ width: 1920, height: 1080 });
    expect(fit.scale).toBeCloseTo(270 / 1920);
    expect(fit.width).toBeCloseTo(270);
    expect(fit.height).toBeCloseTo(151.875);
    expect(fit.offsetX).toBe(0);
    expect(fit.offsetY).toBeCloseTo((480 - 151.875) / 2);
  });

  it('a narrower portrait screen gets bars left and right', () => {
    const fit = fitViewport({ width: 900, height: 1920 });
    expect(fit.scale).toBe(0.25);
    expect(fit.width).toBe(225);
    expect(fit.offsetX).toBe(22.5);
    expect(fit.offsetY).toBe(0);
  });

  it('an empty viewport scales to nothing (the drawing refuses it)', () => {
    expect(fitViewport({ width: 0, height: 1920 }).scale).toBe(0);
  });
});

describe('placeholderBoxes', () => {
  it('scales each element’s rectangle to its place on the picture, with its French label', () => {
    const boxes = placeholderBoxes(
      [
        { kind: 'video', rect: { left: 40, top: 400, width: 1000, height: 562 } },
        { kind: 'frame', rect: { left: 0, top: 1000, width: 1080, height: 800 } },
      ],
      TOTEM,
    );
    expect(boxes).toEqual([
      { kind: 'video', label: 'Vidéo', x: 10, y: 100, width: 250, height: 141 },
      { kind: 'frame', label: 'Page externe', x: 0, y: 250, width: 270, height: 200 },
    ]);
  });

  it('clips to the viewport: a frame half off screen shows its visible half; one off screen none', () => {
    const boxes = placeholderBoxes(
      [
        { kind: 'frame', rect: { left: -540, top: 1800, width: 1080, height: 400 } },
        { kind: 'other', rect: { left: 0, top: 2000, width: 100, height: 100 } },
        { kind: 'video', rect: { left: 1080, top: 0, width: 100, height: 100 } },
      ],
      TOTEM,
    );
    expect(boxes).toEqual([
      { kind: 'frame', label: 'Page externe', x: 0, y: 450, width: 135, height: 30 },
    ]);
  });

  it('rounds outwards: a box covers every pixel its element touched', () => {
    const [box] = placeholderBoxes(
      [{ kind: 'other', rect: { left: 3, top: 3, width: 5, height: 5 } }],
      TOTEM,
    );
    // 0.75 → 2 (in picture pixels): from pixel 0 to pixel 2.
    expect(box).toMatchObject({ x: 0, y: 0, width: 2, height: 2 });
    expect(box?.label).toBe(PLACEHOLDER_LABELS.other);
  });

  it('adds the letterbox offset on a screen that is not 9:16', () => {
    const viewport = { width: 1920, height: 1080 };
    const [box] = placeholderBoxes(
      [{ kind: 'video', rect: { left: 0, top: 0, width: 1920, height: 1080 } }],
      viewport,
    );
    expect(box).toMatchObject({ x: 0, y: 164, width: 270, height: 152 });
  });

  it('an empty rectangle gives no box', () => {
    expect(
      placeholderBoxes(
        [{ kind: 'video', rect: { left: 10, top: 10, width: 0, height: 50 } }],
        TOTEM,
      ),
    ).toEqual([]);
  });
});
