/**
 * « Fréquentation » (issue 49, part 2): what people read on a development's totems over a range of
 * the plant's days — the totals, visits per day (a Chart.js bar chart, with its table), a
 * week-by-hour heat map, the most viewed pages and opened documents, the languages and parcours,
 * and each totem's figures; one totem or one group of the fleet may narrow it. The range and the
 * filters live in the address (usage-range.ts), so a link shares the view; the export link
 * downloads the same days' raw events as CSV.
 *
 * Days and hours are the plant's, named on the page, whatever the browser's zone. The chart is a
 * lazy chunk of its own (usage-daily-chart.tsx): the screen's tables do not wait for Chart.js.
 */
import {
  pathOf,
  plantZoneLabel,
  type AdminDevelopment,
  type KioskStatus,
  type UsageDashboard,
  type UsageDashboardQuery,
} from '@plant-kiosk/contract';
import { lazy, Suspense, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DevelopmentGate } from '../../components/development-gate';
import { Notice } from '../../components/notice';
import { LoadError, Loading, Page } from '../../components/page';
import { call } from '../../lib/api/client';
import { usePlantZone } from '../../lib/plant-zone';
import { useResource } from '../../lib/use-resource';
import {
  csvQuery,
  daysIn,
  plantToday,
  presetRange,
  RANGE_PRESETS,
  rangeProblem,
  readFilters,
  USAGE_PARAMS,
  type UsageFilters,
  type UsageRange,
} from './usage-range';
import {
  DaysTable,
  daysSummary,
  Heatmap,
  Languages,
  Parcours,
  Section,
  TopDocuments,
  TopPages,
  Totals,
  TotemsTable,
} from './usage-sections';
import { isEmpty, longDayLabel } from './usage-text';
import './usage.css';

const UsageDailyChart = lazy(() =>
  import('./usage-daily-chart').then((module) => ({ default: module.UsageDailyChart })),
);

/** The screen's path, under which DevelopmentGate picks the development. */
export const USAGE_BASE = '/frequentation';

export function UsagePage() {
  return (
    <DevelopmentGate base={USAGE_BASE}>
      {(development, switcher) => (
        <Usage key={development.devid} development={development} switcher={switcher} />
      )}
    </DevelopmentGate>
  );
}

/** An answer with the query it was asked for, so a range still loading never shows another's. */
interface Loaded {
  key: string;
  dashboard: UsageDashboard;
}

function Usage({ development, switcher }: { development: AdminDevelopment; switcher: ReactNode }) {
  const { devid } = development;
  const zone = usePlantZone(devid);
  return (
    <Page title="Fréquentation" actions={switcher}>
      {/* The default range is the plant's last 30 days: its zone first. */}
      {zone.known ? (
        <UsageView devid={devid} timeZone={zone.timeZone} />
      ) : (
        <Loading label="Chargement des réglages du site…" />
      )}
    </Page>
  );
}

