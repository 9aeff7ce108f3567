/**
 * The journal in sentences (issue 41, item 12): every action the server writes to the audit log
 * (grep the server for `action:`) told in French for the people who keep the content —
 * "Retour à la révision 1, publié comme révision 5 (44 zones supprimées)" rather than
 * `revision.rollback` and `{"rolledBackTo":1}`. The raw entry stays on the page, folded, for
 * support. An action this list does not know yet falls back to the generic summary.
 */
import {
  ALERT_TOKEN_AUDIT_ACTION,
  CAP_MAPPING_AUDIT_ACTION,
  capRuleKey,
  DEFAULT_SETTINGS,
  KIOSK_COMMAND_AUDIT_ACTION,
  KIOSK_COMMAND_LABELS,
  KIOSK_FORGET_AUDIT_ACTION,
  KIOSK_PLAN_MARKS_AUDIT_ACTION,
  KIOSK_PROFILE_AUDIT_ACTION,
  KIOSK_PURGE_AUDIT_ACTION,
  formatPlantInstant,
  MEDIA_AUDIT_ACTIONS,
  NOTIFICATION_AUDIT_ACTIONS,
  NOTIFICATION_FIELD_LABELS,
  SETTINGS_AUDIT_ACTION,
  SETTINGS_LABELS,
  SSO_AUDIT_ACTIONS,
  SSO_ERROR_MESSAGES,
  SSO_FIELD_LABELS,
  isSsoErrorCode,
  normalizeOpeningHours,
  openingHoursText,
  type AuditEntry,
} from '@plant-kiosk/contract';
import { formatBytes } from '../../lib/api/media-api';
import { ITEM_TYPE_LABELS, ZONE_TYPE_LABELS } from '../../lib/labels';
import { fileDisplayName } from '../../lib/media-library';
import { durationText } from '../scheduled';
import { summarize } from './audit-summary';

