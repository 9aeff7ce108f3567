/**
 * Remote commands (issue 47, fleet part 2): the back-office tells a totem, a group of totems or
 * the whole fleet of a development to reload its page, resynchronise, rebuild its local copy,
 * identify itself (its name, place and id in large type for KIOSK_IDENTIFY_SECONDS) or change its
 * mode — without walking to it.
 *
 * One request makes one command per totem aimed (a `batchId` ties them together). Each is its own
 * kind of stream message (CommandMessage), sent to its totem alone, and queued while the totem is
 * offline: a totem whose stream opens receives its pending commands, oldest first, until each
 * expires (`expiresInMinutes`, default an hour) — an expired command is never sent, and a totem
 * never runs one after its `expiresAt`. The totem acknowledges each (`kioskCommandAck`): done, or
 * failed with a reason; a command it already ran is acknowledged again, never run twice. The
 * back-office sees the states live (the fleet channel carries each totem's last command) and the
 * history (`adminKioskCommands`); every request is audited.
 *
 * A command never interrupts an alert takeover: the takeover stays above everything, and a reload
 * comes back into the alert (the totem latched it).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDate, KioskId } from './entities.js';
import { KIOSK_GROUP_MAX_LENGTH } from './kiosk-profile.js';
import { adminRelative } from './route-table.js';

/**
 * `thumbnail` (issue 48): the totem draws its page now and sends it (kiosk-thumbnails.ts); the
 * upload acknowledges it. The last four (issue 53) go through the totem's watchdog
 * (WATCHDOG_COMMAND_KINDS below).
 */
export const KIOSK_COMMAND_KINDS = [
  'reload',
  'resync',
  'rebuild',
  'identify',
  'set-mode',
  'thumbnail',
  'restart-browser',
  'reboot',
  'screen-off',
  'screen-on',
] as const;
export type KioskCommandKind = (typeof KIOSK_COMMAND_KINDS)[number];
export const KioskCommandKind = Type.Union(KIOSK_COMMAND_KINDS.map((kind) => Type.Literal(kind)));

/** French names of the commands, for the back-office and the journal. */
export const KIOSK_COMMAND_LABELS: Record<KioskCommandKind, string> = {
  reload: 'Recharger la page',
  resync: 'Resynchroniser',
  rebuild: 'Reconstruire la copie locale',
  identify: 'Identifier',
  'set-mode': 'Changer de mode',
  thumbnail: 'Prendre une vignette',
  'restart-browser': 'Redémarrer le navigateur',
  reboot: 'Redémarrer le totem',
  'screen-off': 'Éteindre l’écran',
  'screen-on': 'Allumer l’écran',
};

/**
 * The commands only the totem's watchdog can run (issue 53, totem-watchdog.ts): the page hands them
 * over; a totem without a watchdog acknowledges them failed, saying so. `screen-off` holds until a
 * touch, an alert or `screen-on`; `screen-on` acts like a touch (outside the opening hours the
 * screen goes off again after SCREEN_ON_AFTER_TOUCH_MS without one).
 */
export const WATCHDOG_COMMAND_KINDS = [
  'restart-browser',
  'reboot',
  'screen-off',
  'screen-on',
] as const;
export type WatchdogCommandKind = (typeof WATCHDOG_COMMAND_KINDS)[number];

/** Outside the opening hours, the screen stays on this long after a touch (or « Allumer l’écran »). */
export const SCREEN_ON_AFTER_TOUCH_MS = 2 * 60_000;

/**
 * The modes a command may set: the two staff totems and the visitor parcours (the spec's hidden
 * switcher offers the same three, and stays).
 */
export const KIOSK_COMMAND_MODES = ['Moulage', 'Assemblage', 'visiteur'] as const;
export type KioskCommandMode = (typeof KIOSK_COMMAND_MODES)[number];
export const KioskCommandMode = Type.Union(KIOSK_COMMAND_MODES.map((mode) => Type.Literal(mode)));

/** How long « Identifier » shows the totem's name, place and id. */
export const KIOSK_IDENTIFY_SECONDS = 10;

export const KIOSK_COMMAND_DEFAULT_EXPIRY_MINUTES = 60;
export const KIOSK_COMMAND_MAX_EXPIRY_MINUTES = 7 * 24 * 60;

/** Whom a command is for: one totem, the totems of a group, or every totem of the development. */
export const KioskCommandTarget = Type.Union([
  Type.Object({ kind: Type.Literal('kiosk'), kioskId: KioskId }, { additionalProperties: false }),
  Type.Object(
    {
      kind: Type.Literal('group'),
      group: Type.String({ minLength: 1, maxLength: KIOSK_GROUP_MAX_LENGTH }),
    },
    { additionalProperties: false },
  ),
  Type.Object({ kind: Type.Literal('all') }, { additionalProperties: false }),
]);
export type KioskCommandTarget = Static<typeof KioskCommandTarget>;

