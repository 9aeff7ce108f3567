/**
 * A totem's status in French words, as the fleet's rows and a totem's page show it: which revision
 * it shows against the published one, its media, its mode, its flag.
 */
import type { KioskStatus } from '@plant-kiosk/contract';

export const FLAG_LABELS: Record<NonNullable<KioskStatus['flag']>, string> = {
  silent: 'silencieux',
  behind: 'à surveiller',
  ahead: 'en avance',
};

/** The revision a totem shows, against the published one. */
export function revisionText(
  kiosk: Pick<KioskStatus, 'contentVersion' | 'currentContentVersion' | 'aheadOfServer'>,
) {
  if (kiosk.contentVersion === null) return 'jamais synchronisé';
  // The server's word, not a subtraction here: the contract says when a revision is ahead.
  if (kiosk.aheadOfServer) {
    return `révision ${kiosk.contentVersion} — en avance sur le serveur (sauvegarde restaurée ?)`;
  }
  const behind = kiosk.currentContentVersion - kiosk.contentVersion;
  return behind <= 0
    ? `révision ${kiosk.contentVersion} — à jour`
    : `révision ${kiosk.contentVersion} — ${behind} de retard`;
}

/** Its media for that revision, as last reported; null when unknown. */
export function mediaText(media: KioskStatus['media']): string | null {
  if (media === null) return null;
  if (media.phase === 'complete') return 'médias complets';
  const count = `médias ${media.cached} / ${media.total}`;
  return media.phase === 'downloading' ? `${count} en téléchargement` : count;
}

export function modeText(kiosk: KioskStatus): string {
  if (kiosk.mode === 'parcours') return 'Parcours visiteur';
  if (kiosk.mode === 'totem') return `Totem ${kiosk.totem ?? ''}`.trim();
  return 'Non choisi';
}