type Row = Record<string, unknown>;
const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('fr-FR')} ${count > 1 ? many : one}`;

/** A stored file path reads as its file name; any other text, quoted and cut to a line. */
function quoted(value: unknown): string {
  const text = str(value);
  if (text === null) return '(vide)';
  // Named as the element list names it: "menu semaine 48", not its stored path and hash.
  const file = /^\.?\/?(media|pdf|videos?)\/\S+\.[a-z0-9]{2,5}$/i.test(text)
    ? fileDisplayName(decodeURIComponent(text))
    : text;
  return `« ${file.length > 60 ? `${file.slice(0, 60)}…` : file} »`;
}

/** The one-line count of a publish or a rollback: "2 éléments modifiés, 1 zone ajoutée". */
type KindCounts = { added?: number; changed?: number; removed?: number };
const COUNT_NOUNS: Record<string, [string, string, boolean]> = {
  zone: ['zone', 'zones', true],
  element: ['élément', 'éléments', false],
  subgroup: ['sous-groupe', 'sous-groupes', false],
  subelement: ['sous-élément', 'sous-éléments', false],
  alert_template: ['modèle d’alerte', 'modèles d’alerte', false],
};
const COUNT_VERBS = { changed: 'modifié', added: 'ajouté', removed: 'supprimé' } as const;
export function countsSentence(counts: unknown): string {
  if (!isRow(counts)) return '';
  const parts: string[] = [];
  for (const [kind, tally] of Object.entries(counts)) {
    if (!isRow(tally)) continue;
    for (const what of ['changed', 'added', 'removed'] as const) {
      const count = num((tally as KindCounts)[what]) ?? 0;
      if (count === 0) continue;
      if (kind === 'setting') {
        parts.push(what === 'removed' ? 'réglages remis par défaut' : 'réglages modifiés');
        continue;
      }
      const noun = COUNT_NOUNS[kind];
      if (!noun) continue;
      const [one, many, feminine] = noun;
      const ending = `${feminine ? 'e' : ''}${count > 1 ? 's' : ''}`;
      parts.push(`${plural(count, one, many)} ${COUNT_VERBS[what]}${ending}`);
    }
  }
  return parts.join(', ');
}

const CONTENT_NOUNS: Record<string, { noun: string; feminine: boolean }> = {
  zone: { noun: 'Zone', feminine: true },
  element: { noun: 'Élément', feminine: false },
  subelement: { noun: 'Sous-élément', feminine: false },
  subgroup: { noun: 'Sous-groupe', feminine: false },
};
const CONTENT_VERBS: Record<string, string> = {
  create: 'ajouté',
  update: 'modifié',
  delete: 'supprimé',
};
const CONTENT_FIELDS: Record<string, string> = {
  value: 'valeur',
  type: 'type',
  addingdate: 'date d’ajout',
  expirationdate: 'date d’expiration',
  zonename: 'nom',
  checkList: 'liste à cocher',
  fieldlabel: 'champ',
  lang: 'langue',
  order: 'position',
  model: 'modèle',
};

/** What an item is: "Image « menu-48.webp »", "« Menu » (liste d’images)". */
function itemName(kind: string, row: Row): string {
  if (kind === 'zone') {
    const type = str(row.type);
    const label = type ? (ZONE_TYPE_LABELS as Record<string, string>)[type] : undefined;
    return `${quoted(row.zonename)}${label ? ` (${label.toLowerCase()})` : ''}`;
  }
  if (kind === 'subgroup') return str(row.model) ? `du modèle « ${str(row.model)} »` : '';
  const type = str(row.type);
  const label = type ? (ITEM_TYPE_LABELS as Record<string, string>)[type] : undefined;
  if (row.value === undefined) return label ? `(${label.toLowerCase()})` : '';
  return `${label ? `${label.toLowerCase()} ` : ''}${quoted(row.value)}`;
}

function fieldValue(field: string, value: unknown, timeZone: string): string {
  if (field === 'type' && typeof value === 'string') {
    return (
      (ITEM_TYPE_LABELS as Record<string, string>)[value] ??
      (ZONE_TYPE_LABELS as Record<string, string>)[value] ??
      value
    ).toLowerCase();
  }
  if (field === 'lang') return value === 'en' ? 'anglais' : 'français';
  // The opening hours (issue 48): their one-line summary.
  if (field === 'openingHours') return openingHoursText(normalizeOpeningHours(value));
  // A sub-group's field: its values, as strings or as { value, type }.
  if (Array.isArray(value)) {
    return value.map((item) => quoted(isRow(item) ? item.value : item)).join(', ') || 'aucune';
  }
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (value === null || value === undefined) return 'aucune';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
    return summarize({ at: value }, timeZone).replace(/^at : /, '');
  }
  return quoted(value);
}

/** "valeur « a.webp » → « b.webp » ; type image → texte". */
function changesOf(
  before: unknown,
  after: unknown,
  labels: Record<string, string>,
  timeZone: string,
): string {
  if (!isRow(before) || !isRow(after)) return '';
  return Object.keys(after)
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map(
      (field) =>
        `${labels[field] ?? field} ${fieldValue(field, before[field], timeZone)} → ${fieldValue(field, after[field], timeZone)}`,
    )
    .join(' ; ');
}

function contentSentence(entry: AuditEntry, summary: Row, timeZone: string): string | null {
  const [kind, verb] = entry.action.split('.');
  const noun = kind ? CONTENT_NOUNS[kind] : undefined;
  if (!noun || !verb) return null;
  if (verb === 'reorder') return null;
  const done = CONTENT_VERBS[verb];
  if (!done) return null;
  const head = `${noun.noun} ${done}${noun.feminine ? 'e' : ''}`;
  const where = entry.targetId !== null ? ` (n° ${entry.targetId})` : '';
  if (verb === 'create' && isRow(summary.after)) {
    const name = itemName(kind!, summary.after);
    return `${head}${name ? ` : ${name}` : ''}${where}`;
  }
  if (verb === 'delete' && isRow(summary.deleted)) {
    const name = itemName(kind!, summary.deleted);
    return `${head}${name ? ` : ${name}` : ''}${where}`;
  }
  const changes = changesOf(summary.before, summary.after, CONTENT_FIELDS, timeZone);
  return `${head}${where}${changes ? ` : ${changes}` : ''}`;
}

const REORDERS: Record<string, [string, string]> = {
  'elements.reorder': ['Éléments de la zone', 'élément'],
  'subelements.reorder': ['Sous-éléments de l’élément', 'sous-élément'],
  'subgroups.reorder': ['Sous-groupes de l’élément', 'sous-groupe'],
};

const drillWord = (drill: unknown, name: unknown) =>
  `${drill ? 'l’exercice' : 'l’alerte'} ${quoted(name)}`;
/** " (message CAP de gtb@usine, gtb-42)" when a CAP message did it (issue 50). */
const capFrom = (cap: unknown): string =>
  isRow(cap) && typeof cap.sender === 'string'
    ? ` (message CAP de ${cap.sender}${typeof cap.identifier === 'string' ? `, ${cap.identifier}` : ''})`
    : '';

const alertHead = (drill: unknown, name: unknown) =>
  `${drill ? 'Exercice' : 'Alerte'} ${quoted(name)}`;
const alertDone = (drill: unknown, verb: string) => `${verb}${drill ? '' : 'e'}`;

/**
 * A change of the CAP mapping (issue 50) from its rules before and after: the rules added, removed
 * and pointed at another template, each as « code d’événement SAME = « FRW » → « Évacuation » ».
 */
function capMappingSentence(summary: Row): string {
  const rules = (value: unknown) => (Array.isArray(value) ? value.filter(isRow) : []);
  const match = (rule: Row) => (rule.match === 'event' ? 'event' : 'eventCode');
  const keyOf = (rule: Row) =>
    capRuleKey({
      match: match(rule),
      valueName: str(rule.valueName) ?? undefined,
      value: str(rule.value) ?? '',
    });
  const what = (rule: Row) => {
    const valueName = str(rule.valueName);
    return match(rule) === 'event'
      ? `événement « ${str(rule.value) ?? '?'} »`
      : `code d’événement ${valueName ? `${valueName} = ` : ''}« ${str(rule.value) ?? '?'} »`;
  };
  const template = (rule: Row) =>
    str(rule.template) ? quoted(rule.template) : `modèle n° ${num(rule.templateid) ?? '?'}`;
  const before = new Map(rules(summary.before).map((rule) => [keyOf(rule), rule]));
  const after = new Map(rules(summary.after).map((rule) => [keyOf(rule), rule]));
  const parts = [
    ...[...after]
      .filter(([key]) => !before.has(key))
      .map(([, rule]) => `ajout ${what(rule)} → ${template(rule)}`),
    ...[...after].flatMap(([key, rule]) => {
      const old = before.get(key);
      return old && num(old.templateid) !== num(rule.templateid)
        ? [`${what(rule)} : ${template(old)} → ${template(rule)}`]
        : [];
    }),
    ...[...before]
      .filter(([key]) => !after.has(key))
      .map(([, rule]) => `retrait ${what(rule)} → ${template(rule)}`),
  ];
  return parts.length > 0
    ? `Règles des messages CAP modifiées : ${parts.join(' ; ')}`
    : `Règles des messages CAP enregistrées sans changement (${plural(after.size, 'règle', 'règles')})`;
}

/** A pack's counts, as ` : 3 zones, 40 éléments, 12 fichiers` (nothing when absent). */
function packCounts(value: unknown): string {
  if (!isRow(value)) return '';
  const parts = [
    ['zone', 'zone(s)'],
    ['element', 'élément(s)'],
    ['subgroup', 'sous-groupe(s)'],
    ['subelement', 'sous-élément(s)'],
    ['alert_template', 'modèle(s) d’alerte'],
    ['media', 'fichier(s)'],
  ]
    .map(([key, label]) => [num(value[key as string]), label] as const)
    .filter(([count]) => count !== null && count > 0)
    .map(([count, label]) => `${count} ${label}`);
  return parts.length ? ` : ${parts.join(', ')}` : '';
}

/**
 * A scheduled publication's instant in the plant's time, « lundi 30 novembre à 05:00 (heure de
 * Paris) », the year said when it is not the entry's own (read beside the entry's date).
 */
function plantWhen(value: unknown, entry: AuditEntry, timeZone: string): string {
  const text = str(value);
  if (text === null || Number.isNaN(Date.parse(text))) return '(heure inconnue)';
  const written = Number.isNaN(Date.parse(entry.at)) ? new Date() : new Date(entry.at);
  return formatPlantInstant(text, timeZone, written);
}

/** « programmation n° 7 » — the number « Modifications programmées » does not show, for support. */
const setName = (summary: Row) =>
  num(summary.setid) !== null ? `programmation n° ${num(summary.setid)}` : 'programmation';

/**
 * The sentence of one journal entry, in French. `timeZone`: the development's (issue 45), for the
 * times of scheduled publications; they name their zone, so the default never misleads.
 */
export function auditSentence(
  entry: AuditEntry,
  timeZone: string = DEFAULT_SETTINGS.timeZone,
): string {
  const summary: Row = isRow(entry.summary) ? entry.summary : {};
  const when = (value: unknown) => plantWhen(value, entry, timeZone);
  const noteOf = () => (str(summary.note) ? `. Note : « ${str(summary.note)} »` : '');
  const ip = str(summary.ip);
  const from = ip ? ` depuis l’adresse ${ip}` : '';
  switch (entry.action) {
    case 'session.login':
      return summary.sso === true
        ? `Connexion au back-office par le compte du groupe${from}`
        : `Connexion au back-office${from}`;
    case 'publish': {
      const revision = num(summary.revision);
      const counts = countsSentence(summary.counts);
      const zone = num(summary.onlyZone);
      const note = str(summary.note);
      const delivered = num(summary.delivered);
      const what = zone !== null ? `Publication de la zone n° ${zone} seule` : 'Publication';
      if (summary.created === false) {
        return `${what} sur les totems sans nouveauté : ils avaient déjà la révision ${revision ?? '?'}`;
      }
      return [
        `${what} sur les totems${revision !== null ? ` : révision ${revision}` : ''}${counts ? ` (${counts})` : ''}`,
        delivered === null
          ? ''
          : delivered === 0
            ? ', aucun totem connecté à ce moment'
            : `, envoyée à ${plural(delivered, 'totem connecté', 'totems connectés')}`,
        note ? `. Note : « ${note} »` : '',
      ].join('');
    }
    case 'publish.schedule': {
      const counts = countsSentence(summary.counts);
      const zone =
        entry.targetType === 'zone' && entry.targetId !== null
          ? ` de la zone n° ${entry.targetId} seule`
          : '';
      return `Publication${zone} programmée pour ${when(summary.at)}${counts ? ` (${counts})` : ''}, ${setName(summary)}${noteOf()}`;
    }
    case 'publish.schedule-cancel':
      return `Programmation annulée (${setName(summary)}) : rien n’est parti ${when(summary.at)}, ses modifications restent non publiées${noteOf()}`;
    case 'publish.reschedule':
      return `Publication programmée déplacée (${setName(summary)}) : de ${when(summary.from)} à ${when(summary.at)}${
        summary.wasHeld === true ? ' ; elle était retenue et attend de nouveau son heure' : ''
      }`;
    case 'publish.scheduled': {
      const counts = countsSentence(summary.counts);
      const lateMs = num(summary.lateMs);
      const late =
        lateMs !== null && lateMs >= 60_000 ? `, avec ${durationText(lateMs)} de retard` : '';
      return `Publication programmée mise en ligne (${setName(summary)}) : révision ${num(summary.revision) ?? '?'}${counts ? ` (${counts})` : ''}, prévue ${when(summary.at)}${late}`;
    }
    case 'publish.schedule-already-live': {
      const counts = countsSentence(summary.counts);
      return `Publication programmée sans effet à son heure (${setName(summary)}) : tout ce qu’elle apportait${counts ? ` (${counts})` : ''} était déjà en ligne${num(summary.revision) !== null ? ` dans la révision ${num(summary.revision)}` : ''}, rien à publier ; prévue ${when(summary.at)}`;
    }
    case 'publish.schedule-held':
      return `Publication programmée retenue (${setName(summary)}) : ${str(summary.reason) ?? 'raison inconnue'}`;
    // Four-eyes publishing (issue 51, part 2).
    case 'publish.four-eyes': {
      const to = (isRow(summary.to) ? summary.to : {}) as Row;
      return to.enabled === true
        ? `Double validation activée : chaque publication devra être approuvée par une autre personne${to.allowToken === true ? ' (le jeton de publication et la CLI restent autorisés)' : ''}`
        : 'Double validation désactivée : qui peut publier publie seul';
    }
    case 'publish.bypass': {
      const what =
        summary.what === 'rollback'
          ? 'Retour à une version'
          : summary.what === 'schedule'
            ? 'Programmation'
            : 'Publication';
      return `${what} sans approbation malgré la double validation. Raison : « ${str(summary.reason) ?? '?'} »`;
    }
    case 'publish.request': {
      const counts = countsSentence(summary.counts);
      const what =
        num(summary.rollbackTo) !== null
          ? `le retour à la révision ${num(summary.rollbackTo)}`
          : num(summary.zoneid) !== null
            ? `la publication de la zone n° ${num(summary.zoneid)}`
            : 'une publication';
      const replaced = Array.isArray(summary.superseded) ? summary.superseded.length : 0;
      return `Demande n° ${num(summary.setid) ?? '?'} : ${what}${counts ? ` (${counts})` : ''}${
        str(summary.at) ? `, pour ${when(summary.at)}` : ''
      }, à approuver par une autre personne${replaced > 0 ? ` ; elle remplace ${plural(replaced, 'demande', 'demandes')} en attente` : ''}${noteOf()}`;
    }
    case 'publish.request-approve': {
      const revision = num(summary.revision);
      const comment = str(summary.comment) ? `. Commentaire : « ${str(summary.comment)} »` : '';
      const outcome =
        revision !== null
          ? ` et publiée : révision ${revision}`
          : str(summary.at)
            ? `, programmée pour ${when(summary.at)}`
            : summary.alreadyLive === true
              ? ' : tout était déjà en ligne'
              : '';
      return `Demande n° ${num(summary.setid) ?? '?'} approuvée${outcome}${comment}`;
    }
    case 'publish.request-refuse':
      return `Demande n° ${num(summary.setid) ?? '?'} refusée : « ${str(summary.comment) ?? '?'} » ; ses modifications restent non publiées`;
    case 'publish.request-withdraw':
      return `Demande n° ${num(summary.setid) ?? '?'} retirée ; ses modifications restent non publiées`;
    case 'draft.discard': {
      const counts = countsSentence(summary.counts);
      const scope =
        entry.targetType === 'zone' && entry.targetId !== null
          ? ` de la zone n° ${entry.targetId}`
          : '';
      return `Modifications non publiées${scope} annulées${counts ? ` (${counts})` : ''} : retour au contenu de la révision ${num(summary.revision) ?? '?'}`;
    }
    case 'pack.export': {
      const zones = Array.isArray(summary.zones) ? summary.zones.map(String) : null;
      return `Paquet de contenu de la révision ${num(summary.revision) ?? '?'} téléchargé${
        zones ? ` (zones ${zones.map((zone) => `« ${zone} »`).join(', ')})` : ''
      }${packCounts(summary.counts)}`;
    }
    case 'pack.import': {
      const source = (summary.source ?? {}) as Record<string, unknown>;
      const media = [
        num(summary.mediaAdded) !== null ? `${num(summary.mediaAdded)} fichier(s) ajouté(s)` : '',
        num(summary.mediaReused) ? `${num(summary.mediaReused)} déjà dans la médiathèque` : '',
      ].filter(Boolean);
      return `Paquet de contenu${str(source.devname) ? ` de « ${str(source.devname)} »` : ''} importé dans les modifications non publiées${
        summary.created === true ? ' d’un nouveau développement' : ''
      }${packCounts(summary.counts)}${media.length ? `, ${media.join(', ')}` : ''}`;
    }
    case 'revision.rollback': {
      const counts = countsSentence(summary.counts);
      return `Retour à la révision ${num(summary.rolledBackTo) ?? '?'}, publié sur les totems comme révision ${num(summary.revision) ?? '?'}${counts ? ` (${counts})` : ''}`;
    }
    case 'alert.start':
      return `${alertHead(summary.drill, summary.template)} ${alertDone(summary.drill, 'déclenché')} sur les totems${capFrom(summary.cap)}`;
    case 'alert.replace':
      return `${alertHead(summary.drill, summary.template)} ${alertDone(summary.drill, 'déclenché')} en remplacement de ${drillWord(summary.replacedDrill, summary.replaced)}`;
    case 'alert.end': {
      const acknowledged = num(summary.acknowledged);
      return `Fin de ${drillWord(summary.drill, summary.template)}${
        acknowledged === null
          ? ''
          : ` : ${plural(acknowledged, 'totem l’avait affichée', 'totems l’avaient affichée')}`
      }`;
    }
    case 'alert.refused':
      if (isRow(summary.cap) && summary.inForce == null)
        return `${alertHead(summary.drill, summary.template)} refusé${summary.drill ? '' : 'e'} : l’alerte que le message CAP met à jour n’est plus en cours${capFrom(summary.cap)}`;
      return `${alertHead(summary.drill, summary.template)} refusé${summary.drill ? '' : 'e'} : ${drillWord(summary.inForceDrill, summary.inForce)} était en cours${
        summary.drill && !summary.inForceDrill
          ? ' (un exercice ne remplace jamais une alerte réelle)'
          : isRow(summary.cap)
            ? ' (le message CAP ne la nommait pas dans <references>)'
            : ' (« Remplacer l’alerte en cours » n’était pas coché)'
      }${capFrom(summary.cap)}`;
    case 'alert.cap_refused': {
      const sender = str(summary.sender);
      const identifier = str(summary.identifier);
      return `Message CAP refusé (${num(summary.status) ?? '?'})${sender ? ` de ${sender}` : ''}${identifier ? `, identifiant ${identifier}` : ''} : ${(str(summary.reason) ?? 'raison inconnue').replace(/"([^"]*)"/g, '« $1 »')}`;
    }
    case 'alert.unauthorized': {
      const method = str(summary.method);
      return `Appel d’alerte refusé : jeton ${summary.token === 'wrong' ? 'faux' : 'absent'}${method ? ` (requête ${method}${from})` : from}`;
    }
    case CAP_MAPPING_AUDIT_ACTION:
      return capMappingSentence(summary);
    case ALERT_TOKEN_AUDIT_ACTION:
      return `Jeton d’alerte régénéré${from} : l’ancien est refusé depuis`;
    case 'alert_template.create':
    case 'alert_template.update':
    case 'alert_template.delete': {
      const row = isRow(summary.after)
        ? summary.after
        : isRow(summary.deleted)
          ? summary.deleted
          : {};
      const name = quoted(row.name ?? null);
      if (entry.action.endsWith('create')) return `Modèle d’alerte ${name} créé`;
      if (entry.action.endsWith('delete')) return `Modèle d’alerte ${name} supprimé`;
      const changes = changesOf(summary.before, summary.after, ALERT_TEMPLATE_FIELDS, timeZone);
      return `Modèle d’alerte n° ${entry.targetId ?? '?'} modifié${changes ? ` : ${changes}` : ''}`;
    }
    case SETTINGS_AUDIT_ACTION: {
      const parts = Object.entries(summary)
        .filter(([, change]) => isRow(change))
        .map(([field, change]) => {
          const { before, after } = change as Row;
          return `${(SETTINGS_LABELS as Record<string, string>)[field] ?? field} : ${fieldValue(field, before, timeZone)} → ${fieldValue(field, after, timeZone)}`;
        });
      return `Réglages modifiés${parts.length ? ` — ${parts.join(' ; ')}` : ''}`;
    }
    case NOTIFICATION_AUDIT_ACTIONS.update: {
      // Issue 48 (decision 042): a secret is summarised as « modifié » or « effacé », never shown.
      const value = (field: unknown): string =>
        typeof field === 'boolean'
          ? field
            ? 'oui'
            : 'non'
          : Array.isArray(field)
            ? field.length
              ? field.map((item) => quoted(item)).join(', ')
              : '(aucun)'
            : typeof field === 'number'
              ? String(field)
              : quoted(field);
      const parts = Object.entries(summary).map(([field, change]) => {
        const label = NOTIFICATION_FIELD_LABELS[field] ?? field;
        if (!isRow(change)) return `${label} ${str(change) ?? 'modifié'}`;
        return `${label} : ${value(change.before)} → ${value(change.after)}`;
      });
      return `Notifications modifiées${parts.length ? ` — ${parts.join(' ; ')}` : ''}`;
    }
    case NOTIFICATION_AUDIT_ACTIONS.test: {
      const channel = summary.channel === 'email' ? 'e-mail' : 'webhook';
      const result = str(summary.result);
      return `Test des notifications par ${channel} : ${summary.ok === true ? 'remis' : 'échec'}${result ? ` (${result})` : ''}`;
    }
    case SSO_AUDIT_ACTIONS.update: {
      // Issue 51 (decision 046): the client secret is summarised as « modifié » or « effacé ».
      const value = (field: unknown): string =>
        typeof field === 'boolean' ? (field ? 'oui' : 'non') : quoted(field);
      const parts = Object.entries(summary).map(([field, change]) => {
        const label = SSO_FIELD_LABELS[field] ?? field;
        if (!isRow(change)) return `${label} ${str(change) ?? 'modifié'}`;
        return `${label} : ${value(change.before)} → ${value(change.after)}`;
      });
      return `Connexion SSO modifiée${parts.length ? ` — ${parts.join(' ; ')}` : ''}`;
    }
    case SSO_AUDIT_ACTIONS.test: {
      const result = str(summary.result);
      return `Test de la connexion SSO : ${summary.ok === true ? 'réussi' : 'échec'}${result ? ` (${result})` : ''}`;
    }
    case SSO_AUDIT_ACTIONS.groupRights: {
      const after = Array.isArray(summary.after) ? summary.after : [];
      return `Droits par groupe de la connexion SSO modifiés — ${after.length ? after.map((group) => quoted(group)).join(', ') : 'aucun groupe'}`;
    }
    case SSO_AUDIT_ACTIONS.refused: {
      const code = str(summary.code);
      const why = code && isSsoErrorCode(code) ? ` : ${SSO_ERROR_MESSAGES[code]}` : '';
      return `Connexion par le compte du groupe refusée${from}${why}`;
    }
    case SSO_AUDIT_ACTIONS.userCreated: {
      const role = summary.role === 'admin' ? 'administrateur' : 'éditeur';
      return `Utilisateur créé à sa première connexion par le compte du groupe (${role})`;
    }
    case SSO_AUDIT_ACTIONS.sessionEnded:
      return 'Session terminée : le fournisseur d’identité ne l’a pas confirmée';
    case MEDIA_AUDIT_ACTIONS.upload: {
      const after = isRow(summary.after) ? summary.after : {};
      const bytes = num(after.bytes);
      return `Fichier ${quoted(after.originalName)} ajouté à la médiathèque${bytes !== null ? ` (${formatBytes(bytes)})` : ''}`;
    }
    case MEDIA_AUDIT_ACTIONS.delete: {
      const deleted = isRow(summary.deleted) ? summary.deleted : {};
      return `Fichier ${quoted(deleted.originalName)} supprimé de la médiathèque`;
    }
    case 'user.create': {
      const after = isRow(summary.after) ? summary.after : {};
      const role = after.role === 'admin' ? 'administrateur' : 'éditeur';
      return `Utilisateur ${quoted(after.username)} créé (${role})`;
    }
    case 'user.update': {
      const parts = Object.entries(summary)
        .filter(([, change]) => isRow(change))
        .map(([field, change]) => {
          const { before, after } = change as Row;
          return `${USER_FIELDS[field] ?? field} : ${userValue(before)} → ${userValue(after)}`;
        });
      if (summary.password) parts.push('mot de passe changé');
      return `Utilisateur ${quoted(summary.username)} modifié${parts.length ? ` — ${parts.join(' ; ')}` : ''}`;
    }
    case 'development.create':
      return `Développement ${quoted(isRow(summary.after) ? summary.after.devname : null)} créé`;
    case 'kiosk-account.create':
      return `Compte de totem ${quoted(isRow(summary.after) ? summary.after.login : null)} créé`;
    case 'kiosk-account.password':
      return `Mot de passe du compte de totem ${quoted(summary.login)} changé`;
    case 'tokens.revoke':
      return 'Jetons des totems révoqués : chaque totem doit se reconnecter';
    case KIOSK_PROFILE_AUDIT_ACTION:
      return kioskProfileSentence(summary);
    case KIOSK_PLAN_MARKS_AUDIT_ACTION:
      return kioskPlanMarksSentence(summary);
    case KIOSK_FORGET_AUDIT_ACTION:
      return `Totem ${quoted(summary.kioskId)} oublié : son jeton est révoqué, il revient à l’écran de connexion`;
    case KIOSK_COMMAND_AUDIT_ACTION:
      return kioskCommandSentence(summary);
    case KIOSK_PURGE_AUDIT_ACTION: {
      const ids = Array.isArray(summary.kioskIds) ? summary.kioskIds.map(String) : [];
      const hours = num(summary.silentForHours);
      const silent =
        hours !== null
          ? ` silencieux depuis plus de ${plural(hours, 'heure', 'heures')}`
          : ' silencieux';
      return ids.length === 0
        ? `Nettoyage du parc : aucun totem${silent}`
        : `Nettoyage du parc : ${plural(ids.length, 'totem oublié', 'totems oubliés')}${silent} (${ids.map((id) => `« ${id} »`).join(', ')})`;
    }
    default: {
      const reorder = REORDERS[entry.action];
      if (reorder) {
        const ids = Array.isArray(summary.ids) ? summary.ids.length : 0;
        return `${reorder[0]} n° ${entry.targetId ?? '?'} remis dans un nouvel ordre (${plural(ids, reorder[1], `${reorder[1]}s`)})`;
      }
      const content = contentSentence(entry, summary, timeZone);
      if (content) return content;
      const generic = summarize(entry.summary, timeZone);
      return generic ? `${entry.action} : ${generic}` : entry.action;
    }
  }
}

