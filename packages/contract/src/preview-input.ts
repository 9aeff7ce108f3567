/**
 * What a preview shows (issue 46), as the kiosk's and the back-office's addresses carry it: the
 * draft (`source=draft`), what the totems will show at an instant (`at=<instant>`), or the live
 * content plus one scheduled set (`set=<id>`) — exactly one of the three. The back-office writes
 * these addresses and the kiosk in preview mode reads them: one reading, here, so both agree. (The
 * server's own query, PreviewQuery, is validated by its schema and says its 400 in French.)
 */
export type PreviewInput = { source: 'draft' } | { at: string } | { set: number };

/** Why an address asks no single valid thing: nothing or several, an unreadable date, a bad id. */
export type PreviewInputProblem =
  { kind: 'not-one' } | { kind: 'bad-at'; value: string } | { kind: 'bad-set'; value: string };

const POSITIVE_INTEGER = /^[1-9]\d{0,9}$/;

/** The one thing `search` asks to preview, or why it asks no single valid thing. */
export function readPreviewInput(
  search: URLSearchParams,
): { input: PreviewInput } | { problem: PreviewInputProblem } {
  const inputs: PreviewInput[] = [];
  if (search.get('source') === 'draft') inputs.push({ source: 'draft' });
  const at = search.get('at');
  if (at !== null) {
    if (Number.isNaN(Date.parse(at))) return { problem: { kind: 'bad-at', value: at } };
    inputs.push({ at });
  }
  const set = search.get('set');
  if (set !== null) {
    if (!POSITIVE_INTEGER.test(set)) return { problem: { kind: 'bad-set', value: set } };
    inputs.push({ set: Number(set) });
  }
  return inputs.length === 1 ? { input: inputs[0]! } : { problem: { kind: 'not-one' } };
}

/** The query parameter that asks `input` (the inverse of readPreviewInput). */
export function previewInputParam(input: PreviewInput): [string, string] {
  if ('source' in input) return ['source', input.source];
  if ('at' in input) return ['at', input.at];
  return ['set', String(input.set)];
}