function UsageView({ devid, timeZone }: { devid: number; timeZone: string }) {
  const [search, setSearch] = useSearchParams();
  const today = plantToday(timeZone);
  const filters = readFilters(search, today);
  const problem = rangeProblem(filters);

  const fleet = useResource(() => call('adminFleet', { query: { devid } }), `usage-fleet-${devid}`);

  const query: UsageDashboardQuery = {
    from: filters.from,
    to: filters.to,
    ...(filters.kioskId ? { kioskId: filters.kioskId } : {}),
    ...(filters.group ? { group: filters.group } : {}),
  };
  const key = `${devid}?${new URLSearchParams(query as Record<string, string>).toString()}`;
  const dashboard = useResource<Loaded>(
    problem
      ? null
      : () =>
          call('adminUsageDashboard', { params: { devid }, query }).then((answer) => ({
            key,
            dashboard: answer,
          })),
    problem ? `invalid-${key}` : key,
  );
  const fresh = dashboard.data?.key === key ? dashboard.data.dashboard : undefined;

  /** Writes some of the filters to the address ('' removes one); each choice replaces it. */
  const update = (changes: Partial<UsageFilters>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes) as [keyof UsageFilters, string][]) {
          if (value === '') next.delete(USAGE_PARAMS[name]);
          else next.set(USAGE_PARAMS[name], value);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <div className="stack">
      <p className="muted">
        Ce que les visiteurs consultent sur les totems. Les jours et les heures sont ceux du site (
        {plantZoneLabel(timeZone)}), quel que soit le fuseau de cet ordinateur.
      </p>
      <div className="card usage-controls">
        <RangeForm range={filters} today={today} onChange={update} />
        <Filters filters={filters} kiosks={fleet.data} fleetError={fleet.error} onChange={update} />
        <p className="usage-export">
          {problem ? null : (
            <a
              className="button"
              href={pathOf('adminUsageCsv', {
                params: { devid },
                query: csvQuery(filters, timeZone),
              })}
              download
            >
              Télécharger le CSV
            </a>
          )}{' '}
          <span className="muted small">
            {problem
              ? 'Choisissez une période valide pour télécharger le CSV.'
              : `Un évènement par ligne, du ${longDayLabel(filters.from)} au ${longDayLabel(filters.to)} inclus${
                  filters.kioskId || filters.group ? ', pour tous les totems' : ''
                }.`}
          </span>
        </p>
      </div>
      {problem && <Notice tone="error">{problem}</Notice>}
      {!problem && dashboard.error && (
        <LoadError message={dashboard.error} onRetry={dashboard.reload} />
      )}
      {!problem && !dashboard.error && !fresh && (
        <Loading label="Chargement de la fréquentation…" />
      )}
      {!problem && fresh && <Results dashboard={fresh} range={filters} />}
    </div>
  );
}

