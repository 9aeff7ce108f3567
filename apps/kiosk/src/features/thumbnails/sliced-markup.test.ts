import { describe, expect, it } from 'vitest';
import { slicedSvgDataUrl } from './sliced-markup';

const SVG_NS = 'http://www.w3.org/2000/svg';
const PREFIX = 'data:image/svg+xml;charset=utf-8,';

/** An SVG with a foreignObject holding `rows` rows of a few elements each, as the clone is. */
function clone(rows: number): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  const style = document.createElementNS(SVG_NS, 'style');
  style.textContent = '.a::before { content: "<&>"; }';
  svg.append(style);
  const foreign = document.createElementNS(SVG_NS, 'foreignObject');
  const body = document.createElement('body');
  body.setAttribute('style', 'color: rgb(1, 2, 3); width: 1080px');
  for (let i = 0; i < rows; i++) {
    const row = document.createElement('div');
    row.className = 'a';
    const text = document.createElement('p');
    text.textContent = `Ligne ${i} « é » <b> & \u0007`;
    const icon = document.createElementNS(SVG_NS, 'svg');
    icon.append(document.createElementNS(SVG_NS, 'path'));
    row.append(text, icon, document.createElement('img'));
    body.append(row);
  }
  foreign.append(body);
  svg.append(foreign);
  return svg;
}

const parse = (url: string) =>
  new DOMParser().parseFromString(decodeURIComponent(url.slice(PREFIX.length)), 'image/svg+xml');

describe('slicedSvgDataUrl', () => {
  it('writes a big clone in several slices that read back as the same document', async () => {
    const svg = clone(200);
    let turns = 0;
    const url = await slicedSvgDataUrl(
      svg,
      () => {
        turns++;
        return Promise.resolve();
      },
      0,
    );
    expect(url.startsWith(PREFIX)).toBe(true);
    expect(turns).toBeGreaterThan(1);
    const read = parse(url);
    expect(read.querySelector('parsererror')).toBeNull();
    expect(read.documentElement.localName).toBe('svg');
    expect(read.querySelectorAll('p')).toHaveLength(200);
    expect(read.querySelectorAll('path')).toHaveLength(200);
    expect(read.querySelector('p')?.textContent).toBe('Ligne 0 « é » <b> & ');
    expect(read.querySelector('style')?.textContent).toBe('.a::before { content: "<&>"; }');
    expect(read.querySelector('body')?.getAttribute('style')).toBe(
      'color: rgb(1, 2, 3); width: 1080px',
    );
  });

  it('gives the text one call gives (control characters left out), encoded', async () => {
    const svg = clone(3);
    const whole = new XMLSerializer()
      .serializeToString(svg)
      .replace('\u0007', '')
      .replace('\u0007', '')
      .replace('\u0007', '');
    const url = await slicedSvgDataUrl(svg, () => Promise.resolve(), 1000);
    expect(url).toBe(PREFIX + encodeURIComponent(whole));
  });
});
