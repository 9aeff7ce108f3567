/**
 * Text hygiene for names people type (outside-probe hardening). A name may be in any script, but
 * not hold:
 * - a lone surrogate (half of a UTF-16 pair): it is not a character, and each store keeps
 *   something different of it (garbage on one, U+FFFD on the other);
 * - a bidirectional embedding, override or isolate control (U+202A–U+202E, U+2066–U+2069): it
 *   makes a name display differently from what it is ("Zone ‮gpj.exe" shows as "Zone exe.jpg").
 * Nor start or end with white space, as before. The pattern works with and without the `u` flag
 * (Ajv on the server uses it, TypeBox's checker in the browsers does not), so one definition
 * serves every validator and the OpenAPI document.
 */
import { Type, type StringOptions } from '@sinclair/typebox';

export const LONE_SURROGATE =
  '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
export const BIDI_CONTROL = '[\\u202A-\\u202E\\u2066-\\u2069]';

/** A name: no lone surrogate, no bidi control, no white space at either end, one line. */
export const PLAIN_NAME_PATTERN = `^(?!.*(?:${LONE_SURROGATE}|${BIDI_CONTROL}))\\S(?:.*\\S)?$`;

/** A string schema for a name, with the shared pattern. */
export const PlainName = (options: Omit<StringOptions, 'pattern'> = {}) =>
  Type.String({ ...options, pattern: PLAIN_NAME_PATTERN });

const UNSAFE_IN_FILE_NAMES = new RegExp(
  `[\\u0000-\\u001F\\u007F-\\u009F]|${BIDI_CONTROL}|${LONE_SURROGATE}`,
  'g',
);

/**
 * A file name as given by an upload, made safe to store and show: control characters (NUL
 * included), bidi controls and lone surrogates removed, then trimmed.
 */
export function cleanFileName(name: string): string {
  return name.replace(UNSAFE_IN_FILE_NAMES, '').trim();
}
