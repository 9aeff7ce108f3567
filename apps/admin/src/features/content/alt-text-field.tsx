/**
 * An image's text alternative (issue 52, decision 050), asked wherever an image is created or
 * edited: elements, sub-elements and sub-group values. The totem's read aloud says it (and a
 * screen reader announces it) in place of the picture; without one it can only say the zone's
 * name, which is why an empty field says so — gently, since nothing refuses it and the publish
 * only warns.
 *
 * What is sent: only an image takes an alternative — the server refuses one on any other type —
 * so `altBody` gives `{ alt }` for an image and nothing otherwise.
 */
import { ALT_TEXT_MAX_LENGTH, type ContentLanguage, type ItemType } from '@plant-kiosk/contract';
import { useId } from 'react';
import './alt-text-field.css';

export const ALT_TEXT_HINT =
  'Ce que l’image montre ou dit, en une ou quelques phrases : la lecture à voix haute du totem le lit. Pour une image de texte (menu, affiche), recopiez le texte.';
export const ALT_TEXT_MISSING = 'Sans texte alternatif, le totem ne dira que le nom de la zone.';
export const ALT_TEXT_OTHER_IMAGE =
  'L’image a changé : vérifiez que ce texte la décrit toujours (le menu de la semaine passée, sinon).';

/** Whether an item is an image without a text alternative (what the totem cannot read). */
export function lacksAlt(item: { type: ItemType; alt?: string | undefined }): boolean {
  return item.type === 'image' && !(item.alt ?? '').trim();
}

/**
 * The `alt` of a request for an item of `type`: the alternative for an image ('' removes it on an
 * update), none for another type — the server clears an alternative when an item stops being an
 * image, and refuses one given to a text or a video.
 */
export function altBody(type: ItemType, alt: string): { alt?: string } {
  return type === 'image' ? { alt } : {};
}

const empty = (value: string) => value.trim() === '';

export function AltTextField({
  value,
  onChange,
  label = 'Texte alternatif',
  lang,
  error,
  imageChanged = false,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Unique on the page (« Texte alternatif du sous-élément 2 »…): the plain label by default. */
  label?: string;
  /** The language the alternative is read in: an English element's is written in English. */
  lang?: ContentLanguage | undefined;
  error?: string | undefined;
  /** Another picture was chosen since the alternative was written: it may describe the old one. */
  imageChanged?: boolean;
}) {
  const id = useId();
  const stale = imageChanged && !empty(value);
  // Hint, count, the missing warning and the error are all read with the field, not only seen.
  const describedBy = [
    `${id}-hint`,
    `${id}-count`,
    empty(value) ? `${id}-missing` : '',
    stale ? `${id}-stale` : '',
    error ? `${id}-error` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field alt-text-field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={2}
        value={value}
        maxLength={ALT_TEXT_MAX_LENGTH}
        lang={lang === 'en' ? 'en' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="alt-text-notes">
        <p className="field-hint" id={`${id}-hint`}>
          {ALT_TEXT_HINT}
          {lang === 'en' && ' Cet élément est lu aux visiteurs en anglais : écrivez-le en anglais.'}
        </p>
        <p className="field-hint alt-text-count" id={`${id}-count`}>
          {value.length} / {ALT_TEXT_MAX_LENGTH} caractères
        </p>
      </div>
      {empty(value) && (
        <p className="alt-text-missing" id={`${id}-missing`}>
          {ALT_TEXT_MISSING}
        </p>
      )}
      {stale && (
        <p className="alt-text-missing" id={`${id}-stale`}>
          {ALT_TEXT_OTHER_IMAGE}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The badge of a list row whose image (or, with `count`, whose images) the totem cannot read: what
 * is saved, not what is being typed.
 */
export function MissingAltBadge({ count }: { count?: number }) {
  const text =
    count === undefined
      ? 'sans texte alternatif'
      : `${count} image${count > 1 ? 's' : ''} sans texte alternatif`;
  return <span className="badge badge-warn missing-alt-badge">{text}</span>;
}
