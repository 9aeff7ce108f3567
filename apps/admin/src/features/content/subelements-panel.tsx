/**
 * Plain sub-elements of an element (pages of a document, steps of a procedure…): each row edits
 * its value, type and, for an image, its text alternative (decision 050) with its own version;
 * rows reorder like elements.
 */
import {
  CreateSubelementRequest,
  UpdateSubelementRequest,
  type AdminSubelement,
  type ItemType,
} from '@plant-kiosk/contract';
import { useState, type FormEvent } from 'react';
import { ConflictNotice } from '../../components/conflict-notice';
import { ConfirmDialog } from '../../components/dialog';
import { SelectField } from '../../components/field';
import { FeedbackNotice, type Feedback } from '../../components/notice';
import { LoadError, Loading } from '../../components/page';
import { ApiError, call, callWithMessage, errorMessage } from '../../lib/api/client';
import { validate, type FieldErrors } from '../../lib/api/validate';
import { draftWrite } from '../../lib/draft-events';
import { ITEM_TYPE_LABELS, itemTypeOptions } from '../../lib/labels';
import { useResource } from '../../lib/use-resource';
import { useVersionedSave } from '../../lib/use-versioned-save';
import { altBody, AltTextField, lacksAlt, MissingAltBadge } from './alt-text-field';
import { ReorderList } from './reorder-list';
import { ValueInput } from './value-input';

function SubelementRow({
  item,
  index,
  onSaved,
  onDelete,
}: {
  item: AdminSubelement;
  index: number;
  onSaved: (item: AdminSubelement) => void;
  onDelete: () => void;
}) {
  const [value, setValue] = useState(item.value);
  const [type, setType] = useState<ItemType>(item.type);
  const [alt, setAlt] = useState(item.alt ?? '');
  const { version, setVersion, errors, feedback, setFeedback, conflict, setConflict, save } =
    useVersionedSave<AdminSubelement>(item.version);
  const dirty =
    value !== item.value || type !== item.type || (type === 'image' && alt !== (item.alt ?? ''));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: UpdateSubelementRequest = {
      expectedVersion: version,
      value,
      type,
      ...altBody(type, alt),
    };
    await save({
      schema: UpdateSubelementRequest,
      body,
      send: (valid) =>
        draftWrite(
          callWithMessage('adminUpdateSubelement', {
            params: { subelementid: item.subelementid },
            body: valid,
          }),
        ),
      onSaved: (saved) => {
        // Trimmed to one line by the server: the field shows what the totem will read.
        setAlt(saved.alt ?? '');
        onSaved(saved);
      },
    });
  };

  return (
    <form
      className="subelement-row"
      onSubmit={submit}
      noValidate
      aria-label={`Sous-élément ${index + 1}`}
    >
      {conflict && (
        <ConflictNotice
          current={[
            { label: 'Valeur', value: conflict.value },
            { label: 'Type', value: ITEM_TYPE_LABELS[conflict.type] },
            ...(conflict.type === 'image'
              ? [{ label: 'Texte alternatif', value: conflict.alt ?? '' }]
              : []),
          ]}
          onReload={() => {
            setValue(conflict.value);
            setType(conflict.type);
            setAlt(conflict.alt ?? '');
            setVersion(conflict.version);
            onSaved(conflict);
            setConflict(null);
          }}
        />
      )}
      <FeedbackNotice feedback={feedback} onClose={() => setFeedback(null)} />
      {lacksAlt(item) && (
        <div>
          <MissingAltBadge />
        </div>
      )}
      <div className="form-grid form-grid-compact">
        <SelectField
          label={`Type du sous-élément ${index + 1}`}
          value={type}
          options={itemTypeOptions}
          onChange={(event) => setType(event.target.value as ItemType)}
          error={errors.type}
        />
        <ValueInput
          label={`Valeur du sous-élément ${index + 1}`}
          type={type}
          value={value}
          onChange={setValue}
          error={errors.value}
        />
      </div>
      {type === 'image' && (
        <AltTextField
          label={`Texte alternatif du sous-élément ${index + 1}`}
          value={alt}
          onChange={setAlt}
          error={errors.alt}
        />
      )}
      <div className="inline-actions">
        <button type="submit" className="button button-small button-primary" disabled={!dirty}>
          Enregistrer
        </button>
        <button
          type="button"
          className="button button-small button-danger-outline"
          onClick={onDelete}
          aria-label={`Supprimer le sous-élément ${index + 1}`}
        >
          Supprimer
        </button>
      </div>
    </form>
  );
}

