/**
 * « Aperçu sur la borne » (issue 46): the real kiosk app, framed at the totem's 1080 × 1920 and
 * scaled to the screen, showing what the back-office asks — the draft, what the totems will show
 * at a date (« Voir la borne le … »), or live plus one scheduled change set — under a band that
 * cannot be missed: « Aperçu — non publié ».
 *
 * The band says what is shown, lists what would refuse a publish of the draft (the preview shows
 * it all the same), chooses the totem's mode and the page, and watches the preview's content: when
 * someone edits the draft or publishes meanwhile, it says so and offers to reload (it compares the
 * preview snapshot's content every POLL_MS with the one it opened with).
 *
 * The frame is the kiosk in preview mode (apps/kiosk/src/app/preview-kiosk.tsx): its own database
 * and keys, no service worker, stream, fleet entry, heartbeat or usage; closing this page leaves
 * nothing behind. Outside the back-office's frame (full screen), but behind its login: without a
 * session the login page shows here and the preview follows it.
 */
import {
  formatPlantInstant,
  plantLocalToInstant,
  plantZoneLabel,
  previewInputParam,
  type AdminDevelopment,
  type PreviewQuery,
  type PublishProblem,
  type Snapshot,
} from '@plant-kiosk/contract';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { call, errorMessage } from '../../lib/api/client';
import { usePlantZone } from '../../lib/plant-zone';
import { useDevelopments } from '../../lib/use-developments';
import {
  kioskPreviewUrl,
  PREVIEW_MODES,
  PREVIEW_PAGES,
  previewPagePath,
  readPreviewInput,
  type PreviewInput,
} from './preview-address';
import './preview.css';

/** How often the band compares the preview's content with the one it opened with. */
export const POLL_MS = 15_000;
const TOTEM_WIDTH = 1080;
const TOTEM_HEIGHT = 1920;

/** The page; app/routes.tsx puts it behind the session gate (the login, then back here). */
export function PreviewPage() {
  return <PreviewOfAddress />;
}

function PreviewOfAddress() {
  const { devid: devidText } = useParams();
  const [search] = useSearchParams();
  const devid = Number(devidText);
  const input = readPreviewInput(search);
  const developments = useDevelopments();
  const development = developments.data?.find((candidate) => candidate.devid === devid);
  if (!Number.isInteger(devid) || devid < 1 || input === null) {
    return (
      <main className="preview-problem">
        <h1>Aperçu impossible</h1>
        <p role="alert">
          Cette adresse ne dit pas quoi prévisualiser : ouvrez l’aperçu depuis « Modifications non
          publiées », « Modifications programmées » ou « La semaine à venir ».
        </p>
        <Link to="/contenu">Retour au back-office</Link>
      </main>
    );
  }
  return (
    <Preview
      key={`${devid}`}
      devid={devid}
      development={development}
      inputParam={new URLSearchParams([previewInputParam(input)]).toString()}
      mode={search.get('mode') ?? ''}
      page={search.get('page') ?? '/accueil'}
    />
  );
}

function queryOf(input: PreviewInput): PreviewQuery {
  if ('source' in input) return { source: 'draft' };
  if ('at' in input) return { at: input.at };
  return { set: input.set };
}

/**
 * What changed under an open preview: a publish moves the live revision it starts from (`version`);
 * otherwise the draft was edited (or, for a date, a publication was scheduled or cancelled).
 */
export function changeText(openedOn: number, now: number): string {
  return now !== openedOn
    ? `Une publication a eu lieu depuis l’ouverture de l’aperçu (les totems sont passés de la révision ${openedOn} à la ${now}) : l’aperçu n’est plus à jour.`
    : 'Le contenu a changé depuis l’ouverture de l’aperçu (quelqu’un a modifié le brouillon ou les publications programmées) : l’aperçu n’est plus à jour.';
}

/** What the totems would show, without the instant it was built at. */
function fingerprint(snapshot: Snapshot): string {
  const { generatedAt: _generatedAt, ...content } = snapshot;
  return JSON.stringify(content);
}

