/**
 * A list of content changes — the draft's unpublished ones or a revision's — grouped by zone, in
 * the words of the people who keep the content: what was added, changed or removed, the value
 * before and after, images as thumbnails and documents by name (a media path is looked up in the
 * media library), and who made the change and when when the audit log knows.
 */
import {
  ALERT_KIND_LABELS,
  ALERT_PICTOGRAM_LABELS,
  DEFAULT_SETTINGS,
  PALETTE_LABELS,
  SETTINGS_LABELS,
  normalizeOpeningHours,
  openingHoursText,
  SETTINGS_TIMINGS,
  normalizeSettings,
  type ContentChangeEntry,
  type MediaItem,
} from '@plant-kiosk/contract';
import type { ReactNode } from 'react';
import { ITEM_TYPE_LABELS, ZONE_TYPE_LABELS, formatDate } from '../../lib/labels';
import { mediaUrl } from '../../lib/media-url';
import { useRoutePlantZone } from '../../lib/plant-zone';
import './revisions.css';

type Row = Record<string, unknown>;
type What = 'added' | 'changed' | 'removed';

const WHAT_LABELS: Record<What, string> = {
  added: 'Ajouté',
  changed: 'Modifié',
  removed: 'Supprimé',
};

const KIND_LABELS: Record<ContentChangeEntry['kind'], string> = {
  zone: 'Zone',
  element: 'Élément',
  subgroup: 'Sous-groupe',
  subelement: 'Sous-élément',
  alert_template: 'Modèle d’alerte',
  setting: 'Réglages',
};

const FIELD_LABELS: Record<string, string> = {
  zonename: 'Nom',
  type: 'Type',
  checklist: 'Liste à cocher',
  value: 'Contenu',
  order: 'Position',
  addingdate: 'Date d’ajout',
  expirationdate: 'Date d’expiration',
  modelid: 'Modèle',
  fieldlabel: 'Champ',
  subgroupid: 'Sous-groupe',
  ...SETTINGS_LABELS,
  // An alert template's columns (red button and acknowledgements, decision 018).
  name: 'Nom du modèle',
  kind: 'Type d’alerte',
  title_fr: 'Titre (français)',
  title_en: 'Titre (anglais)',
  instructions_fr: 'Consignes (français)',
  instructions_en: 'Consignes (anglais)',
  pictogram: 'Pictogramme',
  colour: 'Couleur',
  image: 'Image',
  end_text_fr: 'Texte de fin d’alerte (français)',
  end_text_en: 'Texte de fin d’alerte (anglais)',
  max_duration_minutes: 'Durée maximale (minutes)',
};

/** The French names of an alert template's pictogram, colour and kind. */
const TEMPLATE_VALUE_LABELS: Record<string, Record<string, string>> = {
  pictogram: ALERT_PICTOGRAM_LABELS,
  colour: PALETTE_LABELS,
  kind: ALERT_KIND_LABELS,
};

/**
 * The two sides of a settings change (published settings, decision 017) as fields: the logged row
 * holds the settings as JSON, and a side without a row is the defaults (what the totems have
 * without settings), so a first save shows what it changes from them.
 */
function settingsSides(change: ContentChangeEntry): { before: Row; after: Row } {
  const side = (row: Row | null | undefined): Row => {
    if (!row || typeof row.settings !== 'string') return { ...DEFAULT_SETTINGS };
    try {
      return { ...normalizeSettings(JSON.parse(row.settings)) };
    } catch {
      return { ...DEFAULT_SETTINGS };
    }
  };
  return { before: side(change.before), after: side(change.after) };
}

/** Columns that only tie a row to its parents: not worth showing as a change. */
const HIDDEN = new Set(['zoneid', 'elementid', 'subelementid', 'subgroupid']);

export const whatOf = (change: ContentChangeEntry): What =>
  change.before && change.after ? 'changed' : change.after ? 'added' : 'removed';

/** Media of the development by the value an item stores ("media/…", "/media/…" alike). */
export type MediaIndex = Map<string, MediaItem>;
const mediaKey = (value: string) => value.replace(/^\.?\/+/, '');
export const indexMedia = (items: readonly MediaItem[] | undefined): MediaIndex =>
  new Map((items ?? []).map((item) => [mediaKey(item.value), item]));

const FILE = /\.(png|jpe?g|gif|webp|svg|avif|pdf|mp4|webm|mov|docx?|xlsx?|pptx?)$/i;

