/**
 * Edits one element's value, type, adding date and, for an image, its text alternative (decision
 * 050) with the version it loaded. A 409 shows the values now on the server and offers to reload
 * them; the user's text stays on screen until then. The adding date is a wall-clock time of the
 * plant (issue 45), whatever the browser's zone.
 */
import {
  elementLanguage,
  plantZoneLabel,
  UpdateElementRequest,
  type AdminElement,
  type ItemType,
} from '@plant-kiosk/contract';
import { useState } from 'react';
import { ConflictNotice } from '../../components/conflict-notice';
import { SelectField, TextAreaField, TextField } from '../../components/field';
import { FormScaffold } from '../../components/form-scaffold';
import { Loading } from '../../components/page';
import { callWithMessage } from '../../lib/api/client';
import { draftWrite } from '../../lib/draft-events';
import {
  formatDate,
  fromLocalInput,
  ITEM_TYPE_LABELS,
  itemTypeOptions,
  toLocalInput,
} from '../../lib/labels';
import { useRoutePlantZone } from '../../lib/plant-zone';
import { useVersionedSave } from '../../lib/use-versioned-save';
import { altBody, AltTextField } from './alt-text-field';
import { ValueInput } from './value-input';

export function ElementForm({
  element,
  onSaved,
}: {
  element: AdminElement;
  onSaved: (element: AdminElement) => void;
}) {
  // The development of the path (/contenu/:devid/…): its plant's zone fills the date field, so the
  // form waits for it rather than show a time in a zone it would then change.
  const zone = useRoutePlantZone();
  if (!zone.known) return <Loading />;
  return <ElementFormIn element={element} onSaved={onSaved} timeZone={zone.timeZone} />;
}

function ElementFormIn({
  element,
  onSaved,
  timeZone,
}: {
  element: AdminElement;
  onSaved: (element: AdminElement) => void;
  timeZone: string;
}) {
  const [value, setValue] = useState(element.value);
  const [type, setType] = useState<ItemType>(element.type);
  const [alt, setAlt] = useState(element.alt ?? '');
  // The picture and the words saved together: a new picture with the old words is pointed out.
  const [saved, setSaved] = useState({ value: element.value, alt: element.alt ?? '' });
  const [addingdate, setAddingdate] = useState(toLocalInput(element.addingdate, timeZone));
  // The field shows minutes only: send the date only when the user changed it, or every save
  // would rewrite the seconds away.
  const [loadedDate, setLoadedDate] = useState(toLocalInput(element.addingdate, timeZone));
  // A time the clocks skip that night is refused here, in French, before anything is sent.
  const [dateError, setDateError] = useState<string | null>(null);
  const { setVersion, version, errors, feedback, setFeedback, conflict, setConflict, busy, save } =
    useVersionedSave<AdminElement>(element.version);

  const load = (current: AdminElement) => {
    setValue(current.value);
    setType(current.type);
    setAlt(current.alt ?? '');
    setSaved({ value: current.value, alt: current.alt ?? '' });
    setAddingdate(toLocalInput(current.addingdate, timeZone));
    setLoadedDate(toLocalInput(current.addingdate, timeZone));
    setVersion(current.version);
  };

  const submit = async () => {
    const body: UpdateElementRequest = {
      expectedVersion: version,
      value,
      type,
      ...altBody(type, alt),
    };
    if (addingdate !== loadedDate) {
      const read = fromLocalInput(addingdate, timeZone);
      if ('error' in read) {
        setDateError(read.error);
        return;
      }
      body.addingdate = read.iso ?? '';
    }
    setDateError(null);
    await save({
      schema: UpdateElementRequest,
      body,
      send: (valid) =>
        draftWrite(
          callWithMessage('adminUpdateElement', {
            params: { elementid: element.elementid },
            body: valid,
          }),
        ),
      onSaved: (data) => {
        setLoadedDate(toLocalInput(data.addingdate, timeZone));
        // The server keeps the alternative on one line, trimmed: show what the totem will read.
        setAlt(data.alt ?? '');
        setSaved({ value: data.value, alt: data.alt ?? '' });
        onSaved(data);
      },
      clearFeedback: true,
    });
  };

  return (
    <FormScaffold
      label="Modifier l’élément"
      onSubmit={submit}
      submitLabel="Enregistrer l’élément"
      busy={busy}
      feedback={feedback}
      onCloseFeedback={() => setFeedback(null)}
      conflict={
        conflict && (
          <ConflictNotice
            current={[
              { label: 'Valeur', value: conflict.value },
              { label: 'Type', value: ITEM_TYPE_LABELS[conflict.type] },
              ...(conflict.type === 'image'
                ? [{ label: 'Texte alternatif', value: conflict.alt ?? '' }]
                : []),
              { label: 'Date d’ajout', value: formatDate(conflict.addingdate, timeZone) },
            ]}
            onReload={() => {
              load(conflict);
              setConflict(null);
              onSaved(conflict);
              setFeedback({ tone: 'info', text: 'Version actuelle rechargée.' });
            }}
          />
        )
      }
    >
      <div className="form-grid">
        <SelectField
          label="Type"
          value={type}
          options={itemTypeOptions}
          onChange={(event) => setType(event.target.value as ItemType)}
          error={errors.type}
        />
        <TextField
          label="Date d’ajout"
          type="datetime-local"
          value={addingdate}
          onChange={(event) => setAddingdate(event.target.value)}
          error={dateError ?? errors.addingdate}
          hint={`En ${plantZoneLabel(timeZone)}. Les éléments récents sont signalés « nouveau » sur les totems.`}
        />
      </div>
      {type === 'text' ? (
        <TextAreaField
          label="Valeur"
          rows={4}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={errors.value}
        />
      ) : (
        <ValueInput
          type={type}
          value={value}
          onChange={setValue}
          onTypeChange={setType}
          error={errors.value}
        />
      )}
      {type === 'image' && (
        <AltTextField
          value={alt}
          onChange={setAlt}
          lang={elementLanguage(element)}
          error={errors.alt}
          imageChanged={value !== saved.value && alt === saved.alt}
        />
      )}
    </FormScaffold>
  );
}
