/**
 * The text alternative of a demo image (decision 050): the demo's pictures are pictures of text —
 * posters, menus, pages of a guide — so what a reader should hear is the text they show, in the
 * order they show it. The builders draw every line through `text()` of svg/kit.ts, one `<text>`
 * per line, so the SVG's lines in document order are exactly that text.
 *
 * Lines are joined with a space; a line that ends without punctuation and is followed by one that
 * starts with a capital is a title or a table cell, and gets a full stop so a speech voice pauses
 * there instead of running the heading into the paragraph. The image's own title comes first when
 * its text does not already say it. Bounded to the contract's length, cut at a word.
 */
import { ALT_TEXT_MAX_LENGTH } from '@plant-kiosk/contract';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': '’',
  '&#39;': '’',
};

const unescapeXml = (value: string) =>
  value.replace(/&(?:amp|lt|gt|quot|apos|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** The SVG's lines of text, in document order, trimmed, without empty or repeated lines. */
export function svgTextLines(svg: string): string[] {
  const lines: string[] = [];
  for (const match of svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)) {
    const line = unescapeXml((match[1] ?? '').replace(/<[^>]+>/g, ''))
      .replace(/\s+/g, ' ')
      .trim();
    if (line && line !== lines[lines.length - 1]) lines.push(line);
  }
  return lines;
}

const ENDS_A_SENTENCE = /[.!?:;…,—–-]$/;
const STARTS_A_SENTENCE = /^[\p{Lu}\p{N}«“"(]/u;

/** For comparing a title with the picture's lines: case and apostrophes aside. */
const loose = (value: string) => value.toLocaleLowerCase('fr').replace(/[’']/g, "'");

export function imageAltText(title: string, svg: string): string {
  const lines = svgTextLines(svg);
  if (!loose(lines.join(' ')).includes(loose(title))) lines.unshift(title);
  let text = '';
  for (const [index, line] of lines.entries()) {
    if (index === 0) {
      text = line;
      continue;
    }
    const pause = !ENDS_A_SENTENCE.test(text) && STARTS_A_SENTENCE.test(line);
    text += `${pause ? '.' : ''} ${line}`;
  }
  if (text.length <= ALT_TEXT_MAX_LENGTH) return text;
  const cut = text.slice(0, ALT_TEXT_MAX_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > 0 ? cut.slice(0, space) : cut}…`;
}