export function SubelementsPanel({ elementid }: { elementid: number }) {
  const list = useResource(
    () => call('adminSubelements', { params: { elementid } }),
    `sub-${elementid}`,
  );
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [toDelete, setToDelete] = useState<AdminSubelement | null>(null);
  const [newType, setNewType] = useState<ItemType>('image');
  const [newValue, setNewValue] = useState('');
  const [newAlt, setNewAlt] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  if (list.loading && !list.data) return <Loading />;
  if (list.error) return <LoadError message={list.error} onRetry={list.reload} />;
  const items = list.data ?? [];

  const reorder = async (ids: number[]) => {
    try {
      const data = await draftWrite(
        call('adminReorderSubelements', { params: { elementid }, body: { ids } }),
      );
      list.setData(data);
      return true;
    } catch (failure) {
      if (failure instanceof ApiError && failure.isConflict && Array.isArray(failure.data)) {
        list.setData(failure.data as AdminSubelement[]);
      }
      setFeedback({ tone: 'error', text: errorMessage(failure) });
      return false;
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const body: CreateSubelementRequest = {
      value: newValue,
      type: newType,
      // Absent means none: an empty alternative is not sent on a new image.
      ...(newType === 'image' && newAlt.trim() ? { alt: newAlt } : {}),
    };
    const found = validate(CreateSubelementRequest, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const { data, message } = await draftWrite(
        callWithMessage('adminCreateSubelement', { params: { elementid }, body }),
      );
      list.setData([...items, data]);
      setNewValue('');
      setNewAlt('');
      setFeedback({ tone: 'success', text: message || 'Sous-élément ajouté.' });
    } catch (failure) {
      setFeedback({ tone: 'error', text: errorMessage(failure) });
    }
  };

  const remove = async () => {
    if (!toDelete) return;
    try {
      await draftWrite(
        call('adminDeleteSubelement', {
          params: { subelementid: toDelete.subelementid },
          query: { expectedVersion: toDelete.version },
        }),
      );
      list.setData(items.filter((item) => item.subelementid !== toDelete.subelementid));
      setFeedback({ tone: 'success', text: 'Sous-élément supprimé.' });
    } catch (failure) {
      setFeedback({ tone: 'error', text: errorMessage(failure) });
      if (failure instanceof ApiError && failure.isConflict) list.reload();
    } finally {
      setToDelete(null);
    }
  };

  return (
    <div className="stack">
      <FeedbackNotice feedback={feedback} onClose={() => setFeedback(null)} />
      {items.length === 0 && <p className="muted">Aucun sous-élément.</p>}
      {items.length > 0 && (
        <ReorderList
          label="Sous-éléments"
          items={items}
          idOf={(item) => item.subelementid}
          nameOf={(item) => `le sous-élément ${items.indexOf(item) + 1}`}
          onReorder={reorder}
          renderItem={(item, index) => (
            <SubelementRow
              key={item.subelementid}
              item={item}
              index={index}
              onSaved={(saved) =>
                list.setData(items.map((i) => (i.subelementid === saved.subelementid ? saved : i)))
              }
              onDelete={() => setToDelete(item)}
            />
          )}
        />
      )}
      <form
        className="card-inset stack"
        onSubmit={add}
        noValidate
        aria-label="Nouveau sous-élément"
      >
        <div className="form-grid form-grid-compact">
          <SelectField
            label="Type du nouveau sous-élément"
            value={newType}
            options={itemTypeOptions}
            onChange={(event) => setNewType(event.target.value as ItemType)}
            error={errors.type}
          />
          <ValueInput
            label="Valeur du nouveau sous-élément"
            type={newType}
            value={newValue}
            onChange={setNewValue}
            error={errors.value}
          />
        </div>
        {newType === 'image' && (
          <AltTextField
            label="Texte alternatif du nouveau sous-élément"
            value={newAlt}
            onChange={setNewAlt}
            error={errors.alt}
          />
        )}
        <div>
          <button type="submit" className="button">
            + Ajouter le sous-élément
          </button>
        </div>
      </form>
      {toDelete && (
        <ConfirmDialog
          title="Supprimer ce sous-élément ?"
          confirmLabel="Supprimer définitivement"
          onCancel={() => setToDelete(null)}
          onConfirm={() => void remove()}
        >
          <p>« {toDelete.value || '(vide)'} » sera supprimé.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
