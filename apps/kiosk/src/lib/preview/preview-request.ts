/**
 * The kiosk in preview mode (issue 46): the back-office opens the real kiosk app in a frame at
 * `/?apercu=1&devid=N&source=draft` (or `&at=<instant>` / `&set=<id>`, and `&mode=` for the
 * totem's mode), to show what it prepares before any totem does.
 *
 * The request is read once from the page's address, when this module is first evaluated — before
 * any store reads its keys — so every module that must behave differently in a preview (the
 * storage, the clock, the content refresh) asks `previewRequest()` and gets the same answer.
 * A page without `apercu` is a totem, and nothing here changes what it does.
 */
import {
  previewInputParam,
  readPreviewInput,
  TOTEM_TYPES,
  type PreviewInput,
} from '@plant-kiosk/contract';
import type { KioskMode } from '../ui-store/ui-store';

export type { PreviewInput };

export interface PreviewRequest {
  devid: number;
  input: PreviewInput;
  /** The totem's mode to show; null: the kiosk's default (a staff totem without a type). */
  mode: KioskMode | null;
}

/** Why an address asks a preview that cannot be shown, in French (the back-office's language). */
export class PreviewRequestError extends Error {
  override name = 'PreviewRequestError';
}

const MODES: readonly KioskMode[] = ['visiteur', ...TOTEM_TYPES];
const POSITIVE_INTEGER = /^[1-9]\d{0,9}$/;

/**
 * The preview asked by `search` (a location's query string): null when it asks none (a totem);
 * throws a PreviewRequestError when it asks one badly.
 */
export function parsePreviewRequest(search: string): PreviewRequest | null {
  const query = new URLSearchParams(search);
  if (!query.has('apercu')) return null;
  const devidText = query.get('devid') ?? '';
  if (!POSITIVE_INTEGER.test(devidText))
    throw new PreviewRequestError('Aperçu : le numéro du développement manque ou est invalide.');
  const read = readPreviewInput(query);
  if ('problem' in read) {
    const { problem } = read;
    if (problem.kind === 'bad-at')
      throw new PreviewRequestError(`Aperçu : « ${problem.value} » n’est pas une date lisible.`);
    if (problem.kind === 'bad-set')
      throw new PreviewRequestError(
        'Aperçu : le numéro de la modification programmée est invalide.',
      );
    throw new PreviewRequestError(
      'Aperçu : dites quoi prévisualiser, une seule chose (le brouillon, une date ou une modification programmée).',
    );
  }
  const modeText = query.get('mode');
  const mode = MODES.find((candidate) => candidate === modeText) ?? null;
  return { devid: Number(devidText), input: read.input, mode };
}

/** The query string of the preview snapshot's call for `input` (the contract's PreviewQuery). */
export function previewQueryOf(input: PreviewInput): Record<string, string> {
  const [key, value] = previewInputParam(input);
  return { [key]: value };
}

type Read = { request: PreviewRequest | null } | { error: PreviewRequestError };
let read: Read | null = null;

function readOnce(): Read {
  if (read) return read;
  try {
    const search = typeof window === 'undefined' ? '' : window.location.search;
    read = { request: parsePreviewRequest(search) };
  } catch (error) {
    read = {
      error: error instanceof PreviewRequestError ? error : new PreviewRequestError(String(error)),
    };
  }
  return read;
}

/** Whether this page is a preview (well or badly asked): a preview never acts as a totem. */
export function isPreview(): boolean {
  const current = readOnce();
  return 'error' in current || current.request !== null;
}

/** The preview this page shows; null on a totem; throws the address's problem when badly asked. */
export function previewRequest(): PreviewRequest | null {
  const current = readOnce();
  if ('error' in current) throw current.error;
  return current.request;
}

/** Tests only: forget what was read, so the next call reads the address again. */
export function resetPreviewRequestForTests(): void {
  read = null;
}
