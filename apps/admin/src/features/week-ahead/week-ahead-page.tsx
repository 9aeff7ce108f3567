/**
 * « La semaine à venir » (issue 46): what changes on the development's totems, plant-local day by
 * day for seven days — scheduled publications (held ones marked, with why and where to decide),
 * sub-groups that appear or expire, « Nouveau » badges that go — each at its time in the plant's
 * zone (said once, never the browser's) with a link to the preview of the totem at that moment.
 *
 * The first week starts now; « Semaine suivante » starts where the shown week ends (the server's
 * `to`, the start of the eighth day), so no hour falls between two weeks; « Semaine précédente »
 * never goes before now: what already went live is in the history, not here. While open, the page
 * asks again every minute (events that passed leave the first week, new schedules appear).
 */
import {
  addPlantDays,
  instantToPlantLocal,
  plantZoneLabel,
  type AdminDevelopment,
  type WeekAheadDay,
  type WeekAheadEvent,
  type WeekAheadResponse,
} from '@plant-kiosk/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DevelopmentGate } from '../../components/development-gate';
import { LoadError, Loading, Page } from '../../components/page';
import { call } from '../../lib/api/client';
import { useDraftChanged } from '../../lib/draft-events';
import { useResource } from '../../lib/use-resource';
import { previewPagePath } from '../preview';
import { scheduledPath } from '../scheduled';
import { changeCount, changesText, previousWeekFrom } from './week-ahead-text';
import './week-ahead.css';

/** How often the open page asks again. */
export const REFRESH_MS = 60_000;

export function WeekAheadPage() {
  return (
    <DevelopmentGate base="/semaine">
      {(development, switcher) => (
        <WeekAhead key={development.devid} development={development} switcher={switcher} />
      )}
    </DevelopmentGate>
  );
}

/** A week's answer with the `from` it was asked for, so a week still loading never shows another. */
interface Loaded {
  from: string | null;
  week: WeekAheadResponse;
}

function WeekAhead({
  development,
  switcher,
}: {
  development: AdminDevelopment;
  switcher: ReactNode;
}) {
  const { devid } = development;
  // null: from now (the server's default, which moves on at each refresh).
  const [from, setFrom] = useState<string | null>(null);
  const week = useResource<Loaded>(
    () =>
      call('adminWeekAhead', { params: { devid }, query: from ? { from } : {} }).then((answer) => ({
        from,
        week: answer,
      })),
    `week-ahead-${devid}-${from ?? 'now'}`,
  );
  const reload = week.reload;
  useDraftChanged(reload);
  // Every minute while the tab is seen; a tab shown again asks at once rather than at its next tick.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, REFRESH_MS);
    const shown = () => {
      if (document.visibilityState === 'visible') reload();
    };
    document.addEventListener('visibilitychange', shown);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [reload]);

  // The last week loaded, maybe another than the one asked while it loads: its buttons stay (and
  // keep the focus) while the asked week replaces its days.
  const last = week.data?.week;
  const fresh = week.data !== undefined && week.data.from === from;

  return (
    <Page
      title="La semaine à venir"
      actions={
        <>
          {switcher}
          <Link className="button" to={scheduledPath(devid)}>
            Modifications programmées
          </Link>
        </>
      }
    >
      <div className="stack">
        {last && (
          <WeekHeader
            week={last}
            fresh={fresh}
            isFirst={from === null}
            onPrevious={() => setFrom(previousWeekFrom(last.days[0]!.date, last.timeZone))}
            onNext={() => setFrom(last.to)}
          />
        )}
        {week.error && <LoadError message={week.error} onRetry={reload} />}
        {!fresh && !week.error && <Loading />}
        {fresh && last && <Days devid={devid} week={last} />}
      </div>
    </Page>
  );
}

