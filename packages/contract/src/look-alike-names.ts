/**
 * Names that look alike (issue 40, item 6). A fire panel starts an alert by naming its template,
 * and an outside probe created "Évacuation" three more times: decomposed (NFD: E + U+0301), with a
 * zero-width space inside, and with a Cyrillic "Е". Each looks like the real one on a screen, so a
 * panel or a person could trigger the wrong template. The rules, shared by the server (checks,
 * storage, resolving the name a panel sends) and the back-office's form:
 * - a name is stored in NFC (`canonicalName`), without the invisible characters nobody means to
 *   type (zero-width spaces, soft hyphens, bidi marks, BOM…: pasted from a word processor);
 * - two names are the same when their `nameKey`s are: NFKC (which also folds full-width letters
 *   and ligatures), every invisible character removed, lower case — the comparison that refuses a
 *   look-alike as a duplicate, and that finds "Évacuation" typed decomposed by a panel;
 * - no word mixes scripts (`mixedScriptWord`): a Cyrillic "Е" among Latin letters is refused with
 *   a message saying which word and which scripts. Japanese (Han with kana), Chinese with Bopomofo
 *   and Korean with Han, which mix scripts by nature, may, with Latin too (Unicode UTS #39's
 *   "highly restrictive" level). A whole word in another script that happens to look Latin
 *   ("Рор" in Cyrillic) is not caught: that takes Unicode's confusables table, out of scope here.
 */

/**
 * Invisible: Unicode's default-ignorable code points (zero-width space and joiners, soft hyphen,
 * word joiner, variation selectors, Hangul fillers…) and format characters (bidi marks and
 * controls, BOM, interlinear annotations…).
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

/**
 * Kept in a stored name: the joiner, variation selectors and tag characters build emoji ("👩‍🚒",
 * "🍽️", flags); they are still ignored by the comparison.
 */
const isEmojiPart = (char: string): boolean => {
  // Code points rather than a character class: a class of joiners and selectors is what the
  // lint's no-misleading-character-class rightly distrusts.
  const code = char.codePointAt(0) ?? 0;
  return (
    code === 0x200d ||
    (code >= 0xfe00 && code <= 0xfe0f) ||
    (code >= 0xe0020 && code <= 0xe007f) ||
    (code >= 0xe0100 && code <= 0xe01ef)
  );
};

/**
 * Left in a stored name for the checks to refuse with their own message (text.ts): a bidi
 * embedding, override or isolate is there to deceive, not pasted by accident.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;

/** The name as stored: NFC, invisible characters removed (but emoji's own), trimmed. */
export function canonicalName(name: string): string {
  return name
    .normalize('NFC')
    .replace(INVISIBLE, (char) => (isEmojiPart(char) || BIDI_CONTROL.test(char) ? char : ''))
    .trim();
}

/** What two names are compared by: equal keys, same name. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').replace(INVISIBLE, '').trim().toLocaleLowerCase('fr');
}

/** Scripts told apart, with their French names; a letter of any other script is "autre". */
const SCRIPTS = {
  Latin: 'latin',
  Cyrillic: 'cyrillique',
  Greek: 'grec',
  Armenian: 'arménien',
  Georgian: 'géorgien',
  Hebrew: 'hébreu',
  Arabic: 'arabe',
  Syriac: 'syriaque',
  Thaana: 'thâna',
  Devanagari: 'dévanagari',
  Bengali: 'bengali',
  Gurmukhi: 'gurmukhi',
  Gujarati: 'gujarati',
  Oriya: 'oriya',
  Tamil: 'tamoul',
  Telugu: 'télougou',
  Kannada: 'kannada',
  Malayalam: 'malayalam',
  Sinhala: 'cingalais',
  Thai: 'thaï',
  Lao: 'lao',
  Tibetan: 'tibétain',
  Myanmar: 'birman',
  Khmer: 'khmer',
  Mongolian: 'mongol',
  Ethiopic: 'éthiopien',
  Cherokee: 'cherokee',
  Han: 'han (idéogrammes)',
  Hiragana: 'hiragana',
  Katakana: 'katakana',
  Bopomofo: 'bopomofo',
  Hangul: 'hangûl',
} as const;
type Script = keyof typeof SCRIPTS | 'other';

const SCRIPT_PATTERNS = (Object.keys(SCRIPTS) as (keyof typeof SCRIPTS)[]).map(
  (script) => [script, new RegExp(`\\p{Script=${script}}`, 'u')] as const,
);

/** Scripts that may share a word (UTS #39, highly restrictive). */
const MIXES: ReadonlyArray<ReadonlySet<Script>> = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/** Letters every script uses (modifier letters such as "ʼ"): they mix with any. */
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;

function scriptOf(letter: string): Script | null {
  if (SHARED.test(letter)) return null;
  for (const [script, pattern] of SCRIPT_PATTERNS) if (pattern.test(letter)) return script;
  return 'other';
}

/**
 * The first word of the name that mixes scripts, with their French names in order of
 * appearance; null when none does. A word is a run of letters, marks and digits (digits and
 * accents belong to every script); invisible characters are ignored, so that a zero-width
 * space cannot split a word in two.
 */
export function mixedScriptWord(name: string): { word: string; scripts: string[] } | null {
  const words =
    name
      .normalize('NFC')
      .replace(INVISIBLE, '')
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  for (const word of words) {
    const scripts = new Set<Script>();
    for (const letter of word.match(/\p{L}/gu) ?? []) {
      const script = scriptOf(letter);
      if (script) scripts.add(script);
    }
    if (scripts.size <= 1) continue;
    if (MIXES.some((mix) => [...scripts].every((script) => mix.has(script)))) continue;
    return {
      word,
      scripts: [...scripts].map((script) => (script === 'other' ? 'autre' : SCRIPTS[script])),
    };
  }
  return null;
}

const codePoint = (char: string) =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** "latin et cyrillique", "latin, grec et cyrillique". */
const list = (items: readonly string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`;

export const mixedScriptMessage = (found: { word: string; scripts: string[] }) =>
  `mélange plusieurs écritures dans le mot « ${found.word} » (${list(found.scripts)}) : on le confondrait avec un nom qui lui ressemble. Retapez ce mot avec un seul alphabet.`;

/**
 * What makes a stored name break the rules, in French (for the names stored before them, which
 * are listed to the admin rather than renamed): not in NFC, invisible characters, a word mixing
 * scripts. Empty when nothing does. Duplicates are the caller's to find, comparing `nameKey`s.
 */
export function nameIssues(name: string): string[] {
  const issues: string[] = [];
  if (name !== name.normalize('NFC'))
    issues.push(
      'écrit sous une forme Unicode décomposée (lettre et accent séparés) : il ne s’affiche pas autrement mais n’est pas le même texte',
    );
  const invisible = [...new Set(name.match(INVISIBLE) ?? [])].filter((char) => !isEmojiPart(char));
  if (invisible.length > 0)
    issues.push(
      `contient ${invisible.length === 1 ? 'un caractère invisible' : 'des caractères invisibles'} (${invisible.map(codePoint).join(', ')})`,
    );
  const mixed = mixedScriptWord(name);
  if (mixed) issues.push(mixedScriptMessage(mixed));
  return issues;
}
