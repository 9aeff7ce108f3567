/**
 * CSV cells for the server's downloads (the alert timeline, the usage export): one rule for
 * quoting and for defusing spreadsheet formulas, so every CSV the plant opens is safe alike.
 * Moved here from the alerts domain when the usage export came to need it too (issue 49).
 */

/**
 * A CSV field: quoted when it holds the separator, a quote or a line break; formulas defused. A
 * text cell starting with = + - @ is a formula for spreadsheets: it gets an apostrophe before it,
 * so what a name or a totem sent is shown, never run. Numbers are written as they are.
 */
export function csvField(value: string | number | null, separator: ';' | ',' = ';'): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  const needsQuotes =
    text.includes(separator) || text.includes('"') || text.includes('\r') || text.includes('\n');
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
}
