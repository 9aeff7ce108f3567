/** The words of « Modifications programmées »: status, lateness, scope, counts, author. */
import type { RevisionCounts, ScheduledPublication } from '@plant-kiosk/contract';

export const STATUS_LABELS: Record<ScheduledPublication['status'], string> = {
  scheduled: 'en attente',
  held: 'retenue',
  published: 'publiée',
  cancelled: 'annulée',
};

/**
 * Published without a revision of its own: at its time everything it brought was live already (a
 * publish now « avec les programmées » took it meanwhile), so there was nothing to publish.
 */
export const isAlreadyLive = (item: Pick<ScheduledPublication, 'status' | 'revision'>) =>
  item.status === 'published' && item.revision === null;

/** The badge's word: its status, « déjà en ligne » for one that found nothing to publish. */
export const statusLabel = (item: Pick<ScheduledPublication, 'status' | 'revision'>) =>
  isAlreadyLive(item) ? 'déjà en ligne' : STATUS_LABELS[item.status];

/** Waiting or held: still to be decided or to happen (what the status bar counts). */
export const isOpen = (item: Pick<ScheduledPublication, 'status'>) =>
  item.status === 'scheduled' || item.status === 'held';

/** « 3 min », « 1 h 05 » — as the server writes the delay in the revision's note. */
export function durationText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${String(minutes % 60).padStart(2, '0')}` : `${minutes} min`;
}

/** « avec 1 h 05 de retard » from a minute late (a server down at its time); else nothing. */
export function latenessText(lateMs: number | null): string | null {
  return lateMs !== null && lateMs >= 60_000 ? `avec ${durationText(lateMs)} de retard` : null;
}

const NOUNS: Record<string, [string, string, boolean]> = {
  zone: ['zone', 'zones', true],
  element: ['élément', 'éléments', false],
  subgroup: ['sous-groupe', 'sous-groupes', false],
  subelement: ['sous-élément', 'sous-éléments', false],
  alert_template: ['modèle d’alerte', 'modèles d’alerte', false],
};
const VERBS = { changed: 'modifié', added: 'ajouté', removed: 'supprimé' } as const;

/** « 2 éléments modifiés, 1 zone ajoutée, réglages modifiés », or « aucune modification ». */
export function countsLine(counts: RevisionCounts): string {
  const parts: string[] = [];
  for (const [kind, tally] of Object.entries(counts)) {
    if (!tally) continue;
    for (const what of ['changed', 'added', 'removed'] as const) {
      const count = tally[what];
      if (!count) continue;
      if (kind === 'setting') {
        parts.push(what === 'removed' ? 'réglages remis par défaut' : 'réglages modifiés');
        continue;
      }
      const noun = NOUNS[kind];
      if (!noun) continue;
      const [one, many, feminine] = noun;
      parts.push(
        `${count} ${count > 1 ? many : one} ${VERBS[what]}${feminine ? 'e' : ''}${count > 1 ? 's' : ''}`,
      );
    }
  }
  return parts.length ? parts.join(', ') : 'aucune modification';
}

/** Who scheduled it, as the history names a revision's author. */
export function authorText(author: ScheduledPublication['author']): string {
  if (author.kind === 'user') return author.name ?? 'Utilisateur supprimé';
  if (author.kind === 'cli') return 'Ligne de commande';
  if (author.kind === 'api') return 'Intégration (jeton de publication)';
  return 'Système';
}

/** « Tout le brouillon » or « Zone « Menu » » (the zone's number when it is gone since). */
export function scopeText(
  scope: ScheduledPublication['scope'],
  zoneNames: ReadonlyMap<number, string>,
): string {
  if (scope.zoneid === null) return 'Toutes les modifications';
  const name = zoneNames.get(scope.zoneid);
  return name ? `Zone « ${name} »` : `Zone n° ${scope.zoneid}`;
}

/** Where the list lives (the status bar and the publish dialog link to it). */
export const scheduledPath = (devid: number) => `/programmees/${devid}`;
