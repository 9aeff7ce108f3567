/**
 * « Quand ? » — a date and a time of the plant, labelled with its zone (« heure de Paris »), then
 * the sentence of what they mean (« Partira lundi 30 novembre à 05:00 (heure de Paris). ») or why
 * they cannot be used, tied to the inputs by aria-describedby so it is read with them. Used by the
 * publish dialog's « Programmer… » and by « Reprogrammer ».
 */
import { plantZoneLabel } from '@plant-kiosk/contract';
import { useId } from 'react';
import type { PlantTimeInput, PlantTimeReading } from './plant-time';
import './scheduled.css';

export function PlantTimeFields({
  timeZone,
  value,
  reading,
  onChange,
  legend = 'Quand',
}: {
  timeZone: string;
  value: PlantTimeInput;
  /** `readPlantTime` of `value`, computed by the owner (which also needs the instant). */
  reading: PlantTimeReading;
  onChange: (value: PlantTimeInput) => void;
  legend?: string;
}) {
  const id = useId();
  const zone = plantZoneLabel(timeZone);
  const messageId = `${id}-message`;
  const noteId = `${id}-note`;
  const describedBy = reading.ok && reading.note ? `${messageId} ${noteId}` : messageId;
  return (
    <fieldset className="plant-time">
      <legend>
        {legend} <span className="plant-time-zone">({zone})</span>
      </legend>
      <div className="plant-time-inputs">
        <div className="field">
          <label htmlFor={`${id}-date`}>Date ({zone})</label>
          <input
            id={`${id}-date`}
            type="date"
            required
            value={value.date}
            aria-invalid={reading.ok ? undefined : true}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ ...value, date: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-time`}>Heure ({zone})</label>
          <input
            id={`${id}-time`}
            type="time"
            required
            step={60}
            value={value.time}
            aria-invalid={reading.ok ? undefined : true}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ ...value, time: event.target.value })}
          />
        </div>
      </div>
      {reading.ok ? (
        <>
          <p className="plant-time-preview" id={messageId} aria-live="polite">
            Partira sur les totems <strong>{reading.text}</strong>.
          </p>
          {reading.note && (
            <p className="plant-time-note" id={noteId}>
              {reading.note}
            </p>
          )}
        </>
      ) : (
        <p className="field-error" id={messageId} aria-live="polite">
          {reading.error}
        </p>
      )}
    </fieldset>
  );
}
