/**
 * The parts of the « Fréquentation » page drawn in HTML (issue 49, part 2): the totals, the
 * week-by-hour heat map and the lists with their bars. Each is a real table — its cells hold the
 * counts as text — so axe and screen readers read what the colours and bars show.
 */
import { plantZoneLabel, type UsageDashboard } from '@plant-kiosk/contract';
import type { ReactNode } from 'react';
import {
  count,
  counted,
  LANGUAGE_LABELS,
  longDayLabel,
  parcoursLabel,
  percent,
  shortDayLabel,
  WEEKDAYS,
} from './usage-text';

export function Totals({ totals }: { totals: UsageDashboard['totals'] }) {
  const items: { label: string; value: number; note?: string }[] = [
    { label: 'Visites', value: totals.sessions },
    {
      label: 'Visites engagées',
      value: totals.engagedSessions,
      note: `${percent(totals.engagedSessions, totals.sessions)} des visites`,
    },
    { label: 'Pages vues', value: totals.pageViews },
    { label: 'Touchers', value: totals.taps },
    { label: 'Documents ouverts', value: totals.documentsOpened },
    { label: 'Pages lues', value: totals.pagesRead },
    { label: 'Alertes affichées', value: totals.alertsShown },
  ];
  return (
    <dl className="usage-totals" aria-label="Totaux de la période">
      {items.map((item) => (
        <div key={item.label} className="usage-total">
          <dt>{item.label}</dt>
          <dd>
            <span className="usage-total-value">{count(item.value)}</span>
            {item.note && <span className="usage-total-note">{item.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A section of the page: a card with its heading, named by it. */
export function Section({
  id,
  title,
  children,
  wide = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <section
      className={`card usage-section${wide ? ' usage-section-wide' : ''}`}
      aria-labelledby={id}
    >
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** The visits per day as a table: the chart's text equivalent. */
export function DaysTable({ days }: { days: UsageDashboard['days'] }) {
  return (
    <div
      className="table-scroll usage-days-table"
      tabIndex={0}
      role="region"
      aria-label="Visites par jour, en chiffres"
    >
      <table className="table table-compact">
        <thead>
          <tr>
            <th scope="col">Jour</th>
            <th scope="col">Visites</th>
            <th scope="col">Engagées</th>
            <th scope="col">Pages vues</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">
                <time dateTime={day.day}>{shortDayLabel(day.day)}</time>
              </th>
              <td>{count(day.sessions)}</td>
              <td>{count(day.engagedSessions)}</td>
              <td>{count(day.pageViews)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The chart's one-sentence summary: the totals and the busiest day. */
export function daysSummary(days: UsageDashboard['days']): string {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return 'Aucun jour.';
  const sessions = days.reduce((sum, day) => sum + day.sessions, 0);
  const engaged = days.reduce((sum, day) => sum + day.engagedSessions, 0);
  const busiest = days.reduce((best, day) => (day.sessions > best.sessions ? day : best), first);
  const head = `Visites par jour du ${longDayLabel(first.day)} au ${longDayLabel(last.day)} : ${counted(sessions, 'visite')}, dont ${counted(engaged, 'engagée')}.`;
  return busiest.sessions > 0
    ? `${head} Jour le plus fréquenté : ${longDayLabel(busiest.day)}, ${counted(busiest.sessions, 'visite')}.`
    : head;
}

/** Five shades, from none to the busiest hour; the text colour keeps ≥ 4.5:1 on each. */
function heatLevel(value: number, max: number): number {
  if (value <= 0 || max <= 0) return 0;
  return Math.max(1, Math.ceil((value / max) * 4));
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * Visits by weekday and hour of the plant's clock: a 7 × 24 table whose cells are shaded by the
 * visits and hold them as text (empty cells say 0 to screen readers only).
 */
export function Heatmap({
  heatmap,
  timeZone,
}: {
  heatmap: UsageDashboard['heatmap'];
  timeZone: string;
}) {
  const cells = new Map(heatmap.map((cell) => [`${cell.weekday}-${cell.hour}`, cell]));
  const max = heatmap.reduce((best, cell) => Math.max(best, cell.sessions), 0);
  return (
    <div
      className="table-scroll"
      tabIndex={0}
      role="region"
      aria-label="Carte des visites par jour et par heure"
    >
      <table className="usage-heatmap">
        <caption className="visually-hidden">
          Visites par jour de la semaine (lignes) et par heure (colonnes),{' '}
          {plantZoneLabel(timeZone)}
        </caption>
        <thead>
          <tr>
            <td />
            {HOURS.map((hour) => (
              <th key={hour} scope="col">
                <span aria-hidden="true">{hour}</span>
                <span className="visually-hidden">{hour} h</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {WEEKDAYS.map((name, index) => (
            <tr key={name}>
              <th scope="row">
                <span aria-hidden="true">{name.slice(0, 3)}.</span>
                <span className="visually-hidden">{name}</span>
              </th>
              {HOURS.map((hour) => {
                const cell = cells.get(`${index + 1}-${hour}`);
                const sessions = cell?.sessions ?? 0;
                const title = `${name} ${hour} h : ${counted(sessions, 'visite')}, ${counted(cell?.pageViews ?? 0, 'page vue', 'pages vues')}`;
                return (
                  <td key={hour} className={`heat-${heatLevel(sessions, max)}`} title={title}>
                    {sessions > 0 ? count(sessions) : <span className="visually-hidden">0</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A column of a bar table: its header and how a row fills it. */
export interface BarColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/**
 * A list as a table with a bar per row, as long as the row's share of the largest `value`: the
 * number beside it says the same in text, the bar is decoration (hidden from screen readers).
 */
export function BarTable<T>({
  rows,
  label,
  labelHeader,
  value,
  valueHeader,
  extra = [],
  rowKey,
  empty,
}: {
  rows: readonly T[];
  label: (row: T) => ReactNode;
  labelHeader: string;
  value: (row: T) => number;
  valueHeader: string;
  extra?: BarColumn<T>[];
  rowKey: (row: T) => string;
  empty: string;
}) {
  if (rows.length === 0) return <p className="muted">{empty}</p>;
  const max = rows.reduce((best, row) => Math.max(best, value(row)), 0);
  const total = rows.reduce((sum, row) => sum + value(row), 0);
  return (
    <table className="table table-compact usage-bars">
      <thead>
        <tr>
          <th scope="col">{labelHeader}</th>
          <th scope="col">{valueHeader}</th>
          {extra.map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            <th scope="row" className="usage-bar-label">
              {label(row)}
            </th>
            <td className="usage-bar-cell">
              <span className="usage-bar-value">{count(value(row))}</span>
              <span className="usage-bar-share">{percent(value(row), total)}</span>
              <span className="usage-bar" aria-hidden="true">
                <span style={{ width: `${max > 0 ? (value(row) / max) * 100 : 0}%` }} />
              </span>
            </td>
            {extra.map((column) => (
              <td key={column.header}>{column.cell(row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TopPages({ pages }: { pages: UsageDashboard['topPages'] }) {
  return (
    <BarTable
      rows={pages}
      rowKey={(row) => row.route}
      label={(row) => <code>{row.route}</code>}
      labelHeader="Page"
      value={(row) => row.pageViews}
      valueHeader="Pages vues"
      empty="Aucune page vue sur cette période."
    />
  );
}

export function TopDocuments({ documents }: { documents: UsageDashboard['topDocuments'] }) {
  return (
    <BarTable
      rows={documents}
      rowKey={(row) => row.target}
      label={(row) => <code>{row.target}</code>}
      labelHeader="Document"
      value={(row) => row.opens}
      valueHeader="Ouvertures"
      extra={[
        { header: 'Pages lues', cell: (row) => count(row.pagesRead) },
        {
          header: 'Pages lues par ouverture',
          cell: (row) =>
            row.opens > 0
              ? (row.pagesRead / row.opens).toLocaleString('fr-FR', { maximumFractionDigits: 1 })
              : '—',
        },
      ]}
      empty="Aucun document ouvert sur cette période."
    />
  );
}

export function Languages({ languages }: { languages: UsageDashboard['languages'] }) {
  return (
    <BarTable
      rows={languages}
      rowKey={(row) => row.language}
      label={(row) => LANGUAGE_LABELS[row.language]}
      labelHeader="Langue"
      value={(row) => row.pageViews}
      valueHeader="Pages vues"
      empty="Aucune page vue sur cette période."
    />
  );
}

export function Parcours({ parcours }: { parcours: UsageDashboard['parcours'] }) {
  return (
    <BarTable
      rows={parcours}
      rowKey={(row) => row.parcours}
      label={(row) => parcoursLabel(row.parcours)}
      labelHeader="Parcours"
      value={(row) => row.count}
      valueHeader="Choisi"
      empty="Aucun parcours choisi sur cette période."
    />
  );
}

export function TotemsTable({ totems }: { totems: UsageDashboard['totems'] }) {
  if (totems.length === 0) return <p className="muted">Aucun totem n’a servi sur cette période.</p>;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Fréquentation par totem">
      <table className="table table-compact">
        <thead>
          <tr>
            <th scope="col">Totem</th>
            <th scope="col">Groupes</th>
            <th scope="col">Visites</th>
            <th scope="col">Engagées</th>
            <th scope="col">Pages vues</th>
          </tr>
        </thead>
        <tbody>
          {totems.map((totem) => (
            <tr key={totem.kioskId}>
              <th scope="row">
                {totem.name ?? <span className="muted">Sans nom</span>}{' '}
                <span className="usage-kiosk-id">{totem.kioskId}</span>
              </th>
              <td>{totem.groups.length > 0 ? totem.groups.join(', ') : '—'}</td>
              <td>{count(totem.sessions)}</td>
              <td>
                {count(totem.engagedSessions)}{' '}
                <span className="muted">({percent(totem.engagedSessions, totem.sessions)})</span>
              </td>
              <td>{count(totem.pageViews)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
