import type { AuditEntry } from '@plant-kiosk/contract';
import { formatDate } from '../../lib/labels';

/**
 * The audit log's `summary` is free-form JSON (contract: "`after` for a creation,
 * `before`/`after` for an edit, `deleted`, `ids`…"). This turns the usual shapes into a short
 * French line for non-technical readers, and falls back to compact JSON for anything else.
 */

const FIELD_LABELS: Record<string, string> = {
  value: 'valeur',
  type: 'type',
  addingdate: 'date d’ajout',
  expirationdate: 'date d’expiration',
  zonename: 'nom',
  checkList: 'liste d’étapes',
  devname: 'nom',
  login: 'identifiant',
  username: 'utilisateur',
  role: 'rôle',
  devids: 'développements',
  disabled: 'désactivé',
  model: 'modèle',
  originalName: 'fichier',
  ip: 'adresse',
  method: 'méthode',
  token: 'jeton',
  tokenVersion: 'version des jetons',
};

const TARGET_LABELS: Record<string, string> = {
  zone: 'zone',
  element: 'élément',
  subelement: 'sous-élément',
  subgroup: 'sous-groupe',
  development: 'développement',
  user: 'utilisateur',
  'kiosk-account': 'compte de totem',
  media: 'média',
  sync: 'tout',
  alert_template: 'modèle d’alerte',
  setting: 'réglages',
};

export function targetLabel(type: string): string {
  return TARGET_LABELS[type] ?? type;
}

function text(value: unknown, timeZone: string): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(value)) {
    return formatDate(value, timeZone);
  }
  if (typeof value === 'string')
    return `« ${value.length > 60 ? `${value.slice(0, 60)}…` : value} »`;
  if (Array.isArray(value)) return value.map((item) => text(item, timeZone)).join(', ') || '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const label = (key: string) => FIELD_LABELS[key] ?? key;

/** `timeZone`: the entry's development's plant zone, for the instants it holds. */
export function summarize(summary: unknown, timeZone: string): string {
  if (!isRecord(summary))
    return summary === null || summary === undefined ? '' : text(summary, timeZone);
  const { before, after } = summary;
  if (isRecord(before) && isRecord(after)) {
    const parts = Object.keys(after).map(
      (key) => `${label(key)} : ${text(before[key], timeZone)} → ${text(after[key], timeZone)}`,
    );
    if (parts.length > 0) return parts.join(' ; ');
  }
  if (isRecord(after)) {
    return Object.entries(after)
      .filter(([key]) => key in FIELD_LABELS)
      .map(([key, value]) => `${label(key)} : ${text(value, timeZone)}`)
      .join(' ; ');
  }
  if (isRecord(summary.deleted)) {
    const name = summary.deleted.zonename ?? summary.deleted.value ?? summary.deleted.originalName;
    return name === undefined ? 'supprimé' : `supprimé : ${text(name, timeZone)}`;
  }
  if (Array.isArray(summary.ids)) return `nouvel ordre de ${summary.ids.length} éléments`;
  if (typeof summary.delivered === 'number') {
    return summary.delivered === 1
      ? '1 totem connecté prévenu'
      : `${summary.delivered} totems connectés prévenus`;
  }
  const entries = Object.entries(summary);
  if (entries.every(([, value]) => value === null || typeof value !== 'object')) {
    return entries.map(([key, value]) => `${label(key)} : ${text(value, timeZone)}`).join(' ; ');
  }
  const compact = JSON.stringify(summary);
  return compact.length > 160 ? `${compact.slice(0, 160)}…` : compact;
}

/** "× 6 000": how many events one entry stands for; null for a single one. */
export function repeatCount(entry: Pick<AuditEntry, 'count'>): string | null {
  return entry.count > 1 ? `× ${entry.count.toLocaleString('fr-FR')}` : null;
}

/**
 * "6 000 tentatives refusées, la dernière le 10/03/2026 09:12": refused calls from one address
 * are folded into one entry (the first refusal's details, a count and the time of the latest);
 * null for an entry of one event.
 */
export function repeatSummary(
  entry: Pick<AuditEntry, 'count' | 'lastAt'>,
  timeZone: string,
): string | null {
  if (entry.count <= 1) return null;
  const last = entry.lastAt ? `, la dernière le ${formatDate(entry.lastAt, timeZone)}` : '';
  return `${entry.count.toLocaleString('fr-FR')} tentatives refusées${last}`;
}
