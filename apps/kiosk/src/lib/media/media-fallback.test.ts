import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  installMediaFallback,
  MEDIA_UNAVAILABLE_ATTRIBUTE,
  retryUnavailableImages,
  unavailableImageSrc,
} from './media-fallback';

let uninstall: () => void;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  uninstall = installMediaFallback({ label: () => 'Image indisponible' });
});

afterEach(() => {
  uninstall();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** An image in the page, as a component renders it. */
function image(src: string): HTMLImageElement {
  const img = document.createElement('img');
  img.setAttribute('src', src);
  img.alt = 'Plan du site';
  document.body.append(document.createElement('div').appendChild(img).parentElement!);
  return img;
}

const fail = (img: HTMLImageElement) => img.dispatchEvent(new Event('error'));

describe('media fallback: "Image indisponible", never a broken icon (content-first sync)', () => {
  it('draws the placeholder with its text in place of an image that fails, keeping its alt', () => {
    const img = image('https://media.example/plan.svg');
    fail(img);
    expect(img.getAttribute('src')).toBe(unavailableImageSrc('Image indisponible'));
    expect(decodeURIComponent(img.src)).toContain('>Image indisponible</text>');
    expect(img.getAttribute(MEDIA_UNAVAILABLE_ATTRIBUTE)).toBe('https://media.example/plan.svg');
    expect(img.alt).toBe('Plan du site');
  });

  it('leaves the placeholder alone if it were to fail, and replaces a new address that fails', () => {
    const img = image('https://media.example/plan.svg');
    fail(img);
    const placeholder = img.src;
    fail(img);
    expect(img.src).toBe(placeholder);

    // New content: the component sets another address; it fails too.
    img.setAttribute('src', 'https://media.example/plan-v2.svg');
    fail(img);
    expect(img.src).toBe(placeholder);
    expect(img.getAttribute(MEDIA_UNAVAILABLE_ATTRIBUTE)).toBe('https://media.example/plan-v2.svg');
  });

  it('escapes the label and stops once uninstalled', () => {
    expect(decodeURIComponent(unavailableImageSrc('<a & b>'))).toContain('&#60;a &#38; b&#62;');
    uninstall();
    const img = image('https://media.example/plan.svg');
    fail(img);
    expect(img.getAttribute('src')).toBe('https://media.example/plan.svg');
  });

  it('gives the images their address back once every file is cached', () => {
    const img = image('https://media.example/plan.svg');
    const fine = image('https://media.example/ok.svg');
    fail(img);
    expect(retryUnavailableImages()).toBe(1);
    expect(img.getAttribute('src')).toBe('https://media.example/plan.svg');
    expect(img.hasAttribute(MEDIA_UNAVAILABLE_ATTRIBUTE)).toBe(false);
    expect(fine.getAttribute('src')).toBe('https://media.example/ok.svg');
  });
});