function ItemValue({ value, media }: { value: unknown; media: MediaIndex }) {
  if (value === null || value === undefined || value === '') {
    return <span className="muted">(vide)</span>;
  }
  const text = String(value);
  const item = media.get(mediaKey(text));
  if (item) {
    const thumbnail = item.thumbnailUrl ?? (item.kind === 'image' ? item.url : null);
    return (
      <span className="change-media">
        {thumbnail ? (
          <img className="thumb-small" src={thumbnail} alt="" />
        ) : (
          <span className="change-doc" aria-hidden="true">
            {item.kind === 'pdf' ? 'PDF' : item.kind === 'video' ? 'Vidéo' : 'Fichier'}
          </span>
        )}
        <span>{item.originalName}</span>
      </span>
    );
  }
  if (FILE.test(text) && !/\s/.test(text)) {
    // A file the library does not list (seeded, or since deleted): its name, not its path.
    const name = decodeURIComponent(text.split('/').pop() ?? text);
    return (
      <span className="change-media">
        {/\.(png|jpe?g|gif|webp|svg|avif)$/i.test(text) ? (
          <img className="thumb-small" src={mediaUrl(text)} alt="" />
        ) : (
          <span className="change-doc" aria-hidden="true">
            Fichier
          </span>
        )}
        <span>{name}</span>
      </span>
    );
  }
  return (
    <span className="change-text">« {text.length > 160 ? `${text.slice(0, 160)}…` : text} »</span>
  );
}

function FieldValue({
  field,
  value,
  media,
  timeZone,
}: {
  field: string;
  value: unknown;
  media: MediaIndex;
  timeZone: string;
}) {
  if (field === 'value' || field === 'image') return <ItemValue value={value} media={media} />;
  if (field in TEMPLATE_VALUE_LABELS && typeof value === 'string') {
    return <span>{TEMPLATE_VALUE_LABELS[field]?.[value] ?? value}</span>;
  }
  if (field === 'type' && typeof value === 'string') {
    const label =
      (ITEM_TYPE_LABELS as Record<string, string>)[value] ??
      (ZONE_TYPE_LABELS as Record<string, string>)[value];
    return <span>{label ?? value}</span>;
  }
  // The opening hours (issue 48): their one-line summary.
  if (field === 'openingHours')
    return <span>{openingHoursText(normalizeOpeningHours(value))}</span>;
  if (field === 'checklist' || field === 'alarmTone') return <span>{value ? 'oui' : 'non'}</span>;
  if (field in SETTINGS_TIMINGS && typeof value === 'number') return <span>{value} s</span>;
  if ((field === 'addingdate' || field === 'expirationdate') && typeof value === 'string') {
    return <span>{formatDate(value, timeZone)}</span>;
  }
  if (value === null || value === undefined) return <span className="muted">aucune</span>;
  return <span>{String(value)}</span>;
}

/** How the item is named in the list: "Élément n° 3", "Zone « Menu »", "Champ « Prix »". */
export function itemTitle(change: ContentChangeEntry): string {
  const row: Row = change.after ?? change.before ?? {};
  if (change.kind === 'zone') return `Zone « ${String(row.zonename ?? change.itemId)} »`;
  if (change.kind === 'alert_template')
    return `Modèle d’alerte « ${String(row.name ?? change.itemId)} »`;
  if (change.kind === 'setting') return 'Réglages du développement';
  if (change.kind === 'subelement' && row.fieldlabel) {
    return `Champ « ${String(row.fieldlabel)} » d’un sous-groupe`;
  }
  const order = typeof row.order === 'number' ? ` n° ${row.order}` : '';
  // An element or sub-element by what it shows ("Image n° 2"), a group by its kind.
  const type = typeof row.type === 'string' && row.type !== 'group' ? row.type : null;
  const noun =
    change.kind !== 'subgroup' && type
      ? ((ITEM_TYPE_LABELS as Record<string, string>)[type] ?? KIND_LABELS[change.kind])
      : KIND_LABELS[change.kind];
  return `${noun}${order}`;
}

