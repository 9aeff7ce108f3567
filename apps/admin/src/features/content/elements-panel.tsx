/**
 * The elements of a zone, in the order the totems show them: add, open for editing, reorder (drag
 * or ↑/↓), delete after a confirmation. Each change is saved at once; it reaches the totems when
 * the development is published.
 */
import {
  CreateElementRequest,
  type AdminElement,
  type AdminZone,
  type ItemType,
} from '@plant-kiosk/contract';
import { useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/field';
import { FeedbackNotice, type Feedback } from '../../components/notice';
import { adminApi, mediaUrl } from '../../lib/api/admin-api';
import { ApiError, errorMessage } from '../../lib/api/client';
import { validate, type FieldErrors } from '../../lib/api/validate';
import { ITEM_TYPE_LABELS, itemTypeOptions } from '../../lib/labels';
import { elementLabel } from './element-label';
import { ReorderList } from './reorder-list';

const DEFAULT_TYPE: Record<AdminZone['type'], ItemType> = {
  images: 'image',
  subgroups: 'group',
  text: 'text',
  videos: 'video',
};

export function elementName(element: AdminElement, index: number): string {
  const short = elementLabel(element);
  const text = short.length > 40 ? `${short.slice(0, 40)}…` : short;
  return `l’élément ${index + 1} « ${text || 'sans valeur'} »`;
}

export function ElementsPanel({
  zone,
  elements,
  setElements,
  selectedId,
  onSelect,
}: {
  zone: AdminZone;
  elements: AdminElement[];
  setElements: (elements: AdminElement[]) => void;
  selectedId: number | null;
  onSelect: (elementid: number | null) => void;
}) {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [toDelete, setToDelete] = useState<AdminElement | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [adding, setAdding] = useState(false);
  const [newValue, setNewValue] = useState('');
  const [newType, setNewType] = useState<ItemType>(DEFAULT_TYPE[zone.type]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const addButton = useRef<HTMLButtonElement>(null);

  const reorder = async (ids: number[]) => {
    try {
      const { data } = await adminApi.reorderElements(zone.zoneid, ids);
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
      const { message } = await adminApi.deleteElement(toDelete.elementid, toDelete.version);
      setElements(elements.filter((element) => element.elementid !== toDelete.elementid));
      if (selectedId === toDelete.elementid) onSelect(null);
      setFeedback({ tone: 'success', text: message || 'Supprimé.' });
      // The row that held the focus is gone: give it a stable place instead of the page's top.
      requestAnimationFrame(() => addButton.current?.focus());
    } catch (failure) {
      if (failure instanceof ApiError && failure.isConflict) {
        const current = failure.data as AdminElement;
        setElements(elements.map((e) => (e.elementid === current.elementid ? current : e)));
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
    const body: CreateElementRequest = { value: newValue, type: newType };
    const found = validate(CreateElementRequest, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const { data, message } = await adminApi.createElement(zone.zoneid, body);
      setElements([...elements, data]);
      setNewValue('');
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
        <p className="muted">Cette zone n’a pas encore d’élément.</p>
      ) : (
        <ReorderList
          label={`Éléments de la zone ${zone.zonename}`}
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
        <form className="card-inset stack" onSubmit={add} noValidate aria-label="Nouvel élément">
          <div className="form-grid">
            <SelectField
              label="Type du nouvel élément"
              value={newType}
              options={itemTypeOptions}
              onChange={(event) => setNewType(event.target.value as ItemType)}
              error={errors.type}
            />
            <TextField
              label="Valeur du nouvel élément"
              value={newValue}
              onChange={(event) => setNewValue(event.target.value)}
              error={errors.value}
              autoFocus
            />
          </div>
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
            + Ajouter un élément
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
