/**
 * « Heures d'ouverture » of the Réglages page (issue 48, part 2): always open (a 3×8 plant) or a
 * week of open intervals on the plant's clock. Each day is closed or open during one or more
 * intervals (« + une plage »); a night shift past midnight is typed as two intervals, 22:00–24:00
 * and 00:00–06:00 the next day (the contract refuses an interval that closes before it opens, and
 * says so). The times are typed as text, not `<input type="time">`: 24:00, the end of a day,
 * is a closing time a time input cannot hold. The contract's rules say what is wrong, by day, in
 * French; the one-line summary is the contract's too, as the fleet and the journal write it.
 */
import {
  defaultWeeklyHours,
  OPENING_DAY_NAMES,
  OPENING_INTERVALS_MAX_PER_DAY,
  openingHoursProblems,
  openingHoursText,
  type OpeningHours,
  type OpeningInterval,
} from '@plant-kiosk/contract';
import { useId } from 'react';
import './opening-hours-section.css';

const capitalize = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * A typed time as the contract writes it: « 6:00 », « 6h », « 06h30 » → « 06:00 », « 06:30 »;
 * anything else is kept as typed, for the rules to refuse with their message.
 */
export function normalizeTypedTime(text: string): string {
  const match = /^\s*(\d{1,2})\s*(?:[:hH.]\s*(\d{2})?)?\s*$/.exec(text);
  if (!match) return text.trim();
  return `${(match[1] ?? '').padStart(2, '0')}:${match[2] ?? '00'}`;
}

/** The hours with every typed time in the contract's form. */
export function normalizeTypedHours(hours: OpeningHours): OpeningHours {
  if (hours.kind === 'always') return hours;
  return {
    kind: 'weekly',
    days: hours.days.map((intervals) =>
      intervals.map(({ open, close }) => ({
        open: normalizeTypedTime(open),
        close: normalizeTypedTime(close),
      })),
    ),
  };
}

