/**
 * The totem's watchdog (issue 53, decision 052), as the kiosk reports it in its heartbeat and the
 * fleet page shows it.
 *
 * On a totem installed by deploy/totem/install-totem.sh, a small service (the watchdog) starts
 * Chromium and reads the page through DevTools: a page that hangs, stops drawing or whose timers
 * died is reloaded, then the browser restarted, then the machine rebooted. The watchdog hands each
 * rung it took to the page (`WatchdogEvent`), which sends them in its next heartbeat; the server
 * keeps the last one, so the fleet page says « Redémarré par le chien de garde à … ». `attached`
 * says whether a watchdog looks after the totem at all (one installed by hand has none, and the
 * commands that need one — restart the browser, reboot, screen off / on — fail saying so).
 */
import { Type, type Static } from '@sinclair/typebox';
import { IsoDate } from './entities.js';

export const WATCHDOG_ACTIONS = ['reload', 'restart-browser', 'reboot'] as const;
export type WatchdogAction = (typeof WATCHDOG_ACTIONS)[number];

/**
 * Why: the page did not answer (hung), drew no frame (not-rendering), its heartbeat timer died
 * (heartbeat-stalled), its renderer crashed, the browser exited by itself.
 */
export const WATCHDOG_REASONS = [
  'hung',
  'not-rendering',
  'heartbeat-stalled',
  'crashed',
  'browser-exited',
] as const;
export type WatchdogReason = (typeof WATCHDOG_REASONS)[number];

export const WATCHDOG_ACTION_LABELS: Record<WatchdogAction, string> = {
  reload: 'page rechargée',
  'restart-browser': 'navigateur redémarré',
  reboot: 'totem redémarré',
};

export const WATCHDOG_REASON_LABELS: Record<WatchdogReason, string> = {
  hung: 'la page ne répondait plus',
  'not-rendering': 'la page ne s’affichait plus',
  'heartbeat-stalled': 'les minuteries de la page étaient arrêtées',
  crashed: 'la page avait planté',
  'browser-exited': 'le navigateur s’était fermé',
};

/** At most this many events in one heartbeat (the watchdog keeps as many). */
export const WATCHDOG_EVENTS_MAX = 20;

export const WatchdogEvent = Type.Object(
  {
    at: IsoDate,
    action: Type.Union(WATCHDOG_ACTIONS.map((action) => Type.Literal(action))),
    reason: Type.Union(WATCHDOG_REASONS.map((reason) => Type.Literal(reason))),
  },
  { additionalProperties: false },
);
export type WatchdogEvent = Static<typeof WatchdogEvent>;

/**
 * The screen's power as the watchdog last left it: `on` (lit, as the session leaves it), `off`
 * (dark: outside the opening hours, or « Éteindre l’écran »), `refused` (the watchdog could not
 * switch it — an X server without DPMS, no screen control — with the reason): a plant can tell a
 * dark totem it asked for from a broken one without a visit, and a screen that never sleeps.
 */
export const WATCHDOG_SCREEN_STATES = ['on', 'off', 'refused'] as const;
export type WatchdogScreenState = (typeof WATCHDOG_SCREEN_STATES)[number];
export const WATCHDOG_SCREEN_REASON_MAX = 300;

export const WatchdogScreen = Type.Object(
  {
    state: Type.Union(WATCHDOG_SCREEN_STATES.map((state) => Type.Literal(state))),
    reason: Type.Optional(Type.String({ maxLength: WATCHDOG_SCREEN_REASON_MAX })),
  },
  { additionalProperties: false },
);
export type WatchdogScreen = Static<typeof WatchdogScreen>;

/** In the heartbeat: whether a watchdog polled the page lately, and what it did since the last one. */
export const WatchdogReport = Type.Object(
  {
    attached: Type.Boolean(),
    events: Type.Array(WatchdogEvent, { maxItems: WATCHDOG_EVENTS_MAX }),
    /** Left out by a kiosk from before it, or while no watchdog said. */
    screen: Type.Optional(WatchdogScreen),
  },
  { additionalProperties: false },
);
export type WatchdogReport = Static<typeof WatchdogReport>;

/** In the fleet's KioskStatus: the last word of its watchdog, and its screen (null: never said). */
export const WatchdogStatus = Type.Object({
  attached: Type.Boolean(),
  lastEvent: Type.Union([WatchdogEvent, Type.Null()]),
  screen: Type.Union([WatchdogScreen, Type.Null()]),
});
export type WatchdogStatus = Static<typeof WatchdogStatus>;

/** « éteint par le chien de garde », « ne se laisse pas éteindre : … », for the fleet page. */
export function watchdogScreenText(screen: WatchdogScreen | null): string {
  if (!screen) return '—';
  if (screen.state === 'on') return 'allumé';
  if (screen.state === 'off')
    return 'éteint par le chien de garde (heures d’ouverture ou commande)';
  return `ne se laisse pas éteindre${screen.reason ? ` : ${screen.reason}` : ''}`;
}

/** « Redémarré par le chien de garde à 10:42 (navigateur redémarré : la page ne répondait plus) ». */
export function watchdogEventText(event: WatchdogEvent, time: string): string {
  return `${WATCHDOG_ACTION_LABELS[event.action]} par le chien de garde à ${time} (${WATCHDOG_REASON_LABELS[event.reason]})`;
}