/**
 * What the back-office sends. `mode` is required with `set-mode` and refused with any other kind
 * (a French 400). A group matches the totems' groups ignoring case; a group or `all` aiming no
 * totem is a 404 saying so.
 */
export const KioskCommandRequest = Type.Object(
  {
    kind: KioskCommandKind,
    mode: Type.Optional(KioskCommandMode),
    target: KioskCommandTarget,
    expiresInMinutes: Type.Optional(
      Type.Integer({ minimum: 1, maximum: KIOSK_COMMAND_MAX_EXPIRY_MINUTES }),
    ),
  },
  { additionalProperties: false },
);
export type KioskCommandRequest = Static<typeof KioskCommandRequest>;

/**
 * - pending: waiting for its totem (offline, or its stream not yet open);
 * - sent: written to the totem's open stream, not yet acknowledged;
 * - done / failed: as the totem acknowledged it (`reason` says why it failed);
 * - expired: its `expiresAt` passed before the totem acknowledged it.
 */
export const KIOSK_COMMAND_STATES = ['pending', 'sent', 'done', 'failed', 'expired'] as const;
export type KioskCommandState = (typeof KIOSK_COMMAND_STATES)[number];
export const KioskCommandState = Type.Union(
  KIOSK_COMMAND_STATES.map((state) => Type.Literal(state)),
);

export const KIOSK_COMMAND_STATE_LABELS: Record<KioskCommandState, string> = {
  pending: 'en attente',
  sent: 'envoyée',
  done: 'faite',
  failed: 'échouée',
  expired: 'expirée',
};

/** One command to one totem, as the back-office sees it. */
export const KioskCommand = Type.Object({
  commandId: Id,
  /** The request that made it (the same for every totem of a group or of `all`). */
  batchId: Type.String(),
  devid: Id,
  kioskId: Type.String(),
  kind: KioskCommandKind,
  mode: Type.Union([KioskCommandMode, Type.Null()]),
  state: KioskCommandState,
  /** Why it failed, as the totem said (null otherwise). */
  reason: Type.Union([Type.String(), Type.Null()]),
  createdAt: IsoDate,
  expiresAt: IsoDate,
  sentAt: Type.Union([IsoDate, Type.Null()]),
  ackedAt: Type.Union([IsoDate, Type.Null()]),
  /** Login of the back-office user who sent it. */
  createdBy: Type.Union([Type.String(), Type.Null()]),
});
export type KioskCommand = Static<typeof KioskCommand>;

export const KioskCommandList = Type.Array(KioskCommand);
export type KioskCommandList = Static<typeof KioskCommandList>;

/** `data` of a command request: the commands made, one per totem aimed. */
export const KioskCommandBatch = Type.Object({
  batchId: Type.String(),
  commands: KioskCommandList,
});
export type KioskCommandBatch = Static<typeof KioskCommandBatch>;

export const KioskCommandListQuery = Type.Object(
  {
    /** One totem's commands (its history page); all of the development's otherwise. */
    kioskId: Type.Optional(KioskId),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: false },
);
export type KioskCommandListQuery = Static<typeof KioskCommandListQuery>;

/** The stream message that carries one command to its totem (the others ignore it). */
export const CommandMessage = Type.Object({
  type: Type.Literal('command'),
  devid: Id,
  kioskId: Type.String(),
  command: Type.Object({
    commandId: Id,
    kind: KioskCommandKind,
    mode: Type.Optional(KioskCommandMode),
    expiresAt: IsoDate,
    /** « Identifier »: what the totem shows (its profile's name and place, when set). */
    name: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    location: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  }),
});
export type CommandMessage = Static<typeof CommandMessage>;

export const KioskCommandAckParams = Type.Object(
  { devid: Id, commandId: Id },
  { additionalProperties: false },
);
export type KioskCommandAckParams = Static<typeof KioskCommandAckParams>;

/**
 * What a totem answers once it ran a command (or could not). The first acknowledgement is kept;
 * another for the same command answers 200 and changes nothing. 403 for a command of another
 * totem (nothing recorded), 404 for an unknown one.
 */
export const KioskCommandAck = Type.Object(
  {
    status: Type.Union([Type.Literal('done'), Type.Literal('failed')]),
    reason: Type.Optional(Type.String({ maxLength: 300 })),
  },
  { additionalProperties: false },
);
export type KioskCommandAck = Static<typeof KioskCommandAck>;

export const KIOSK_COMMAND_AUDIT_ACTION = 'kiosk.command';

/** Paths relative to the admin plugin's prefix. */
export const adminKioskCommandRoutePatterns = {
  send: adminRelative('adminSendKioskCommand'),
  list: adminRelative('adminKioskCommands'),
} as const;
