/**
 * The emergency takeover (emergency alerts, decision 012): while an alert is latched
 * (alert-store.ts), a full-screen screen above everything the kiosk shows — poster mode, the idle
 * reader, popups, the PDF reader, visitor pages — in French and English together, with the
 * template's pictogram, colour, image, and the time since the start. Mounted by the app shell
 * beside the router, so it covers whatever page is open without unmounting it: after the end (and
 * the end text's 30 s) that page is there.
 *
 * While the alert is in force nothing on it reacts to a touch (no button, no dismissal). Once it is
 * over, the end screen shows its text for 30 s, and a touch dismisses it at once (issue 41, item
 * 7: people waited 30 s in front of "all clear"); a touch never reaches the page under it. While
 * it shows, the idle counter and the inactivity countdown are held, so the page under it is not
 * reset during a long alert.
 * A template the totem lacks (never synced since it was added) gives a generic evacuation screen
 * naming the alert. A drill says EXERCICE / DRILL in a band at the top and the bottom, and its end
 * screen says "Fin de l'exercice" / "End of drill" above the template's end text. When the
 * development's published settings turn the alarm tone on, it sounds while the alert is in force
 * (alarm-tone.ts) and stops with it.
 */
import type { ActiveAlert, AlertTemplate } from '@plant-kiosk/contract';
import { PALETTE } from '@plant-kiosk/contract';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import type { RuntimeConfig } from '../../lib/config/runtime-config';
import type { KioskDb } from '../../lib/local-db/kiosk-db';
import { mediaUrl } from '../../lib/media/media-url';
import { useSettingsStore } from '../../lib/settings/settings-store';
import { useUiStore } from '../../lib/ui-store/ui-store';
import { useAlarmTone, type AudioContextFactory } from './alarm-tone';
import { AlertPictogram } from './alert-pictogram';
import {
  alertExpiresAt,
  clearEnding,
  expireAlert,
  markDisplayed,
  useAlertStore,
} from './alert-store';
import './emergency-alert.css';

const TICK_MS = 1000;

/** The screen of a totem that lacks the template: evacuate, in both languages. */
export const GENERIC_TEMPLATE: Omit<AlertTemplate, 'templateid' | 'name' | 'maxDurationMinutes'> = {
  kind: 'evacuation',
  titleFr: 'Alerte : évacuez',
  titleEn: 'Alert: evacuate',
  instructionsFr:
    'Quittez le bâtiment par la sortie la plus proche, sans courir ni utiliser les ascenseurs, et rejoignez le point de rassemblement.',
  instructionsEn:
    'Leave the building by the nearest exit, without running or using the lifts, and go to the assembly point.',
  pictogram: 'evacuation',
  colour: 'rouge',
  image: null,
  endTextFr: null,
  endTextEn: null,
};

const DEFAULT_END = { fr: 'Fin de l’alerte.', en: 'All clear.' };
/** The end of a drill says it was one (issue 41, item 7). */
export const DRILL_END = { fr: 'Fin de l’exercice', en: 'End of drill' };
/** The end screen goes at a touch: it says so. */
export const END_DISMISS = {
  fr: 'Touchez l’écran pour continuer',
  en: 'Touch the screen to continue',
};

/** "3 min 05 s" / "1 h 02 min": the time since the start, the same in both languages. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (hours > 0) return `${hours} h ${two(minutes)} min`;
  if (minutes > 0) return `${minutes} min ${two(seconds)} s`;
  return `${seconds} s`;
}

const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' });

function useTemplate(db: KioskDb, templateid: number | null): AlertTemplate | null | undefined {
  // undefined while reading, null when the totem does not hold it.
  return useLiveQuery(
    async () => (templateid === null ? null : ((await db.alertTemplates.get(templateid)) ?? null)),
    [db, templateid],
  );
}

function DrillBand() {
  return (
    <p className="emergency-alert__drill" data-testid="alert-drill">
      <span className="emergency-alert__drill-text">
        <strong>
          <span lang="fr">EXERCICE</span> · <span lang="en">DRILL</span>
        </strong>
        <span lang="fr">Ceci est un exercice</span> / <span lang="en">this is a drill</span>
      </span>
    </p>
  );
}

function AlertScreen({
  alert,
  template,
  config,
  now,
}: {
  alert: ActiveAlert;
  template: AlertTemplate | null;
  config: Pick<RuntimeConfig, 'contentBase'>;
  now: number;
}) {
  const shown = template ?? { ...GENERIC_TEMPLATE, name: alert.templateName };
  const colour = PALETTE[shown.colour] ?? PALETTE.rouge;
  const elapsed = formatElapsed(now - Date.parse(alert.startedAt));
  return (
    <>
      {alert.drill && <DrillBand />}
      <div className="emergency-alert__head">
        <AlertPictogram name={shown.pictogram} className="emergency-alert__pictogram" />
        <div>
          <h1 id="emergency-alert-title" className="emergency-alert__title">
            <span lang="fr">{shown.titleFr}</span>
            <span lang="en" className="emergency-alert__en">
              {shown.titleEn}
            </span>
          </h1>
          {!template && (
            <p className="emergency-alert__name" data-testid="alert-generic">
              « {alert.templateName} »
            </p>
          )}
        </div>
      </div>
      <div id="emergency-alert-text" className="emergency-alert__instructions">
        <p lang="fr">{shown.instructionsFr}</p>
        <p lang="en" className="emergency-alert__en">
          {shown.instructionsEn}
        </p>
      </div>
      {shown.image && (
        <img
          className="emergency-alert__image"
          src={mediaUrl(shown.image, config)}
          alt="Plan / Map"
          style={{ borderColor: colour }}
        />
      )}
      <p className="emergency-alert__elapsed" data-testid="alert-elapsed">
        <span lang="fr">
          Déclenchée à {clock(alert.startedAt)}, depuis {elapsed}
        </span>
        <span lang="en" className="emergency-alert__en">
          Started at {clock(alert.startedAt)}, {elapsed} ago
        </span>
      </p>
      {alert.drill && <DrillBand />}
    </>
  );
}

function EndScreen({ template, drill }: { template: AlertTemplate | null; drill: boolean }) {
  const endFr = template?.endTextFr ?? DEFAULT_END.fr;
  const endEn = template?.endTextEn ?? DEFAULT_END.en;
  return (
    <div className="emergency-alert__end">
      {drill ? (
        <>
          <h1 id="emergency-alert-title" className="emergency-alert__title">
            <span lang="fr">{DRILL_END.fr}</span>
            <span lang="en" className="emergency-alert__en">
              {DRILL_END.en}
            </span>
          </h1>
          {/* The template's own end text still says what to do now ("regagnez votre poste"). */}
          <p className="emergency-alert__end-text" data-testid="alert-end-text">
            <span lang="fr">{endFr}</span>
            <span lang="en" className="emergency-alert__en">
              {endEn}
            </span>
          </p>
        </>
      ) : (
        <h1 id="emergency-alert-title" className="emergency-alert__title">
          <span lang="fr">{endFr}</span>
          <span lang="en" className="emergency-alert__en">
            {endEn}
          </span>
        </h1>
      )}
      <p className="emergency-alert__dismiss" data-testid="alert-end-dismiss">
        <span lang="fr">{END_DISMISS.fr}</span>
        <span lang="en" className="emergency-alert__en">
          {END_DISMISS.en}
        </span>
      </p>
    </div>
  );
}