const KIOSK_PROFILE_FIELDS: Record<string, string> = {
  name: 'nom',
  location: 'lieu',
  groups: 'groupes',
  note: 'note',
};

/** « Totem « 78faa52c » : nom (vide) → « Hall d’accueil » ; groupes … » */
function kioskProfileSentence(summary: Row): string {
  const shown = (value: unknown) => {
    if (Array.isArray(value))
      return value.length ? value.map((item) => `« ${String(item)} »`).join(', ') : '(aucun)';
    return typeof value === 'string' && value !== '' ? `« ${value} »` : '(vide)';
  };
  const parts = Object.entries(KIOSK_PROFILE_FIELDS).flatMap(([key, label]) => {
    const change = summary[key];
    return isRow(change) ? [`${label} ${shown(change.before)} → ${shown(change.after)}`] : [];
  });
  return `Totem ${quoted(summary.kioskId)} renommé ou décrit${parts.length ? ` : ${parts.join(' ; ')}` : ''}`;
}

/** « Points « Vous êtes ici » du totem « 78faa52c » : 1 placé, 1 déplacé, 1 retiré » */
function kioskPlanMarksSentence(summary: Row): string {
  const points = (value: unknown) =>
    new Map(
      (Array.isArray(value) ? value : [])
        .filter(isRow)
        .map((mark) => [num(mark.elementid), mark] as const),
    );
  const before = points(summary.before);
  const after = points(summary.after);
  let placed = 0;
  let moved = 0;
  for (const [elementid, mark] of after) {
    const old = before.get(elementid);
    if (!old) placed++;
    else if (old.x !== mark.x || old.y !== mark.y || old.image !== mark.image) moved++;
  }
  const removed = [...before.keys()].filter((elementid) => !after.has(elementid)).length;
  const parts = [
    placed ? plural(placed, 'placé', 'placés') : '',
    moved ? plural(moved, 'déplacé', 'déplacés') : '',
    removed ? plural(removed, 'retiré', 'retirés') : '',
  ].filter(Boolean);
  return `Points « Vous êtes ici » du totem ${quoted(summary.kioskId)}${parts.length ? ` : ${parts.join(', ')}` : ' enregistrés'}`;
}

