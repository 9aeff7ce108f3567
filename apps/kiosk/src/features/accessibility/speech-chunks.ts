/**
 * Cuts the page's pieces into utterances short enough for every speech engine: Chromium stops
 * some long utterances after ~15 s without an `end` event, and a sentence is also the unit a
 * pause or a stop should land on. Sentences come from Intl.Segmenter (the page's language
 * rules: « M. Dupont » is not a sentence end); a sentence longer than MAX_UTTERANCE_CHARS is cut
 * again at its last comma, semicolon or space before the limit.
 */
import type { PageTextPiece } from './extract-page-text';

export const MAX_UTTERANCE_CHARS = 200;

export interface SpeechChunk {
  text: string;
  lang: string;
}

/** Titles and abbreviations a sentence segmenter may take for a sentence's end. */
const ABBREVIATION_END =
  /(?:^|\s)(?:M|MM|Mme|Mmes|Mlle|Dr|Pr|Me|St|Ste|Mr|Mrs|Ms|cf|etc|env|p|n°|no|vs)\.$/i;

function sentences(text: string, lang: string): string[] {
  const raw =
    typeof Intl !== 'undefined' && 'Segmenter' in Intl
      ? Array.from(new Intl.Segmenter(lang, { granularity: 'sentence' }).segment(text), (segment) =>
          segment.segment.trim(),
        )
      : text.split(/(?<=[.!?…])\s+/);
  const merged: string[] = [];
  for (const sentence of raw.filter(Boolean)) {
    const previous = merged.at(-1);
    if (previous !== undefined && ABBREVIATION_END.test(previous)) {
      merged[merged.length - 1] = `${previous} ${sentence}`;
    } else {
      merged.push(sentence);
    }
  }
  return merged;
}

/** Cuts one sentence at punctuation or spaces so that no part exceeds `max` characters. */
export function splitLong(sentence: string, max = MAX_UTTERANCE_CHARS): string[] {
  const parts: string[] = [];
  let rest = sentence.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max + 1);
    let cut = Math.max(
      window.lastIndexOf(', '),
      window.lastIndexOf('; '),
      window.lastIndexOf(': '),
    );
    cut = cut > max / 3 ? cut + 1 : window.lastIndexOf(' ');
    if (cut <= 0) cut = max;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

export function toSpeechChunks(
  pieces: readonly PageTextPiece[],
  max = MAX_UTTERANCE_CHARS,
): SpeechChunk[] {
  return pieces.flatMap((piece) =>
    sentences(piece.text, piece.lang).flatMap((sentence) =>
      splitLong(sentence, max).map((text) => ({ text, lang: piece.lang })),
    ),
  );
}