export function EmergencyAlertTakeover({
  db,
  config,
  now: nowFn = Date.now,
  createAudioContext,
}: {
  db: KioskDb;
  config: Pick<RuntimeConfig, 'contentBase'>;
  /** The clock (tests use fake timers; the default is the device's). */
  now?: () => number;
  /** Test seam: where the alarm tone's Web Audio context comes from. */
  createAudioContext?: AudioContextFactory;
}) {
  const active = useAlertStore((state) => state.active);
  const ending = useAlertStore((state) => state.ending);
  const [now, setNow] = useState(nowFn);
  const shown = active ?? ending?.alert ?? null;
  const template = useTemplate(db, shown?.templateid ?? null);
  const root = useRef<HTMLDivElement>(null);
  // The tone is for the alert in force only: the end screen is silent.
  const toneWanted = useSettingsStore((state) => state.settings.alarmTone);
  useAlarmTone(toneWanted && active !== null, createAudioContext);

  useEffect(() => {
    if (!shown) return;
    const tick = () => {
      const at = nowFn();
      setNow(at);
      // The page under the takeover must still be there at the end: hold the inactivity timers.
      const ui = useUiStore.getState();
      ui.resetIdleCounter();
      ui.resetInactivity();
      const state = useAlertStore.getState();
      if (state.active && at >= alertExpiresAt(state.active)) expireAlert(at);
      else if (!state.active && state.ending && at >= state.ending.until) clearEnding();
    };
    tick();
    const id = setInterval(tick, TICK_MS);
    return () => clearInterval(id);
  }, [shown, nowFn]);

  useEffect(() => {
    if (shown) root.current?.focus();
  }, [shown]);

  // Red button and acknowledgements: once the alert's screen is committed (its template read), wait
  // for the frame that paints it — a frame callback runs before the paint, a task queued from it
  // runs after — and note "alerte affichée" with the time since the alert arrived.
  const screenReady = active !== null && template !== undefined;
  useEffect(() => {
    if (!active || !screenReady) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => markDisplayed(active), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [active, screenReady]);

  if (!shown) return null;
  const colour = PALETTE[(template ?? GENERIC_TEMPLATE).colour] ?? PALETTE.rouge;
  const stop = (event: { stopPropagation(): void; preventDefault(): void }) => {
    event.stopPropagation();
    event.preventDefault();
  };
  // Over: a touch dismisses the end screen. On the click, not the pointerdown — the click comes
  // last, so once the screen is gone no part of that touch lands on the page under it.
  const dismissEnd = (event: { stopPropagation(): void; preventDefault(): void }) => {
    stop(event);
    if (useAlertStore.getState().active === null) clearEnding();
  };
  return (
    <div
      ref={root}
      className={`emergency-alert${active ? '' : ' emergency-alert--ended'}${shown.drill ? ' emergency-alert--drill' : ''}`}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="emergency-alert-title"
      aria-describedby={active ? 'emergency-alert-text' : undefined}
      aria-live="assertive"
      tabIndex={-1}
      data-testid={active ? 'emergency-alert' : 'emergency-alert-end'}
      style={active ? { background: colour } : undefined}
      // During the alert touches do nothing; after it, one dismisses the end screen. None reaches
      // what is under it.
      onClick={active ? stop : dismissEnd}
      onPointerDown={stop}
      onContextMenu={stop}
      onKeyDown={
        active
          ? undefined
          : (event) => {
              if (event.key === 'Enter' || event.key === ' ' || event.key === 'Escape')
                dismissEnd(event);
            }
      }
    >
      {active ? (
        template === undefined ? null : (
          <AlertScreen alert={active} template={template} config={config} now={now} />
        )
      ) : (
        <EndScreen template={template ?? null} drill={shown.drill} />
      )}
    </div>
  );
}
