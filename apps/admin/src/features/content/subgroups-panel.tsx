/**
 * Sub-groups of a "group" element, by content model (Produit, Magazine…): each has the fields of
 * its model (labels from GET content-models), each field a list of values, plus an adding date
 * and an optional expiration date after which the totems stop showing it. Both dates are
 * wall-clock times of the plant (issue 45), whatever the browser's zone. An image value (a
 * magazine's page, a product's photo) carries its text alternative (decision 050).
 */
import {
  CreateSubgroupRequest,
  UpdateSubgroupRequest,
  type AdminSubgroup,
  type ContentModel,
  type FieldValue,
  type ItemType,
  plantZoneLabel,
} from '@plant-kiosk/contract';
import { useState, type FormEvent } from 'react';
import { ConflictNotice } from '../../components/conflict-notice';
import { ConfirmDialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/field';
import { FormScaffold } from '../../components/form-scaffold';
import { FeedbackNotice, type Feedback } from '../../components/notice';
import { LoadError, Loading } from '../../components/page';
import { ApiError, call, callWithMessage, errorMessage } from '../../lib/api/client';
import { validate } from '../../lib/api/validate';
import { draftWrite } from '../../lib/draft-events';
import { formatDate, fromLocalInput, itemTypeOptions, toLocalInput } from '../../lib/labels';
import { useRoutePlantZone } from '../../lib/plant-zone';
import { useResource } from '../../lib/use-resource';
import { useVersionedSave } from '../../lib/use-versioned-save';
import { AltTextField, lacksAlt, MissingAltBadge } from './alt-text-field';
import { ReorderList } from './reorder-list';
import { ValueInput } from './value-input';

type FieldsState = Record<string, FieldValue[]>;

function fieldsOf(subgroup: AdminSubgroup, model: ContentModel | undefined): FieldsState {
  const labels = model?.fields ?? Object.keys(subgroup.fields);
  return Object.fromEntries(
    labels.map((label) => [
      label,
      (subgroup.fields[label] ?? []).map(({ value, type, alt }) => ({
        value,
        type,
        alt: alt ?? '',
      })),
    ]),
  );
}

/**
 * The values as sent: a sub-group's values are replaced as a whole, so an image's alternative goes
 * with it (absent means none), and a value that is no longer an image drops the one it had — the
 * server refuses an alternative on a text or a link.
 */
function fieldsToSend(fields: FieldsState): FieldsState {
  return Object.fromEntries(
    Object.entries(fields).map(([label, values]) => [
      label,
      values.map(({ value, type, alt }) => ({
        value,
        type,
        ...(type === 'image' && alt?.trim() ? { alt } : {}),
      })),
    ]),
  );
}

/** How many of a sub-group's image values the totem cannot read (no text alternative). */
const imagesWithoutAlt = (subgroup: AdminSubgroup) =>
  Object.values(subgroup.fields).flat().filter(lacksAlt).length;

/** A value as the conflict notice shows it: the image's alternative beside its path. */
const describeValue = (value: { value: string; type: ItemType; alt?: string | undefined }) =>
  value.type === 'image' && value.alt
    ? `${value.value} (texte alternatif : « ${value.alt} »)`
    : value.value;

function guessType(label: string): ItemType {
  if (/image|pages|affiche/i.test(label)) return 'image';
  if (/vid/i.test(label)) return 'video';
  if (/pdf/i.test(label)) return 'pdf';
  if (/qr|lien/i.test(label)) return 'link';
  return 'text';
}

function SubgroupEditor({
  subgroup,
  model,
  onSaved,
  timeZone,
}: {
  subgroup: AdminSubgroup;
  model: ContentModel | undefined;
  onSaved: (subgroup: AdminSubgroup) => void;
  /** The plant's zone, in which the date fields read and write. */
  timeZone: string;
}) {
  const [fields, setFields] = useState<FieldsState>(() => fieldsOf(subgroup, model));
  const [addingdate, setAddingdate] = useState(toLocalInput(subgroup.addingdate, timeZone));
  const [expirationdate, setExpirationdate] = useState(
    toLocalInput(subgroup.expirationdate, timeZone),
  );
  // Minutes only in the fields: dates are sent only when changed (see element-form.tsx).
  const [loaded, setLoaded] = useState(() => ({
    addingdate: toLocalInput(subgroup.addingdate, timeZone),
    expirationdate: toLocalInput(subgroup.expirationdate, timeZone),
  }));
  const { version, setVersion, errors, feedback, setFeedback, conflict, setConflict, save } =
    useVersionedSave<AdminSubgroup>(subgroup.version);
  // A time the clocks skip that night is refused here, in French, before anything is sent.
  const [dateErrors, setDateErrors] = useState<{ addingdate?: string; expirationdate?: string }>(
    {},
  );

  const load = (current: AdminSubgroup) => {
    setFields(fieldsOf(current, model));
    setAddingdate(toLocalInput(current.addingdate, timeZone));
    setExpirationdate(toLocalInput(current.expirationdate, timeZone));
    setLoaded({
      addingdate: toLocalInput(current.addingdate, timeZone),
      expirationdate: toLocalInput(current.expirationdate, timeZone),
    });
    setVersion(current.version);
  };

  const setValue = (label: string, index: number, patch: Partial<FieldValue>) =>
    setFields((current) => ({
      ...current,
      [label]: (current[label] ?? []).map((value, i) =>
        i === index ? { ...value, ...patch } : value,
      ),
    }));

  const submit = async () => {
    const body: UpdateSubgroupRequest = { expectedVersion: version, fields: fieldsToSend(fields) };
    const found: { addingdate?: string; expirationdate?: string } = {};
    if (addingdate !== loaded.addingdate) {
      const read = fromLocalInput(addingdate, timeZone);
      if ('error' in read) found.addingdate = read.error;
      else body.addingdate = read.iso ?? '';
    }
    if (expirationdate !== loaded.expirationdate) {
      const read = fromLocalInput(expirationdate, timeZone);
      if ('error' in read) found.expirationdate = read.error;
      else body.expirationdate = read.iso ?? null;
    }
    setDateErrors(found);
    if (found.addingdate || found.expirationdate) return;
    await save({
      schema: UpdateSubgroupRequest,
      body,
      send: (valid) =>
        draftWrite(
          callWithMessage('adminUpdateSubgroup', {
            params: { subgroupid: subgroup.subgroupid },
            body: valid,
          }),
        ),
      onSaved: (data) => {
        // The server trims each alternative to one line: show what the totem will read.
        setFields(fieldsOf(data, model));
        setLoaded({
          addingdate: toLocalInput(data.addingdate, timeZone),
          expirationdate: toLocalInput(data.expirationdate, timeZone),
        });
        onSaved(data);
      },
    });
  };

  return (
    <FormScaffold
      label={`Modifier ${subgroup.label}`}
      onSubmit={submit}
      submitLabel={`Enregistrer « ${subgroup.label} »`}
      feedback={feedback}
      onCloseFeedback={() => setFeedback(null)}
      conflict={
        conflict && (
          <ConflictNotice
            current={[
              ...Object.entries(conflict.fields).map(([label, values]) => ({
                label,
                value: values.map(describeValue).join(' · '),
              })),
              { label: 'Date d’ajout', value: formatDate(conflict.addingdate, timeZone) },
              { label: 'Date d’expiration', value: formatDate(conflict.expirationdate, timeZone) },
            ]}
            onReload={() => {
              load(conflict);
              onSaved(conflict);
              setConflict(null);
            }}
          />
        )
      }
    >
      <div className="form-grid">
        <TextField
          label="Date d’ajout"
          type="datetime-local"
          value={addingdate}
          onChange={(event) => setAddingdate(event.target.value)}
          error={dateErrors.addingdate ?? errors.addingdate}
          hint={`En ${plantZoneLabel(timeZone)}.`}
        />
        <TextField
          label="Date d’expiration (facultative)"
          type="datetime-local"
          value={expirationdate}
          onChange={(event) => setExpirationdate(event.target.value)}
          error={dateErrors.expirationdate ?? errors.expirationdate}
          hint={`En ${plantZoneLabel(timeZone)}. Après cette date, les totems ne l’affichent plus.`}
        />
      </div>
      {errors.fields && <p className="field-error">{errors.fields}</p>}
      {Object.entries(fields).map(([label, values]) => (
        <fieldset key={label} className="subgroup-field">
          <legend>{label}</legend>
          {values.length === 0 && <p className="muted">Aucune valeur.</p>}
          {values.map((value, index) => (
            <div className="subgroup-value" key={index}>
              <div className="form-grid form-grid-compact">
                <SelectField
                  label={`Type de « ${label} » n° ${index + 1}`}
                  value={value.type}
                  options={itemTypeOptions}
                  onChange={(event) =>
                    setValue(label, index, { type: event.target.value as ItemType })
                  }
                />
                <ValueInput
                  label={`« ${label} » n° ${index + 1}`}
                  type={value.type}
                  value={value.value}
                  onChange={(next) => setValue(label, index, { value: next })}
                />
                <div className="field-end">
                  <button
                    type="button"
                    className="button button-small button-danger-outline"
                    aria-label={`Retirer « ${label} » n° ${index + 1}`}
                    onClick={() =>
                      setFields((current) => ({
                        ...current,
                        [label]: (current[label] ?? []).filter((_, i) => i !== index),
                      }))
                    }
                  >
                    Retirer
                  </button>
                </div>
              </div>
              {value.type === 'image' && (
                <AltTextField
                  label={`Texte alternatif de « ${label} » n° ${index + 1}`}
                  value={value.alt ?? ''}
                  onChange={(alt) => setValue(label, index, { alt })}
                />
              )}
            </div>
          ))}
          <button
            type="button"
            className="button button-small"
            onClick={() =>
              setFields((current) => ({
                ...current,
                [label]: [
                  ...(current[label] ?? []),
                  { value: '', type: guessType(label), alt: '' },
                ],
              }))
            }
          >
            + Ajouter une valeur à « {label} »
          </button>
        </fieldset>
      ))}
    </FormScaffold>
  );
}

export function SubgroupsPanel({ elementid }: { elementid: number }) {
  const list = useResource(
    () => call('adminSubgroups', { params: { elementid } }),
    `sg-${elementid}`,
  );
  const models = useResource(() => call('adminContentModels'), 'models');
  // The dates of the development in the path (/contenu/:devid/…), in its plant's zone.
  const zone = useRoutePlantZone();
  const { timeZone } = zone;
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<AdminSubgroup | null>(null);
  const [model, setModel] = useState('');

  if ((list.loading && !list.data) || (models.loading && !models.data) || !zone.known)
    return <Loading />;
  if (list.error) return <LoadError message={list.error} onRetry={list.reload} />;
  if (models.error) return <LoadError message={models.error} onRetry={models.reload} />;
  const items = list.data ?? [];
  const modelList = models.data ?? [];
  const chosenModel = model || modelList[0]?.label || '';

  const reorder = async (ids: number[]) => {
    try {
      const data = await draftWrite(
        call('adminReorderSubgroups', { params: { elementid }, body: { ids } }),
      );
      list.setData(data);
      return true;
    } catch (failure) {
      if (failure instanceof ApiError && failure.isConflict && Array.isArray(failure.data)) {
        list.setData(failure.data as AdminSubgroup[]);
      }
      setFeedback({ tone: 'error', text: errorMessage(failure) });
      return false;
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const body: CreateSubgroupRequest = { model: chosenModel };
    const found = validate(CreateSubgroupRequest, body);
    if (found.model) {
      setFeedback({ tone: 'error', text: 'Choisissez un modèle de contenu.' });
      return;
    }
    try {
      const { data, message } = await draftWrite(
        callWithMessage('adminCreateSubgroup', { params: { elementid }, body }),
      );
      list.setData([...items, data]);
      setOpen(data.subgroupid);
      setFeedback({ tone: 'success', text: message || 'Sous-groupe ajouté.' });
    } catch (failure) {
      setFeedback({ tone: 'error', text: errorMessage(failure) });
    }
  };

  const remove = async () => {
    if (!toDelete) return;
    try {
      await draftWrite(
        call('adminDeleteSubgroup', {
          params: { subgroupid: toDelete.subgroupid },
          query: { expectedVersion: toDelete.version },
        }),
      );
      list.setData(items.filter((item) => item.subgroupid !== toDelete.subgroupid));
      setFeedback({ tone: 'success', text: 'Sous-groupe supprimé.' });
    } catch (failure) {
      setFeedback({ tone: 'error', text: errorMessage(failure) });
      if (failure instanceof ApiError && failure.isConflict) list.reload();
    } finally {
      setToDelete(null);
    }
  };

  const opened = items.find((item) => item.subgroupid === open);
  const titleOf = (item: AdminSubgroup) => {
    const first = Object.values(item.fields)
      .flat()
      .find((v) => v.type === 'text' && v.value.trim() !== '');
    return first
      ? `${item.label} « ${first.value} »`
      : `${item.label} n° ${items.indexOf(item) + 1}`;
  };

  return (
    <div className="stack">
      <FeedbackNotice feedback={feedback} onClose={() => setFeedback(null)} />
      {items.length === 0 && <p className="muted">Aucun sous-groupe.</p>}
      {items.length > 0 && (
        <ReorderList
          label="Sous-groupes"
          items={items}
          idOf={(item) => item.subgroupid}
          nameOf={titleOf}
          onReorder={reorder}
          renderItem={(item) => (
            <div>
              <div className="element-row">
                <span className="element-value">{titleOf(item)}</span>
                {item.expired && <span className="badge badge-muted">Expiré</span>}
                {imagesWithoutAlt(item) > 0 && <MissingAltBadge count={imagesWithoutAlt(item)} />}
                <span className="muted small">
                  ajouté le {formatDate(item.addingdate, timeZone)}
                  {item.expirationdate
                    ? ` · expire le ${formatDate(item.expirationdate, timeZone)}`
                    : ''}
                </span>
                <span className="row-actions">
                  <button
                    type="button"
                    className="button button-small"
                    aria-expanded={open === item.subgroupid}
                    aria-label={`Modifier ${titleOf(item)}`}
                    onClick={() => setOpen(open === item.subgroupid ? null : item.subgroupid)}
                  >
                    Modifier
                  </button>
                  <button
                    type="button"
                    className="button button-small button-danger-outline"
                    aria-label={`Supprimer ${titleOf(item)}`}
                    onClick={() => setToDelete(item)}
                  >
                    Supprimer
                  </button>
                </span>
              </div>
            </div>
          )}
        />
      )}
      {opened && (
        <section className="card-inset stack" aria-labelledby="subgroup-editor-title">
          <h4 id="subgroup-editor-title">Modifier {titleOf(opened)}</h4>
          <SubgroupEditor
            key={opened.subgroupid}
            subgroup={opened}
            model={modelList.find((m) => m.modelid === opened.modelid)}
            timeZone={timeZone}
            onSaved={(saved) =>
              list.setData(items.map((i) => (i.subgroupid === saved.subgroupid ? saved : i)))
            }
          />
        </section>
      )}
      <form className="card-inset inline-form" onSubmit={add} aria-label="Nouveau sous-groupe">
        <SelectField
          label="Modèle de contenu"
          value={chosenModel}
          options={modelList.map((m) => ({
            value: m.label,
            label: `${m.label} (${m.fields.join(', ')})`,
          }))}
          onChange={(event) => setModel(event.target.value)}
        />
        <button type="submit" className="button">
          + Ajouter un sous-groupe
        </button>
      </form>
      {toDelete && (
        <ConfirmDialog
          title="Supprimer ce sous-groupe ?"
          confirmLabel="Supprimer définitivement"
          onCancel={() => setToDelete(null)}
          onConfirm={() => void remove()}
        >
          <p>{titleOf(toDelete)} et toutes ses valeurs seront supprimés.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