/** The zone said once, the week's span and count, and the buttons to the weeks around it. */
function WeekHeader({
  week,
  fresh,
  isFirst,
  onPrevious,
  onNext,
}: {
  week: WeekAheadResponse;
  fresh: boolean;
  isFirst: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const { timeZone, days } = week;
  const first = days[0];
  const last = days[days.length - 1];
  const total = days.reduce((sum, day) => sum + day.events.length, 0);
  return (
    <>
      <p className="muted">
        Ce qui change sur les totems, jour par jour. Les heures sont celles du site (
        {plantZoneLabel(timeZone)}), quel que soit le fuseau de cet ordinateur.
      </p>
      <nav className="week-ahead-nav" aria-label="Changer de semaine">
        {/* aria-disabled rather than disabled: the button keeps the focus it was clicked with. */}
        <button
          type="button"
          className="button"
          aria-disabled={isFirst}
          onClick={isFirst ? undefined : onPrevious}
          title={isFirst ? 'La semaine à venir commence maintenant' : undefined}
        >
          ← Semaine précédente
        </button>
        <p className="week-ahead-range" aria-live="polite">
          {fresh && first && last && (
            <>
              Du <time dateTime={week.from}>{first.label}</time>
              {/* Not the minute it starts: this line is announced, and would be at each refresh. */}
              {isFirst ? ' (dès maintenant)' : ''} au <time dateTime={last.date}>{last.label}</time>{' '}
              inclus :{' '}
              {total === 0
                ? 'aucun changement prévu'
                : `${total} changement${total > 1 ? 's' : ''} prévu${total > 1 ? 's' : ''}`}
              .
            </>
          )}
        </p>
        <button type="button" className="button" onClick={onNext}>
          Semaine suivante →
        </button>
      </nav>
    </>
  );
}

function Days({ devid, week }: { devid: number; week: WeekAheadResponse }) {
  const { timeZone, days } = week;
  const today = instantToPlantLocal(new Date(), timeZone).date;
  return (
    <ol className="week-ahead-days">
      {days.map((day) => (
        <Day key={day.date} devid={devid} day={day} timeZone={timeZone} today={today} />
      ))}
    </ol>
  );
}

function Day({
  devid,
  day,
  timeZone,
  today,
}: {
  devid: number;
  day: WeekAheadDay;
  timeZone: string;
  today: string;
}) {
  const headingId = `week-ahead-${day.date}`;
  const relative =
    day.date === today ? 'Aujourd’hui' : day.date === addPlantDays(today, 1) ? 'Demain' : null;
  return (
    <li className="card week-ahead-day" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <time dateTime={day.date}>
          {relative ? `${relative}, ${day.label}` : capitalize(day.label)}
        </time>
      </h2>
      {day.events.length === 0 ? (
        <p className="muted">Rien ne change ce jour-là.</p>
      ) : (
        <ul className="week-ahead-events">
          {day.events.map((event, index) => (
            <EventItem
              key={`${event.kind}-${event.setid ?? event.subgroupid ?? event.elementid ?? index}-${event.at}`}
              devid={devid}
              event={event}
              timeZone={timeZone}
              dayLabel={day.label}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

function EventItem({
  devid,
  event,
  timeZone,
  dayLabel,
}: {
  devid: number;
  event: WeekAheadEvent;
  timeZone: string;
  dayLabel: string;
}) {
  const time = instantToPlantLocal(event.at, timeZone).time;
  const held = event.status === 'held';
  return (
    <li className={`week-ahead-event week-ahead-${event.kind}${held ? ' week-ahead-held' : ''}`}>
      <time className="week-ahead-time" dateTime={event.at}>
        {time}
      </time>
      <div className="week-ahead-body">
        <p className="week-ahead-sentence">
          <Sentence event={event} />
          {held && <span className="badge badge-warn">Retenue</span>}
        </p>
        {held && (
          <p className="week-ahead-held-reason">
            <strong>Retenue :</strong>{' '}
            {event.heldReason ?? 'elle attend qu’on la publie, la reprogramme ou l’annule.'} Elle ne
            partira pas seule : à décider dans{' '}
            <Link to={scheduledPath(devid)}>Modifications programmées</Link>.
          </p>
        )}
        <Link className="week-ahead-preview" to={previewPagePath(devid, { at: event.previewAt })}>
          Voir la borne à ce moment
          <span className="visually-hidden">
            {' '}
            ({dayLabel} à {time})
          </span>
        </Link>
      </div>
    </li>
  );
}

/** The event in one French sentence, its name set apart. */
function Sentence({ event }: { event: WeekAheadEvent }) {
  const { name } = event;
  switch (event.kind) {
    case 'scheduled-publication':
      return (
        <>
          Publication programmée : <strong>{name}</strong>
          {event.counts && <> — {changesText(changeCount(event.counts))}</>}
        </>
      );
    case 'subgroup-starts':
      return (
        <>
          <strong>{name}</strong> apparaît
          {event.zonename && <> dans « {event.zonename} »</>}
        </>
      );
    case 'subgroup-ends':
      return (
        <>
          <strong>{name}</strong> expire et quitte les totems
        </>
      );
    case 'new-badge-ends':
      // An element's badge (a zone's image) has no name of its own: its number and zone say which.
      return event.subgroupid === undefined && event.elementid !== undefined ? (
        <>
          Le badge « Nouveau » de{' '}
          <strong>
            l’élément n° {event.elementid}
            {event.zonename && <> de la zone « {event.zonename} »</>}
          </strong>{' '}
          disparaît
        </>
      ) : (
        <>
          Le badge « Nouveau » de <strong>{name}</strong> disparaît
        </>
      );
  }
}

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase('fr-FR') + text.slice(1);