export function OpeningHoursSection({
  value,
  onChange,
  showProblems,
  error,
}: {
  value: OpeningHours;
  onChange: (hours: OpeningHours) => void;
  /** After a refused save: the rules' messages follow the hours as they are edited. */
  showProblems: boolean;
  /** The field's error from the page (the schema's, when the rules find nothing). */
  error?: string | undefined;
}) {
  const id = useId();
  const problems = showProblems ? openingHoursProblems(normalizeTypedHours(value)) : [];
  const weekProblems = problems.filter((problem) => problem.day === undefined);
  const sectionError =
    weekProblems.length > 0
      ? weekProblems.map((problem) => problem.message).join(' ')
      : problems.length === 0 && showProblems
        ? error
        : undefined;

  const setDay = (day: number, intervals: OpeningInterval[]) => {
    if (value.kind !== 'weekly') return;
    onChange({
      kind: 'weekly',
      days: value.days.map((current, index) => (index === day ? intervals : current)),
    });
  };

  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Heures d’ouverture</h2>
      <fieldset className="opening-kind">
        <legend>Quand l’usine est-elle ouverte ?</legend>
        <label>
          <input
            type="radio"
            name={`${id}-kind`}
            checked={value.kind === 'always'}
            onChange={() => onChange({ kind: 'always' })}
          />
          Toujours ouvert (3×8)
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-kind`}
            checked={value.kind === 'weekly'}
            onChange={() => {
              if (value.kind !== 'weekly') onChange(defaultWeeklyHours());
            }}
          />
          Selon un horaire de la semaine
        </label>
      </fieldset>

      {value.kind === 'weekly' && (
        <div className="opening-week">
          {value.days.map((intervals, day) => (
            <DayRow
              key={day}
              day={day}
              intervals={intervals}
              previous={value.days[(day + 6) % 7] ?? []}
              problems={problems
                .filter((problem) => problem.day === day)
                .map((problem) => problem.message)}
              onChange={(next) => setDay(day, next)}
            />
          ))}
        </div>
      )}

      <p className="opening-summary" id={`${id}-summary`} aria-live="polite">
        <strong>Résumé :</strong> {openingHoursText(normalizeTypedHours(value))}
      </p>
      {sectionError && (
        <p className="field-error" role="alert">
          {sectionError}
        </p>
      )}
      <p className="field-hint">
        Les heures se lisent à l’heure de l’usine (le fuseau ci-dessus), changements d’heure
        compris. En dehors de ces heures, la page Parc dit d’un totem injoignable qu’il est « Hors
        des heures d’ouverture » plutôt que « Silencieux », et les messages de santé se taisent ;
        l’écran des totems installés avec leur chien de garde s’éteint (il se rallume au toucher,
        pendant deux minutes, et aussitôt pour une alerte). Pour une équipe de nuit, finissez la
        plage à 24:00 et reprenez à 00:00 le jour suivant. Les heures partent vers les totems avec
        la prochaine publication.
      </p>
    </section>
  );
}

function DayRow({
  day,
  intervals,
  previous,
  problems,
  onChange,
}: {
  day: number;
  intervals: OpeningInterval[];
  /** The day before's intervals: a day opened again starts with them. */
  previous: OpeningInterval[];
  problems: string[];
  onChange: (intervals: OpeningInterval[]) => void;
}) {
  const id = useId();
  const name = capitalize(OPENING_DAY_NAMES[day] ?? '');
  const open = intervals.length > 0;
  const errorId = `${id}-error`;
  const invalid = problems.length > 0;
  const setInterval = (index: number, change: Partial<OpeningInterval>) =>
    onChange(
      intervals.map((interval, at) => (at === index ? { ...interval, ...change } : interval)),
    );

  return (
    <fieldset
      className={`opening-day${invalid ? ' field-invalid' : ''}`}
      aria-describedby={invalid ? errorId : undefined}
    >
      <legend>{name}</legend>
      <label className="opening-day-open">
        <input
          type="checkbox"
          checked={open}
          onChange={(event) =>
            onChange(
              event.target.checked
                ? previous.length > 0
                  ? previous.map((interval) => ({ ...interval }))
                  : [{ open: '06:00', close: '20:00' }]
                : [],
            )
          }
        />
        Ouvert
      </label>
      {!open && <span className="muted opening-closed">fermé</span>}
      {open && (
        <ul className="opening-intervals">
          {intervals.map((interval, index) => {
            const place = intervals.length > 1 ? `, plage ${index + 1}` : '';
            return (
              <li key={index} className="opening-interval">
                <span aria-hidden="true">de</span>
                <label htmlFor={`${id}-${index}-open`} className="visually-hidden">
                  {`${name}${place} : ouverture`}
                </label>
                <input
                  id={`${id}-${index}-open`}
                  className="opening-time"
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="HH:MM"
                  maxLength={5}
                  value={interval.open}
                  aria-invalid={invalid ? true : undefined}
                  onChange={(event) => setInterval(index, { open: event.target.value })}
                  onBlur={(event) =>
                    setInterval(index, { open: normalizeTypedTime(event.target.value) })
                  }
                />
                <span aria-hidden="true">à</span>
                <label htmlFor={`${id}-${index}-close`} className="visually-hidden">
                  {`${name}${place} : fermeture`}
                </label>
                <input
                  id={`${id}-${index}-close`}
                  className="opening-time"
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="HH:MM"
                  maxLength={5}
                  value={interval.close}
                  aria-invalid={invalid ? true : undefined}
                  onChange={(event) => setInterval(index, { close: event.target.value })}
                  onBlur={(event) =>
                    setInterval(index, { close: normalizeTypedTime(event.target.value) })
                  }
                />
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Retirer la plage ${interval.open}–${interval.close} du ${OPENING_DAY_NAMES[day] ?? ''}`}
                  onClick={() => onChange(intervals.filter((_, at) => at !== index))}
                >
                  Retirer
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {open && intervals.length < OPENING_INTERVALS_MAX_PER_DAY && (
        <button
          type="button"
          className="button button-small opening-add"
          aria-label={`Ajouter une plage le ${OPENING_DAY_NAMES[day] ?? ''}`}
          onClick={() => {
            // After the last interval, to the end of the day; blank when that one ends the day.
            const last = intervals[intervals.length - 1];
            const after =
              last && last.close !== '24:00'
                ? { open: last.close, close: '24:00' }
                : { open: '', close: '' };
            onChange([...intervals, after]);
          }}
        >
          + une plage
        </button>
      )}
      {invalid && (
        <p className="field-error opening-day-error" id={errorId}>
          {problems.join(' ')}
        </p>
      )}
    </fieldset>
  );
}
