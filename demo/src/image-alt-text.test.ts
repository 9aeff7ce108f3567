import { ALT_TEXT_MAX_LENGTH } from '@plant-kiosk/contract';
import { describe, expect, it } from 'vitest';
import { imageAltText, svgTextLines } from './image-alt-text.js';
import { text } from './svg/kit.js';

const svg = (...lines: string[]) =>
  `<svg xmlns="http://www.w3.org/2000/svg">${lines.map((line, i) => text(0, i * 10, line, { size: 10 })).join('')}</svg>`;

describe('the text alternative of a demo image', () => {
  it('says the lines the picture shows, in order, with a pause after a heading', () => {
    const alt = imageAltText(
      'Menu',
      svg('Menu du lundi', 'Entrée', 'Salade de lentilles, vinaigrette', 'à la moutarde.'),
    );
    expect(alt).toBe('Menu du lundi. Entrée. Salade de lentilles, vinaigrette à la moutarde.');
  });

  it('puts the title first when the picture does not say it, and unescapes XML', () => {
    expect(imageAltText('Plan du site', svg('Parking & accueil'))).toBe(
      'Plan du site. Parking & accueil',
    );
    expect(imageAltText("L'unité Moulage", svg('L’unité Moulage', '68 presses'))).toBe(
      'L’unité Moulage. 68 presses',
    );
    expect(svgTextLines(svg('a', 'a', ' ', 'b'))).toEqual(['a', 'b']);
  });

  it('stays within the contract’s length, cut at a word', () => {
    const alt = imageAltText(
      'Long',
      svg(...Array.from({ length: 200 }, (_, i) => `mot numéro ${i}`)),
    );
    expect(alt.length).toBeLessThanOrEqual(ALT_TEXT_MAX_LENGTH);
    expect(alt.endsWith('…')).toBe(true);
  });
});
