/** Creates a zone, or edits one's name, type and checklist flag with its version. */
import {
  CreateZoneRequest,
  UpdateZoneRequest,
  type AdminZone,
  type ZoneType,
} from '@plant-kiosk/contract';
import { useState, type FormEvent } from 'react';
import { ConflictNotice } from '../../components/conflict-notice';
import { CheckboxField, SelectField, TextField } from '../../components/field';
import { FeedbackNotice, type Feedback } from '../../components/notice';
import { adminApi } from '../../lib/api/admin-api';
import { ApiError, errorMessage } from '../../lib/api/client';
import { validate, type FieldErrors } from '../../lib/api/validate';
import { ZONE_TYPE_LABELS, zoneTypeOptions } from '../../lib/labels';

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
  const [version, setVersion] = useState(zone?.version ?? 1);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [conflict, setConflict] = useState<AdminZone | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = zone
      ? { expectedVersion: version, zonename, type, checkList }
      : { zonename, type, checkList };
    const found = validate(zone ? UpdateZoneRequest : CreateZoneRequest, body, HINTS);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const { data, message } = zone
        ? await adminApi.updateZone(zone.zoneid, body as UpdateZoneRequest)
        : await adminApi.createZone(devid, body as CreateZoneRequest);
      setVersion(data.version);
      setConflict(null);
      setFeedback({ tone: 'success', text: message || 'Enregistré.' });
      onSaved(data);
    } catch (failure) {
      if (failure instanceof ApiError && failure.isConflict) {
        setConflict(failure.data as AdminZone);
      } else setFeedback({ tone: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <form
      className="stack"
      onSubmit={submit}
      noValidate
      aria-label={zone ? 'Propriétés de la zone' : 'Nouvelle zone'}
    >
      {conflict && (
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
      )}
      <FeedbackNotice feedback={feedback} onClose={() => setFeedback(null)} />
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
      <div className="inline-actions">
        <button type="submit" className="button button-primary">
          {zone ? 'Enregistrer la zone' : 'Créer la zone'}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            Annuler
          </button>
        )}
      </div>
    </form>
  );
}
