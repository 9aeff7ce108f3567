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
 * naming the alert. An alert with its own texts (a CAP free message) shows them over the
 * template's. A drill says EXERCICE / DRILL in a band at the top and the bottom, and its end
 * screen says "Fin de l'exercice" / "End of drill" above the template's end text. When the
 * development's published settings turn the alarm tone on, it sounds while the alert is in force
 * (alarm-tone.ts) and stops with it.
 *
 * This module is the takeover's behaviour; the drawing (markup, texts, CSS) is the shared
 * AlertTakeover of @plant-kiosk/ui, the very component the back-office's template editor previews.
 */
import type { ActiveAlert, AlertTemplate } from '@plant-kiosk/contract';
import { AlertTakeover, type AlertTakeoverScreen } from '@plant-kiosk/ui';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import type { RuntimeConfig } from '../../lib/config/runtime-config';
import type { KioskDb } from '../../lib/local-db/kiosk-db';
import { mediaUrl } from '../../lib/media/media-url';
import { useSettingsStore } from '../../lib/settings/settings-store';
import { useUiStore } from '../../lib/ui-store/ui-store';
import { useAlarmTone, type AudioContextFactory } from './alarm-tone';
import {
  alertExpiresAt,
  clearEnding,
  expireAlert,
  markDisplayed,
  useAlertStore,
} from './alert-store';

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

/**
 * What the takeover draws (the shared drawing, @plant-kiosk/ui): in force, the template's texts —
 * or the generic screen naming the alert when the totem lacks the template, nothing while it is
 * still being read — with the time since the start; over, the template's end texts.
 */
function screenOf(
  active: ActiveAlert | null,
  template: AlertTemplate | null | undefined,
  config: Pick<RuntimeConfig, 'contentBase'>,
  now: number,
): AlertTakeoverScreen {
  if (!active) {
    return { state: 'ended', endTextFr: template?.endTextFr, endTextEn: template?.endTextEn };
  }
  if (template === undefined) return { state: 'alert', content: null };
  const shown = template ?? GENERIC_TEMPLATE;
  // A CAP free message (issue 50) brings its own texts over the template's.
  const text = active.text ?? {};
  return {
    state: 'alert',
    content: {
      titleFr: text.titleFr ?? shown.titleFr,
      titleEn: text.titleEn ?? shown.titleEn,
      instructionsFr: text.instructionsFr ?? shown.instructionsFr,
      instructionsEn: text.instructionsEn ?? shown.instructionsEn,
      pictogram: shown.pictogram,
      imageUrl: shown.image ? mediaUrl(shown.image, config) : null,
      missingTemplateName: template ? null : active.templateName,
      started: {
        at: clock(active.startedAt),
        elapsed: formatElapsed(now - Date.parse(active.startedAt)),
      },
    },
  };
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
    <AlertTakeover
      ref={root}
      screen={screenOf(active, template, config, now)}
      colour={(template ?? GENERIC_TEMPLATE).colour}
      drill={shown.drill}
      titleId="emergency-alert-title"
      textId="emergency-alert-text"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="emergency-alert-title"
      aria-describedby={active ? 'emergency-alert-text' : undefined}
      aria-live="assertive"
      tabIndex={-1}
      data-testid={active ? 'emergency-alert' : 'emergency-alert-end'}
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
    />
  );
}