/** « Commande « Changer de mode » (Assemblage) envoyée au groupe « Ateliers » : 3 totems » */
function kioskCommandSentence(summary: Row): string {
  const kind = str(summary.kind);
  const label =
    kind !== null && kind in KIOSK_COMMAND_LABELS
      ? KIOSK_COMMAND_LABELS[kind as keyof typeof KIOSK_COMMAND_LABELS]
      : (kind ?? '?');
  const mode = str(summary.mode);
  const target = isRow(summary.target) ? summary.target : {};
  const count = num(summary.count) ?? 0;
  const totems = plural(count, 'totem', 'totems');
  const aimed =
    target.kind === 'kiosk'
      ? `au totem ${quoted(target.kioskId)}`
      : target.kind === 'group'
        ? `au groupe ${quoted(target.group)} : ${totems}`
        : `à tous les totems : ${totems}`;
  const minutes = num(summary.expiresInMinutes);
  const expiry = minutes !== null ? ` (valable ${durationText(minutes * 60_000)})` : '';
  return `Commande « ${label} »${mode ? ` (${mode})` : ''} envoyée ${aimed}${expiry}`;
}

const ALERT_TEMPLATE_FIELDS: Record<string, string> = {
  name: 'nom',
  kind: 'type d’alerte',
  titleFr: 'titre (français)',
  titleEn: 'titre (anglais)',
  instructionsFr: 'consignes (français)',
  instructionsEn: 'consignes (anglais)',
  pictogram: 'pictogramme',
  colour: 'couleur',
  image: 'image',
  endTextFr: 'texte de fin (français)',
  endTextEn: 'texte de fin (anglais)',
  maxDurationMinutes: 'durée maximale (minutes)',
};

const USER_FIELDS: Record<string, string> = {
  disabled: 'désactivé',
  devids: 'développements',
  role: 'rôle',
  canPublish: 'droit de publier',
  canAlert: 'droit de déclencher une alerte',
};
function userValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (Array.isArray(value))
    return value.length ? value.map((id) => `n° ${String(id)}`).join(', ') : 'aucun';
  if (value === 'admin') return 'administrateur';
  if (value === 'editor') return 'éditeur';
  return value === null || value === undefined ? '—' : String(value);
}
