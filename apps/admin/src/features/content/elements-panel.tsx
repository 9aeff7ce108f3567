/**
 * The elements of a zone in one language, in the order the totems show them: add, open for
 * editing, reorder (drag or ↑/↓), delete after a confirmation. Each change is saved at once; it
 * reaches the totems when the development is published.
 *
 * A zone's French and English versions (decision 021) are one list of orders on the server, the
 * French elements first: this panel is given the zone's whole list, shows its language's part,
 * creates its elements in its language, and reorders by sending the whole zone's ids with the
 * other language's part untouched (French first, then English, as the server keeps them).
 */
import {
  CreateElementRequest,
  elementLanguage,
  type AdminElement,
  type AdminZone,
  type ContentLanguage,
  type ItemType,
} from '@plant-kiosk/contract';
import { useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/field';
import { FeedbackNotice, type Feedback } from '../../components/notice';
import { mediaUrl } from '../../lib/media-url';
import { ApiError, call, callWithMessage, errorMessage } from '../../lib/api/client';
import { draftWrite } from '../../lib/draft-events';
import { validate, type FieldErrors } from '../../lib/api/validate';
import { ITEM_TYPE_LABELS, itemTypeOptions } from '../../lib/labels';
import { AltTextField, lacksAlt, MissingAltBadge } from './alt-text-field';
import { elementLabel } from './element-label';
import { ReorderList } from './reorder-list';

const DEFAULT_TYPE: Record<AdminZone['type'], ItemType> = {
  images: 'image',
  subgroups: 'group',
  text: 'text',
  videos: 'video',
};

/** "l’élément 2 « Menu »", "l’élément anglais 1 « Site plan »": `index` within its language. */
export function elementName(element: AdminElement, index: number): string {
  const short = elementLabel(element);
  const text = short.length > 40 ? `${short.slice(0, 40)}…` : short;
  const which = elementLanguage(element) === 'en' ? 'l’élément anglais' : 'l’élément';
  return `${which} ${index + 1} « ${text || 'sans valeur'} »`;
}

/** The zone's elements in one language, in order. */
export const elementsIn = (elements: readonly AdminElement[], lang: ContentLanguage) =>
  elements.filter((element) => elementLanguage(element) === lang);

/** The zone's ids when one language's part takes the order `ids`: French first, then English. */
export function zoneOrder(
  elements: readonly AdminElement[],
  lang: ContentLanguage,
  ids: readonly number[],
): number[] {
  const other = elementsIn(elements, lang === 'fr' ? 'en' : 'fr').map((e) => e.elementid);
  return lang === 'fr' ? [...ids, ...other] : [...other, ...ids];
}

const LANGUAGE_WORDS: Record<ContentLanguage, string> = { fr: 'en français', en: 'en anglais' };

export function ElementsPanel({
  zone,
  lang = 'fr',
  elements: all,
  setElements,
  selectedId,
  onSelect,
}: {
  zone: AdminZone;
  /** The language this panel shows and adds. */
  lang?: ContentLanguage;
  /** All the zone's elements, both languages. */
  elements: AdminElement[];
  setElements: (elements: AdminElement[]) => void;
  selectedId: number | null;
  onSelect: (elementid: number | null) => void;
}) {
  const elements = elementsIn(all, lang);
  const words = LANGUAGE_WORDS[lang];
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [toDelete, setToDelete] = useState<AdminElement | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [adding, setAdding] = useState(false);
  const [newValue, setNewValue] = useState('');
  const [newType, setNewType] = useState<ItemType>(DEFAULT_TYPE[zone.type]);
  const [newAlt, setNewAlt] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const addButton = useRef<HTMLButtonElement>(null);

  const reorder = async (ids: number[]) => {
    try {
      const data = await draftWrite(
        call('adminReorderElements', {
          params: { zoneid: zone.zoneid },
          body: { ids: zoneOrder(all, lang, ids) },
        }),
      );
      setElements(data);
      setFeedback(null);
      return true;
    } catch (failure) {
      if (failure instanceof ApiError && failure.isConflict && Array.isArray(failure.data)) {
        setElements(failure.data as AdminElement[]);
      }
      setFeedback({ tone: 'error', text: errorMessage(failure) });
      return false;
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      const { message } = await draftWrite(
        callWithMessage('adminDeleteElement', {
          params: { elementid: toDelete.elementid },
          query: { expectedVersion: toDelete.version },
        }),
      );
      setElements(all.filter((element) => element.elementid !== toDelete.elementid));
      if (selectedId === toDelete.elementid) onSelect(null);
      setFeedback({ tone: 'success', text: message || 'Supprimé.' });
      // The row that held the focus is gone: give it a stable place instead of the page's top.
      requestAnimationFrame(() => addButton.current?.focus());
    } catch (failure) {
      if (failure instanceof ApiError && failure.isConflict) {
        const current = failure.data as AdminElement;
        setElements(all.map((e) => (e.elementid === current.elementid ? current : e)));
        setFeedback({
          tone: 'warning',
          text: `Ce contenu a été modifié par quelqu’un d’autre : il n’a pas été supprimé. Valeur actuelle : « ${current.value} ». Vérifiez-la avant de supprimer à nouveau.`,
        });
      } else {
        setFeedback({ tone: 'error', text: errorMessage(failure) });
      }
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const body: CreateElementRequest = {
      value: newValue,
      type: newType,
      ...(lang === 'en' ? { lang } : {}),
      // Absent means none: an empty alternative is not sent on a new image.
      ...(newType === 'image' && newAlt.trim() ? { alt: newAlt } : {}),
    };
    const found = validate(CreateElementRequest, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const { data, message } = await draftWrite(
        callWithMessage('adminCreateElement', { params: { zoneid: zone.zoneid }, body }),
      );
      // As the server numbers them: a new French element goes before the English ones.
      const french = [...elementsIn(all, 'fr'), ...(lang === 'fr' ? [data] : [])];
      const english = [...elementsIn(all, 'en'), ...(lang === 'en' ? [data] : [])];
      setElements([...french, ...english].map((e, index) => ({ ...e, order: index + 1 })));
      setNewValue('');
      setNewAlt('');
      setAdding(false);
      onSelect(data.elementid);
      setFeedback({ tone: 'success', text: message || 'Élément ajouté.' });
    } catch (failure) {
      setFeedback({ tone: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <div className="stack">
      <FeedbackNotice feedback={feedback} onClose={() => setFeedback(null)} />
      {elements.length === 0 ? (
        <p className="muted">
          {lang === 'en'
            ? 'Pas encore de version anglaise : les visiteurs en anglais voient la version française, marquée « FR ».'
            : 'Cette zone n’a pas encore d’élément en français.'}
        </p>
      ) : (
        <ReorderList
          label={`Éléments ${words} de la zone ${zone.zonename}`}
          items={elements}
          idOf={(element) => element.elementid}
          nameOf={(element) => elementName(element, elements.indexOf(element))}
          onReorder={reorder}
          renderItem={(element, index) => (
            <div className={`element-row${selectedId === element.elementid ? ' selected' : ''}`}>
              {element.type === 'image' ? (
                <img className="thumb-small" src={mediaUrl(element.value)} alt="" loading="lazy" />
              ) : (
                <span className="type-badge">{ITEM_TYPE_LABELS[element.type]}</span>
              )}
              <span className="element-value" title={element.value}>
                {elementLabel(element) || <em>(vide)</em>}
              </span>
              {lacksAlt(element) && <MissingAltBadge />}
              <span className="row-actions">
                <button
                  type="button"
                  className="button button-small"
                  aria-pressed={selectedId === element.elementid}
                  aria-label={`Modifier ${elementName(element, index)}`}
                  onClick={() =>
                    onSelect(selectedId === element.elementid ? null : element.elementid)
                  }
                >
                  Modifier
                </button>
                <button
                  type="button"
                  className="button button-small button-danger-outline"
                  aria-label={`Supprimer ${elementName(element, index)}`}
                  onClick={() => setToDelete(element)}
                >
                  Supprimer
                </button>
              </span>
            </div>
          )}
        />
      )}
      {adding ? (
        <form
          className="card-inset stack"
          onSubmit={add}
          noValidate
          aria-label={`Nouvel élément ${words}`}
        >
          <div className="form-grid">
            <SelectField
              label={`Type du nouvel élément ${words}`}
              value={newType}
              options={itemTypeOptions}
              onChange={(event) => setNewType(event.target.value as ItemType)}
              error={errors.type}
            />
            <TextField
              label={`Valeur du nouvel élément ${words}`}
              value={newValue}
              onChange={(event) => setNewValue(event.target.value)}
              error={errors.value}
              autoFocus
            />
          </div>
          {newType === 'image' && (
            <AltTextField
              label={`Texte alternatif du nouvel élément ${words}`}
              value={newAlt}
              onChange={setNewAlt}
              lang={lang}
              error={errors.alt}
            />
          )}
          <div className="inline-actions">
            <button type="submit" className="button button-primary">
              Ajouter
            </button>
            <button type="button" className="button" onClick={() => setAdding(false)}>
              Annuler
            </button>
          </div>
        </form>
      ) : (
        <div>
          <button ref={addButton} type="button" className="button" onClick={() => setAdding(true)}>
            + Ajouter un élément {words}
          </button>
        </div>
      )}
      {toDelete && (
        <ConfirmDialog
          title="Supprimer cet élément ?"
          confirmLabel="Supprimer définitivement"
          busy={deleting}
          onCancel={() => setToDelete(null)}
          onConfirm={() => void confirmDelete()}
        >
          <p>
            {elementName(toDelete, elements.indexOf(toDelete)).replace(/^l’é/, 'L’é')} et ses
            sous-éléments seront supprimés. Les totems ne l’afficheront plus après la prochaine
            publication.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
