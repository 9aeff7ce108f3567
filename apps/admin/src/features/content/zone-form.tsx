/** Creates a zone, or edits one's name, type and checklist flag with its version. */
import {
  CreateZoneRequest,
  UpdateZoneRequest,
  type AdminZone,
  type ZoneType,
} from '@plant-kiosk/contract';
import { useState } from 'react';
import { ConflictNotice } from '../../components/conflict-notice';
import { CheckboxField, SelectField, TextField } from '../../components/field';
import { FormScaffold } from '../../components/form-scaffold';
import { callWithMessage } from '../../lib/api/client';
import { draftWrite } from '../../lib/draft-events';
import { ZONE_TYPE_LABELS, zoneTypeOptions } from '../../lib/labels';
import { useVersionedSave } from '../../lib/use-versioned-save';

const HINTS = { zonename: 'Le nom ne doit ni commencer ni finir par une espace.' };

export function ZoneForm({
  devid,
  zone,
  onSaved,
  onCancel,
}: {
  devid: number;
  /** Absent: creation. */
  zone?: AdminZone;
  onSaved: (zone: AdminZone) => void;
  onCancel?: () => void;
}) {
  const [zonename, setZonename] = useState(zone?.zonename ?? '');
  const [type, setType] = useState<ZoneType>(zone?.type ?? 'images');
  const [checkList, setCheckList] = useState(zone?.checkList ?? false);
  const { version, setVersion, errors, feedback, setFeedback, conflict, setConflict, save } =
    useVersionedSave<AdminZone>(zone?.version ?? 1);

  const submit = async () => {
    const body = zone
      ? { expectedVersion: version, zonename, type, checkList }
      : { zonename, type, checkList };
    await save({
      schema: zone ? UpdateZoneRequest : CreateZoneRequest,
      body,
      hints: HINTS,
      send: (valid) =>
        draftWrite(
          zone
            ? callWithMessage('adminUpdateZone', {
                params: { zoneid: zone.zoneid },
                body: valid as UpdateZoneRequest,
              })
            : callWithMessage('adminCreateZone', {
                params: { devid },
                body: valid as CreateZoneRequest,
              }),
        ),
      onSaved,
    });
  };

  return (
    <FormScaffold
      label={zone ? 'Propriétés de la zone' : 'Nouvelle zone'}
      onSubmit={submit}
      submitLabel={zone ? 'Enregistrer la zone' : 'Créer la zone'}
      feedback={feedback}
      onCloseFeedback={() => setFeedback(null)}
      actions={
        onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            Annuler
          </button>
        )
      }
      conflict={
        conflict && (
          <ConflictNotice
            current={[
              { label: 'Nom', value: conflict.zonename },
              { label: 'Type', value: ZONE_TYPE_LABELS[conflict.type] },
              { label: 'Liste d’étapes', value: conflict.checkList ? 'oui' : 'non' },
            ]}
            onReload={() => {
              setZonename(conflict.zonename);
              setType(conflict.type);
              setCheckList(conflict.checkList);
              setVersion(conflict.version);
              onSaved(conflict);
              setConflict(null);
            }}
          />
        )
      }
    >
      <div className="form-grid">
        <TextField
          label="Nom de la zone"
          value={zonename}
          onChange={(event) => setZonename(event.target.value)}
          error={errors.zonename}
          hint="Les totems trouvent certaines zones par leur nom exact : renommez avec prudence."
        />
        <SelectField
          label="Type de contenu"
          value={type}
          options={zoneTypeOptions}
          onChange={(event) => setType(event.target.value as ZoneType)}
          error={errors.type}
        />
      </div>
      <CheckboxField
        label="Liste d’étapes à suivre (les totems numérotent les éléments)"
        checked={checkList}
        onChange={(event) => setCheckList(event.target.checked)}
      />
    </FormScaffold>
  );
}