/** Two date inputs and the quick choices; the dates apply with « Afficher ». */
function RangeForm({
  range,
  today,
  onChange,
}: {
  range: UsageRange;
  today: string;
  onChange: (changes: Partial<UsageFilters>) => void;
}) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  // A quick choice or a shared link moves the range: the inputs follow.
  useEffect(() => {
    setFrom(range.from);
    setTo(range.to);
  }, [range.from, range.to]);
  const fromId = useId();
  const toId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ from, to });
  };
  return (
    <form className="usage-range" onSubmit={submit} aria-label="Période">
      <div className="usage-presets" role="group" aria-label="Périodes rapides">
        {RANGE_PRESETS.map((preset) => {
          const chosen = presetRange(preset, today);
          const pressed = chosen.from === range.from && chosen.to === range.to;
          return (
            <button
              key={preset.id}
              type="button"
              className={`button button-small${pressed ? ' button-primary' : ''}`}
              aria-pressed={pressed}
              title={preset.title}
              onClick={() => onChange(chosen)}
            >
              {preset.label}
            </button>
          );
        })}
      </div>
      <div className="field">
        <label htmlFor={fromId}>Du</label>
        <input
          id={fromId}
          type="date"
          value={from}
          max={today}
          onChange={(event) => setFrom(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={toId}>Au (inclus)</label>
        <input
          id={toId}
          type="date"
          value={to}
          max={today}
          onChange={(event) => setTo(event.target.value)}
        />
      </div>
      <button type="submit" className="button">
        Afficher
      </button>
    </form>
  );
}

/** The totem and group filters, from the development's fleet. */
function Filters({
  filters,
  kiosks,
  fleetError,
  onChange,
}: {
  filters: UsageFilters;
  kiosks: KioskStatus[] | undefined;
  fleetError: string | null;
  onChange: (changes: Partial<UsageFilters>) => void;
}) {
  const totems = [...(kiosks ?? [])].sort((a, b) =>
    (a.name ?? a.kioskId).localeCompare(b.name ?? b.kioskId, 'fr'),
  );
  const groups = [...new Set(totems.flatMap((kiosk) => kiosk.groups ?? []))].sort((a, b) =>
    a.localeCompare(b, 'fr'),
  );
  // What the address names stays a choice even when the fleet does not (or not yet) list it: the
  // select must show what narrows the figures.
  const knownTotem = totems.some((kiosk) => kiosk.kioskId === filters.kioskId);
  if (filters.group !== '' && !groups.includes(filters.group)) groups.push(filters.group);
  return (
    <div className="usage-filters">
      <label className="dev-switcher">
        <span>Totem</span>
        <select
          value={filters.kioskId}
          onChange={(event) => onChange({ kioskId: event.target.value })}
        >
          <option value="">Tous les totems</option>
          {totems.map((kiosk) => (
            <option key={kiosk.kioskId} value={kiosk.kioskId}>
              {kiosk.name ? `${kiosk.name} (${kiosk.kioskId})` : kiosk.kioskId}
            </option>
          ))}
          {filters.kioskId !== '' && !knownTotem && (
            <option value={filters.kioskId}>{filters.kioskId}</option>
          )}
        </select>
      </label>
      <label className="dev-switcher">
        <span>Groupe</span>
        <select value={filters.group} onChange={(event) => onChange({ group: event.target.value })}>
          <option value="">Tous les groupes</option>
          {groups.map((group) => (
            <option key={group} value={group}>
              {group}
            </option>
          ))}
        </select>
      </label>
      {fleetError && (
        <p className="usage-fleet-error" role="alert">
          Liste des totems indisponible : {fleetError}
        </p>
      )}
    </div>
  );
}

function Results({ dashboard, range }: { dashboard: UsageDashboard; range: UsageRange }) {
  const days = daysIn(range);
  const heading = (
    <p className="usage-period" aria-live="polite">
      Du <time dateTime={dashboard.from}>{longDayLabel(dashboard.from)}</time> au{' '}
      <time dateTime={dashboard.to}>{longDayLabel(dashboard.to)}</time> inclus ({days} jour
      {days > 1 ? 's' : ''}).
    </p>
  );
  if (isEmpty(dashboard)) {
    return (
      <>
        {heading}
        <div className="card usage-empty">
          <h2>Aucune visite sur cette période</h2>
          <p className="muted">
            Les totems n’ont rien enregistré sur ces jours-là. Un totem hors ligne envoie ses
            visites dès qu’il revient : elles apparaîtront alors ici, à leur date.
          </p>
        </div>
      </>
    );
  }
  const summary = daysSummary(dashboard.days);
  return (
    <>
      {heading}
      <Totals totals={dashboard.totals} />
      <div className="usage-grid">
        <Section id="usage-days" title="Visites par jour" wide>
          <Suspense fallback={<Loading label="Chargement du graphique…" />}>
            <UsageDailyChart days={dashboard.days} summary={summary} />
          </Suspense>
          <details className="usage-details">
            <summary>Voir les chiffres par jour</summary>
            <DaysTable days={dashboard.days} />
          </details>
        </Section>
        <Section id="usage-heatmap" title="Visites par jour de la semaine et par heure" wide>
          <p className="muted small">
            Heures du site ({plantZoneLabel(dashboard.timeZone)}). Plus la case est foncée, plus il
            y a eu de visites.
          </p>
          <Heatmap heatmap={dashboard.heatmap} timeZone={dashboard.timeZone} />
        </Section>
        <Section id="usage-pages" title="Pages les plus vues">
          <TopPages pages={dashboard.topPages} />
        </Section>
        <Section id="usage-documents" title="Documents les plus ouverts">
          <TopDocuments documents={dashboard.topDocuments} />
        </Section>
        <Section id="usage-languages" title="Langues">
          <Languages languages={dashboard.languages} />
        </Section>
        <Section id="usage-parcours" title="Parcours choisis">
          <Parcours parcours={dashboard.parcours} />
        </Section>
        <Section id="usage-totems" title="Par totem" wide>
          <TotemsTable totems={dashboard.totems} />
        </Section>
      </div>
    </>
  );
}