function Preview({
  devid,
  development,
  inputParam,
  mode,
  page,
}: {
  devid: number;
  development: AdminDevelopment | undefined;
  /** The input as its query parameter (`at=…`): a string, so the effects keyed on it run once. */
  inputParam: string;
  mode: string;
  page: string;
}) {
  const input = useMemo(
    () => readPreviewInput(new URLSearchParams(inputParam)) ?? { source: 'draft' as const },
    [inputParam],
  );
  const navigate = useNavigate();
  const zone = usePlantZone(devid);
  const [attempt, setAttempt] = useState(1);
  /** What changed under the preview since it opened; null: nothing. */
  const [changed, setChanged] = useState<string | null>(null);
  const [problems, setProblems] = useState<PublishProblem[] | null>(null);
  const [setText, setSetText] = useState<string | null>(null);
  const [bandError, setBandError] = useState<string | null>(null);

  const go = useCallback(
    (next: { input?: PreviewInput; mode?: string; page?: string }) =>
      navigate(
        previewPagePath(devid, next.input ?? input, {
          mode: next.mode ?? mode,
          page: next.page ?? page,
        }),
        { replace: true },
      ),
    [navigate, devid, input, mode, page],
  );
  const reload = useCallback(() => {
    setChanged(null);
    setAttempt((count) => count + 1);
  }, []);

  // The draft's problems (a publish would refuse them) and a scheduled set's time and note.
  useEffect(() => {
    const controller = new AbortController();
    setProblems(null);
    setSetText(null);
    if ('source' in input) {
      call('adminDraftChanges', { params: { devid } }, { signal: controller.signal })
        .then((draft) => setProblems(draft.problems ?? []))
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setBandError(errorMessage(error));
        });
    }
    if ('set' in input) {
      call('adminScheduledPublications', { params: { devid } }, { signal: controller.signal })
        .then((sets) => {
          const found = sets.items.find((candidate) => candidate.id === input.set);
          setSetText(
            found
              ? `la modification programmée pour ${formatPlantInstant(new Date(found.at), zone.timeZone)}${found.note ? ` (« ${found.note} »)` : ''}, appliquée au contenu en ligne`
              : `la modification programmée n° ${input.set}, appliquée au contenu en ligne`,
          );
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setBandError(errorMessage(error));
        });
    }
    return () => controller.abort();
    // `attempt`: « Recharger » reads them again.
  }, [devid, input, attempt, zone.timeZone]);

  // Someone edits the draft or publishes: the band says so (the frame keeps what it loaded).
  useEffect(() => {
    let baseline: { content: string; version: number } | null = null;
    let stopped = false;
    setChanged(null);
    const check = async () => {
      try {
        const snapshot = await call('adminPreview', { params: { devid }, query: queryOf(input) });
        if (stopped) return;
        const content = fingerprint(snapshot);
        if (baseline === null) baseline = { content, version: snapshot.version };
        else if (content !== baseline.content)
          setChanged(changeText(baseline.version, snapshot.version));
      } catch {
        // The frame says why it cannot load; the band only watches.
      }
    };
    void check();
    const timer = window.setInterval(() => void check(), POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
    // `attempt`: « Recharger » takes a new baseline.
  }, [devid, input, attempt]);

  const what = useMemo(() => {
    const name = development ? `« ${development.devname} »` : `n° ${devid}`;
    if ('source' in input)
      return `Le brouillon du développement ${name}, tel que les totems le montreraient s’il était publié.`;
    if ('at' in input)
      return `Ce que les totems du développement ${name} montreront ${formatPlantInstant(new Date(input.at), zone.timeZone)} : le contenu en ligne et les publications programmées d’ici là.`;
    return `Développement ${name} : ${setText ?? 'une modification programmée, appliquée au contenu en ligne'}.`;
  }, [development, devid, input, zone.timeZone, setText]);

  return (
    <div className="preview-page">
      <header className="preview-band" aria-labelledby="preview-band-title">
        <div className="preview-band-head">
          <h1 id="preview-band-title" className="preview-band-title">
            Aperçu — non publié
          </h1>
          <p className="preview-band-what">{what}</p>
          <button type="button" className="button" onClick={() => window.history.back()}>
            Fermer l’aperçu
          </button>
        </div>
        {changed && (
          <div className="preview-band-changed" role="status">
            <span>{changed}</span>
            <button type="button" className="button button-primary" onClick={reload}>
              Recharger l’aperçu
            </button>
          </div>
        )}
        {problems && problems.length > 0 && (
          <div className="preview-band-problems" role="alert">
            <p>
              {problems.length === 1
                ? 'Ce brouillon ne pourrait pas être publié tel quel : 1 problème à corriger.'
                : `Ce brouillon ne pourrait pas être publié tel quel : ${problems.length} problèmes à corriger.`}
            </p>
            <ul>
              {problems.map((problem, index) => (
                <li key={index}>{problem.message}</li>
              ))}
            </ul>
          </div>
        )}
        {bandError && (
          <p className="preview-band-error" role="alert">
            {bandError}
          </p>
        )}
        <PreviewControls
          input={input}
          mode={mode}
          page={page}
          timeZone={zone.timeZone}
          onMode={(next) => go({ mode: next })}
          onPage={(next) => go({ page: next })}
          onInput={(next) => go({ input: next })}
          onReload={reload}
        />
      </header>
      <TotemFrame src={kioskPreviewUrl(devid, input, { mode, page, attempt })} />
    </div>
  );
}