function ChangeItem({
  change,
  media,
  showWho,
}: {
  change: ContentChangeEntry;
  media: MediaIndex;
  showWho: boolean;
}) {
  // Every screen listing changes is under /<screen>/:devid: its development's plant time.
  const { timeZone } = useRoutePlantZone();
  const isSetting = change.kind === 'setting';
  // The settings always exist (a side without a row is the defaults): a change, never an add.
  const what = isSetting ? 'changed' : whatOf(change);
  const { before, after }: { before: Row; after: Row } = isSetting
    ? settingsSides(change)
    : { before: change.before ?? {}, after: change.after ?? {} };
  const fields =
    what === 'changed'
      ? Object.keys(after).filter(
          (field) =>
            !HIDDEN.has(field) && JSON.stringify(before[field]) !== JSON.stringify(after[field]),
        )
      : [];
  const main =
    change.kind === 'zone'
      ? 'zonename'
      : change.kind === 'subgroup'
        ? 'modelid'
        : change.kind === 'alert_template'
          ? 'title_fr'
          : 'value';
  return (
    <li className={`change change-${what}`}>
      <div className="change-head">
        <span className={`change-badge change-badge-${what}`}>{WHAT_LABELS[what]}</span>
        <strong>{itemTitle(change)}</strong>
        {showWho && change.lastEdit && (
          <span className="muted small">
            par {change.lastEdit.username ?? 'un utilisateur supprimé'}, le{' '}
            {formatDate(change.lastEdit.at, timeZone)}
          </span>
        )}
      </div>
      {what === 'changed' ? (
        <dl className="change-fields">
          {fields.map((field) => (
            <div key={field} className="change-field">
              <dt>{FIELD_LABELS[field] ?? field}</dt>
              <dd>
                <span className="change-before">
                  <span className="visually-hidden">avant : </span>
                  <FieldValue
                    field={field}
                    value={before[field]}
                    media={media}
                    timeZone={timeZone}
                  />
                </span>
                <span className="change-arrow" aria-hidden="true">
                  →
                </span>
                <span className="change-after">
                  <span className="visually-hidden">après : </span>
                  <FieldValue
                    field={field}
                    value={after[field]}
                    media={media}
                    timeZone={timeZone}
                  />
                </span>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        main in (what === 'added' ? after : before) &&
        change.kind !== 'zone' && (
          <div className="change-single">
            <FieldValue
              field={main}
              value={(what === 'added' ? after : before)[main]}
              media={media}
              timeZone={timeZone}
            />
          </div>
        )
      )}
    </li>
  );
}

export interface ZoneGroup {
  zoneid: number | null;
  zonename: string;
  /** The development's settings (published settings, decision 017), in no zone. */
  settings?: boolean;
  changes: ContentChangeEntry[];
}

const KIND_ORDER = {
  zone: 0,
  element: 1,
  subgroup: 2,
  subelement: 3,
  alert_template: 4,
  setting: 5,
} as const;

/** Changes by zone, zones by name; in a zone, the zone itself first, then by kind and position. */
export function groupByZone(changes: readonly ContentChangeEntry[]): ZoneGroup[] {
  const groups = new Map<string, ZoneGroup>();
  for (const change of changes) {
    // The settings (published settings, decision 017) are in no zone: a group of their own, named
    // as their page.
    // Alert templates are in no zone either: a group of their own, named as their page, rather
    // than among the zones "supprimée ou inconnue".
    const key =
      change.kind === 'setting' || change.kind === 'alert_template'
        ? change.kind
        : String(change.zoneid ?? 'none');
    if (!groups.has(key)) {
      groups.set(key, {
        zoneid: key === change.kind ? null : (change.zoneid ?? null),
        settings: change.kind === 'setting',
        zonename:
          change.kind === 'setting'
            ? 'Réglages'
            : change.kind === 'alert_template'
              ? 'Modèles d’alerte'
              : (change.zonename ?? 'Zone supprimée ou inconnue'),
        changes: [],
      });
    }
    groups.get(key)!.changes.push(change);
  }
  const order = (change: ContentChangeEntry) => {
    const row: Row = change.after ?? change.before ?? {};
    return typeof row.order === 'number' ? row.order : 0;
  };
  for (const group of groups.values()) {
    group.changes.sort(
      (a, b) =>
        KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || order(a) - order(b) || a.itemId - b.itemId,
    );
  }
  return [...groups.values()].sort((a, b) => a.zonename.localeCompare(b.zonename, 'fr'));
}

export function ChangeList({
  changes,
  media,
  showWho = false,
  zoneActions,
  headingLevel = 2,
}: {
  changes: readonly ContentChangeEntry[];
  media: MediaIndex;
  /** Who made each change and when (the draft's changes). */
  showWho?: boolean;
  /** Buttons of one zone's group ("Publier cette zone"…). */
  zoneActions?: (group: ZoneGroup) => ReactNode;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="change-groups">
      {groupByZone(changes).map((group) => (
        <section
          key={group.zoneid === null ? group.zonename : String(group.zoneid)}
          className="change-group"
          aria-label={
            group.settings || group.zoneid === null ? group.zonename : `Zone ${group.zonename}`
          }
        >
          <div className="change-group-head">
            <Heading>
              {group.zonename}{' '}
              <span className="muted small">
                ({group.changes.length} modification{group.changes.length > 1 ? 's' : ''})
              </span>
            </Heading>
            {zoneActions && <div className="inline-actions">{zoneActions(group)}</div>}
          </div>
          <ul className="change-items">
            {group.changes.map((change) => (
              <ChangeItem
                key={`${change.kind}-${change.itemId}`}
                change={change}
                media={media}
                showWho={showWho}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
