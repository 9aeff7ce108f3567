import { THUMBNAIL_MAX_BYTES, THUMBNAIL_TARGET_BYTES } from '@plant-kiosk/contract';
import { describe, expect, it } from 'vitest';
import { encodeWithinBudget, QUALITY_STEPS } from './thumbnail-encode';
import { ThumbnailError } from './thumbnail-error';

/** WebP's container header (RIFF … WEBP), then padding up to `size` bytes. */
function webp(size: number): Blob {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('RIFF'), 0);
  bytes.set(new TextEncoder().encode('WEBP'), 8);
  return new Blob([bytes], { type: 'image/webp' });
}

/** An encoder whose output shrinks with the quality: `bytesAt(q)`; records the qualities asked. */
function encoder(bytesAt: (quality: number) => number) {
  const asked: number[] = [];
  const encode = async (quality: number) => {
    asked.push(quality);
    return webp(bytesAt(quality));
  };
  return { encode, asked };
}

describe('encodeWithinBudget', () => {
  it('keeps the first quality whose picture is within the target', async () => {
    const { encode, asked } = encoder((q) => Math.round(q * 100_000));
    const { blob, quality } = await encodeWithinBudget(encode);
    // 0.8 → 80 000, 0.65 → 65 000, 0.5 → 50 000 ≤ 51 200.
    expect(asked).toEqual([0.8, 0.65, 0.5]);
    expect(quality).toBe(0.5);
    expect(blob.size).toBeLessThanOrEqual(THUMBNAIL_TARGET_BYTES);
  });

  it('stops at once when the first quality fits', async () => {
    const { encode, asked } = encoder(() => 20_000);
    expect((await encodeWithinBudget(encode)).quality).toBe(QUALITY_STEPS[0]);
    expect(asked).toHaveLength(1);
  });

  it('above the target at the lowest quality but within the maximum: sent all the same', async () => {
    const { encode, asked } = encoder(() => THUMBNAIL_TARGET_BYTES + 1000);
    const { quality, blob } = await encodeWithinBudget(encode);
    expect(asked).toEqual([...QUALITY_STEPS]);
    expect(quality).toBe(QUALITY_STEPS[QUALITY_STEPS.length - 1]);
    expect(blob.size).toBeLessThanOrEqual(THUMBNAIL_MAX_BYTES);
  });

  it('above the maximum even at the lowest quality: refused, saying how heavy', async () => {
    const { encode } = encoder(() => THUMBNAIL_MAX_BYTES + 1);
    const error = await encodeWithinBudget(encode).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ThumbnailError);
    expect((error as Error).message).toMatch(
      /trop lourde : 65 Kio à la qualité 0.2 \(64 Kio au plus\)/,
    );
  });

  it('a browser that answers with another format (a PNG) is caught by its bytes', async () => {
    const png = new Blob(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])],
      {
        type: 'image/png',
      },
    );
    const error = await encodeWithinBudget(async () => png).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ThumbnailError);
    expect((error as Error).message).toBe('le navigateur ne produit pas de WebP (image/png)');
  });

  it('an encoder that gives nothing is a failure, not an empty picture', async () => {
    const error = await encodeWithinBudget(async () => null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ThumbnailError);
  });

  it('lets the page have its turn between two attempts', async () => {
    const turns: number[] = [];
    const { encode, asked } = encoder((q) => (q > 0.6 ? 90_000 : 10_000));
    await encodeWithinBudget(encode, { between: async () => void turns.push(asked.length) });
    expect(asked).toEqual([0.8, 0.65, 0.5]);
    expect(turns).toEqual([1, 2]);
  });
});