function PreviewControls({
  input,
  mode,
  page,
  timeZone,
  onMode,
  onPage,
  onInput,
  onReload,
}: {
  input: PreviewInput;
  mode: string;
  page: string;
  timeZone: string;
  onMode(mode: string): void;
  onPage(page: string): void;
  onInput(input: PreviewInput): void;
  onReload(): void;
}) {
  const id = useId();
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const zone = plantZoneLabel(timeZone);

  const seeAt = () => {
    if (!date || !time) {
      setDateError('Choisissez une date et une heure.');
      return;
    }
    const read = plantLocalToInstant(date, time, timeZone);
    if ('error' in read) {
      setDateError(read.error);
      return;
    }
    if (read.instant.getTime() <= Date.now()) {
      setDateError(
        'Choisissez un moment à venir : l’aperçu d’une date montre ce que les totems montreront alors.',
      );
      return;
    }
    setDateError(null);
    onInput({ at: read.instant.toISOString() });
  };

  return (
    <div className="preview-band-controls">
      <div className="field">
        <label htmlFor={`${id}-mode`}>Mode du totem</label>
        <select id={`${id}-mode`} value={mode} onChange={(event) => onMode(event.target.value)}>
          {PREVIEW_MODES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-page`}>Page</label>
        <select id={`${id}-page`} value={page} onChange={(event) => onPage(event.target.value)}>
          {PREVIEW_PAGES.map((option) => (
            <option key={option.path} value={option.path}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="preview-band-date">
        <legend>Voir la borne le … ({zone})</legend>
        <label htmlFor={`${id}-date`} className="visually-hidden">
          Date ({zone})
        </label>
        <input
          id={`${id}-date`}
          type="date"
          value={date}
          aria-describedby={dateError ? `${id}-date-error` : undefined}
          onChange={(event) => setDate(event.target.value)}
        />
        <label htmlFor={`${id}-time`} className="visually-hidden">
          Heure ({zone})
        </label>
        <input
          id={`${id}-time`}
          type="time"
          value={time}
          aria-describedby={dateError ? `${id}-date-error` : undefined}
          onChange={(event) => setTime(event.target.value)}
        />
        <button type="button" className="button" onClick={seeAt}>
          Voir
        </button>
        {dateError && (
          <span id={`${id}-date-error`} className="preview-band-error" role="alert">
            {dateError}
          </span>
        )}
      </fieldset>
      {!('source' in input) && (
        <button type="button" className="button" onClick={() => onInput({ source: 'draft' })}>
          Voir le brouillon
        </button>
      )}
      <button type="button" className="button" onClick={onReload}>
        Recharger
      </button>
    </div>
  );
}

/** The kiosk at the totem's size, scaled down to the room left under the band. */
function TotemFrame({ src }: { src: string }) {
  const stage = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.4);
  useEffect(() => {
    const element = stage.current;
    if (!element) return undefined;
    const fit = () => {
      const { width, height } = element.getBoundingClientRect();
      if (width > 0 && height > 0)
        setScale(Math.min(width / TOTEM_WIDTH, height / TOTEM_HEIGHT, 1));
    };
    fit();
    // Without ResizeObserver (an old browser, a test's DOM) the first fit stays.
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <main className="preview-stage" ref={stage}>
      <div
        className="preview-totem"
        style={{ width: TOTEM_WIDTH * scale, height: TOTEM_HEIGHT * scale }}
      >
        <iframe
          key={src}
          title="Aperçu de la borne (1080 × 1920)"
          src={src}
          width={TOTEM_WIDTH}
          height={TOTEM_HEIGHT}
          style={{ transform: `scale(${scale})` }}
        />
      </div>
    </main>
  );
}
