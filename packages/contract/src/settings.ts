/**
 * A development's settings (published settings, decision 017): what a plant changes without a
 * rebuild — the suggestion form's and the company web site's addresses, the docs/product.md#constants timings a plant
 * may tune, the alarm tone, the plant's time zone. They are edited in the back-office's draft and reach the totems only
 * with a published revision, inside the snapshot (`settings`) and the delta (`settings`, when they
 * changed).
 *
 * One schema serves the server (route validation, 400 with the field's French message), the
 * back-office form (the same checks before sending) and the kiosk (a stored copy read back with
 * `normalizeSettings`, which never throws: a field missing or wrong in an older copy takes its
 * default).
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  ALWAYS_OPEN,
  CLOSING_TIME_PATTERN,
  OPENING_DAYS_PER_WEEK,
  OPENING_INTERVALS_MAX_PER_DAY,
  OPENING_TIME_PATTERN,
  normalizeOpeningHours,
  openingHoursProblems,
} from './opening-hours.js';
import { TIME_ZONE_HINT, TIME_ZONE_MAX_LENGTH, isPlantTimeZone } from './plant-time.js';
import { adminRelative } from './route-table.js';

/** Longest address accepted: ample for a form's URL with its query (the path and query are long). */
export const SETTINGS_URL_MAX_LENGTH = 2000;

/**
 * DNS's own bounds on a host name (RFC 1035 §2.3.4): 63 characters between two dots, 253 in all.
 * A longer name can never resolve, and only the origin (scheme://host:port) ever reaches the pages'
 * Content-Security-Policy: bounding the host bounds what one address adds to that header
 * (issue 40 — two ~2,000-character hosts pushed every page's headers past nginx's 4 KB buffer).
 */
export const SETTINGS_HOST_MAX_LENGTH = 253;
export const SETTINGS_HOST_LABEL_MAX_LENGTH = 63;

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';

/**
 * An absolute http(s) address: the scheme, a host name (letters, digits, dots, hyphens: a name
 * in another script goes in its xn-- form; labels of 63 characters at most, 253 in all, as DNS
 * says) or a bracketed IPv6 address, an optional port, then printable ASCII without spaces.
 * Nothing else: `javascript:`, `data:`, relative addresses, user names in the address and control
 * characters are refused. Only its origin (scheme://host:port) ever goes into a
 * Content-Security-Policy, which the host part cannot break.
 */
export const SETTINGS_URL_PATTERN = `^https?://(?:(?=[A-Za-z0-9.-]{1,${SETTINGS_HOST_MAX_LENGTH}}(?![A-Za-z0-9.-]))${LABEL}(?:\\.${LABEL})*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:[/?#][\\x21-\\x7E]*)?$`;

/** What the URL pattern means, for the person who typed the address. */
export const SETTINGS_URL_HINT =
  'doit être une adresse web complète commençant par https:// (ou http://), sans espace';

/** The host part of an address as typed (after the scheme, before a port, path, query or #). */
function typedHost(value: string): string | null {
  const match = /^https?:\/\/([^/?#:[\]]*)/i.exec(value);
  return match ? (match[1] ?? '') : null;
}

/**
 * What is wrong with an address the settings refuse, in French (the back-office form and the
 * server's 400 both say it): a host name past DNS's bounds gets its own sentence, anything else
 * the pattern's meaning.
 */
export function settingsUrlHint(value: unknown): string {
  const host = typeof value === 'string' ? typedHost(value) : null;
  if (host !== null && host.length > SETTINGS_HOST_MAX_LENGTH)
    return `a un nom d’hôte de ${host.length} caractères : un nom d’hôte en compte au plus ${SETTINGS_HOST_MAX_LENGTH}`;
  if (
    host !== null &&
    host.split('.').some((label) => label.length > SETTINGS_HOST_LABEL_MAX_LENGTH)
  )
    return `a un nom d’hôte dont une partie (entre deux points) dépasse ${SETTINGS_HOST_LABEL_MAX_LENGTH} caractères`;
  return SETTINGS_URL_HINT;
}

/** A configured address, or null: not configured (the kiosk says so, it invents none). */
const SettingsUrl = Type.Union([
  Type.String({ minLength: 1, maxLength: SETTINGS_URL_MAX_LENGTH, pattern: SETTINGS_URL_PATTERN }),
  Type.Null(),
]);

/** Bounds of each timing, in seconds, and its default (the docs/product.md#constants value). */
export const SETTINGS_TIMINGS = {
  /** Idle counter: seconds without a touch before the kiosk returns home (spec: 500). */
  idleCounterSeconds: { default: 500, min: 30, max: 3600, label: 'Retour à l’accueil' },
  /** The value a tap on the clock sets the idle counter to (spec: 290). */
  idleCounterResetSeconds: {
    default: 290,
    min: 10,
    max: 3600,
    label: 'Compteur après un appui sur l’horloge',
  },
  /** Inactivity countdown of a staff session (spec: 600 s). */
  inactivitySeconds: { default: 600, min: 60, max: 7200, label: 'Fin de session inactive' },
  /** The warning shows below this many seconds of that countdown (spec: 300). */
  inactivityWarningSeconds: {
    default: 300,
    min: 10,
    max: 3600,
    label: 'Avertissement avant la fin de session',
  },
  /** Home slideshow: seconds per slide (spec: 5000 ms). */
  slideshowIntervalSeconds: { default: 5, min: 2, max: 120, label: 'Diaporama de l’accueil' },
  /** Network check period (spec: 15 s; the `local` mode keeps its 3 s). */
  pingIntervalSeconds: { default: 15, min: 5, max: 300, label: 'Vérification du réseau' },
} as const;
export type SettingsTiming = keyof typeof SETTINGS_TIMINGS;
export const SETTINGS_TIMING_NAMES = Object.keys(SETTINGS_TIMINGS) as SettingsTiming[];

/**
 * The mode switcher's code (issue 41, item 2): empty, the spec's switcher without authentication;
 * otherwise 4 to 8 digits the totem asks on its keypad before switching. Digits only: a gloved
 * hand types it on large keys, and no keyboard is needed.
 */
export const SWITCHER_CODE_MIN_DIGITS = 4;
export const SWITCHER_CODE_MAX_DIGITS = 8;
export const SWITCHER_CODE_PATTERN = `^(?:[0-9]{${SWITCHER_CODE_MIN_DIGITS},${SWITCHER_CODE_MAX_DIGITS}})?$`;
/** What the pattern means, in French (the back-office form and the server's 400). */
export const SWITCHER_CODE_HINT = `doit être vide ou compter de ${SWITCHER_CODE_MIN_DIGITS} à ${SWITCHER_CODE_MAX_DIGITS} chiffres`;

/**
 * The development's opening hours (issue 48, part 2; opening-hours.ts says the rules): always open
 * (a 3×8 plant), or a week of intervals on the plant's wall clock. The schema bounds the shape;
 * that an interval closes after it opens and that a day's intervals do not overlap are rules
 * between values, checked with the rules between fields (`settingsConsistencyErrors`).
 */
export const OpeningHoursSchema = Type.Union([
  // The week first: the server's validator removes properties a branch does not allow
  // (`removeAdditional`) while it tries the branches in order, so trying « always » first would
  // strip `days` from a week before its own branch is tried.
  Type.Object(
    {
      kind: Type.Literal('weekly'),
      days: Type.Array(
        Type.Array(
          Type.Object(
            {
              open: Type.String({ pattern: OPENING_TIME_PATTERN }),
              close: Type.String({ pattern: CLOSING_TIME_PATTERN }),
            },
            { additionalProperties: false },
          ),
          { maxItems: OPENING_INTERVALS_MAX_PER_DAY },
        ),
        { minItems: OPENING_DAYS_PER_WEEK, maxItems: OPENING_DAYS_PER_WEEK },
      ),
    },
    { additionalProperties: false },
  ),
  Type.Object({ kind: Type.Literal('always') }, { additionalProperties: false }),
]);

const timing = (name: SettingsTiming) =>
  Type.Integer({ minimum: SETTINGS_TIMINGS[name].min, maximum: SETTINGS_TIMINGS[name].max });

export const DevelopmentSettings = Type.Object(
  {
    /** The staff page "Suggestion System" frame's address (980 × 1050). */
    suggestionFormUrl: SettingsUrl,
    /** The company web site the footer's link opens. */
    websiteUrl: SettingsUrl,
    idleCounterSeconds: timing('idleCounterSeconds'),
    idleCounterResetSeconds: timing('idleCounterResetSeconds'),
    inactivitySeconds: timing('inactivitySeconds'),
    inactivityWarningSeconds: timing('inactivityWarningSeconds'),
    slideshowIntervalSeconds: timing('slideshowIntervalSeconds'),
    pingIntervalSeconds: timing('pingIntervalSeconds'),
    /** Whether an alert plays a tone (published settings, used by the alerts' order 10). */
    alarmTone: Type.Boolean(),
    /**
     * The hidden mode switcher's code ("" = none, the spec's default). Published content like the
     * rest: every totem holds it in its local database, so it keeps a passer-by from switching
     * a totem, not someone with the kiosk's credentials or the browser's developer tools.
     */
    switcherCode: Type.String({ pattern: SWITCHER_CODE_PATTERN }),
    /**
     * The plant's time zone, an IANA name (issue 45): every time the back-office shows or asks
     * (a scheduled publication's) is a wall-clock time there (plant-time.ts). The schema bounds the
     * text; whether `Intl` knows the zone is a rule no JSON schema can say, checked with the rules
     * between fields (`settingsConsistencyErrors`).
     */
    timeZone: Type.String({ minLength: 1, maxLength: TIME_ZONE_MAX_LENGTH }),
    /**
     * When the plant is open, on its wall clock in `timeZone` (issue 48, part 2): outside them the
     * fleet says a silent totem is « Hors des heures d’ouverture » and the health rules keep quiet;
     * issue 53 switches the screens off. Always open by default (a 3×8 plant).
     */
    openingHours: OpeningHoursSchema,
  },
  { additionalProperties: false },
);
export type DevelopmentSettings = Static<typeof DevelopmentSettings>;

/** The plant's zone when none was chosen: the product's first plants are in France. */
export const DEFAULT_TIME_ZONE = 'Europe/Paris';

/** The spec's values, no address: what a development without settings has. */
export const DEFAULT_SETTINGS: Readonly<DevelopmentSettings> = Object.freeze({
  suggestionFormUrl: null,
  websiteUrl: null,
  idleCounterSeconds: SETTINGS_TIMINGS.idleCounterSeconds.default,
  idleCounterResetSeconds: SETTINGS_TIMINGS.idleCounterResetSeconds.default,
  inactivitySeconds: SETTINGS_TIMINGS.inactivitySeconds.default,
  inactivityWarningSeconds: SETTINGS_TIMINGS.inactivityWarningSeconds.default,
  slideshowIntervalSeconds: SETTINGS_TIMINGS.slideshowIntervalSeconds.default,
  pingIntervalSeconds: SETTINGS_TIMINGS.pingIntervalSeconds.default,
  alarmTone: false,
  switcherCode: '',
  timeZone: DEFAULT_TIME_ZONE,
  openingHours: ALWAYS_OPEN,
});

/** French names of the fields, for the back-office and the server's messages. */
export const SETTINGS_LABELS: Record<keyof DevelopmentSettings, string> = {
  suggestionFormUrl: 'Adresse du formulaire de suggestion',
  websiteUrl: 'Adresse du site web de l’entreprise',
  ...(Object.fromEntries(
    SETTINGS_TIMING_NAMES.map((name) => [name, SETTINGS_TIMINGS[name].label]),
  ) as Record<SettingsTiming, string>),
  alarmTone: 'Son d’alarme',
  switcherCode: 'Code du sélecteur',
  timeZone: 'Fuseau horaire de l’usine',
  openingHours: 'Heures d’ouverture',
};

const URL_RE = new RegExp(SETTINGS_URL_PATTERN);
const SWITCHER_CODE_RE = new RegExp(SWITCHER_CODE_PATTERN);

/** Whether `value` is an address the settings accept. */
export function isSettingsUrl(value: string): boolean {
  return value.length >= 1 && value.length <= SETTINGS_URL_MAX_LENGTH && URL_RE.test(value);
}

/**
 * What a time zone the settings refuse is told, in French: the form shows it under the field, the
 * server's 400 after the field's label (« Fuseau horaire de l’usine : doit être… »).
 */
export const TIME_ZONE_MESSAGE = `${TIME_ZONE_HINT.charAt(0).toUpperCase()}${TIME_ZONE_HINT.slice(1)}.`;

/**
 * Rules a JSON schema cannot say: the clock's value must not exceed the idle counter's default,
 * the warning must come before the session ends (rules between fields), the time zone must be
 * one `Intl` knows, the opening hours' intervals must close after they open and not overlap
 * (their messages joined; opening-hours.ts's `openingHoursProblems` says each by day). French
 * messages by field; empty when the settings hold together.
 */
export function settingsConsistencyErrors(
  settings: DevelopmentSettings,
): Partial<Record<keyof DevelopmentSettings, string>> {
  const errors: Partial<Record<keyof DevelopmentSettings, string>> = {};
  if (settings.idleCounterResetSeconds > settings.idleCounterSeconds)
    errors.idleCounterResetSeconds = `Ne doit pas dépasser le délai de retour à l’accueil (${settings.idleCounterSeconds} s).`;
  if (settings.inactivityWarningSeconds >= settings.inactivitySeconds)
    errors.inactivityWarningSeconds = `Doit être inférieur à la durée avant la fin de session (${settings.inactivitySeconds} s).`;
  if (!isPlantTimeZone(settings.timeZone)) errors.timeZone = TIME_ZONE_MESSAGE;
  const hoursProblems = openingHoursProblems(settings.openingHours);
  if (hoursProblems.length > 0)
    errors.openingHours = hoursProblems.map((problem) => problem.message).join(' ');
  return errors;
}

/**
 * Settings from anything stored (a database row's JSON, a kiosk's copy): each field that is
 * present and valid is kept, any other takes its default. Never throws.
 */
export function normalizeSettings(value: unknown): DevelopmentSettings {
  const source = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const url = (name: 'suggestionFormUrl' | 'websiteUrl') => {
    const raw = source[name];
    return typeof raw === 'string' && isSettingsUrl(raw) ? raw : null;
  };
  const settings: DevelopmentSettings = {
    ...DEFAULT_SETTINGS,
    suggestionFormUrl: url('suggestionFormUrl'),
    websiteUrl: url('websiteUrl'),
    alarmTone: typeof source.alarmTone === 'boolean' ? source.alarmTone : false,
    // A copy from before the code existed, or a wrong one: no code (the spec's switcher).
    switcherCode:
      typeof source.switcherCode === 'string' && SWITCHER_CODE_RE.test(source.switcherCode)
        ? source.switcherCode
        : '',
    // A copy from before the zone existed (issue 45), or one this engine does not know: Paris.
    timeZone: isPlantTimeZone(source.timeZone) ? source.timeZone : DEFAULT_TIME_ZONE,
    // A copy from before the hours existed (issue 48), or a wrong one: always open.
    openingHours: normalizeOpeningHours(source.openingHours),
  };
  for (const name of SETTINGS_TIMING_NAMES) {
    const raw = source[name];
    const { min, max } = SETTINGS_TIMINGS[name];
    if (typeof raw === 'number' && Number.isInteger(raw) && raw >= min && raw <= max)
      settings[name] = raw;
  }
  // Inconsistent timings in a stored copy: the defaults of the pair, never a kiosk that misbehaves.
  const errors = settingsConsistencyErrors(settings);
  if (errors.idleCounterResetSeconds) {
    settings.idleCounterSeconds = DEFAULT_SETTINGS.idleCounterSeconds;
    settings.idleCounterResetSeconds = DEFAULT_SETTINGS.idleCounterResetSeconds;
  }
  if (errors.inactivityWarningSeconds) {
    settings.inactivitySeconds = DEFAULT_SETTINGS.inactivitySeconds;
    settings.inactivityWarningSeconds = DEFAULT_SETTINGS.inactivityWarningSeconds;
  }
  return settings;
}

/**
 * The settings as stored: JSON with the fields in one fixed order, so two equal settings are the
 * same text (the publish compares stored texts, decision 017).
 */
export function serializeSettings(settings: DevelopmentSettings): string {
  const ordered = Object.fromEntries(
    (Object.keys(DEFAULT_SETTINGS) as Array<keyof DevelopmentSettings>).map((key) => [
      key,
      settings[key],
    ]),
  );
  return JSON.stringify(ordered);
}

/** The origin (scheme://host:port) of an address, for a CSP source list; null when not one. */
export function settingsUrlOrigin(value: string | null): string | null {
  if (value === null || !isSettingsUrl(value)) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

// ---------- back-office API ----------

/** A stored address that today's rules refuse, and what the back-office says of it. */
export const IgnoredSettingsAddress = Type.Object({
  field: Type.Union([Type.Literal('suggestionFormUrl'), Type.Literal('websiteUrl')]),
  /** French, for the Réglages page. */
  message: Type.String(),
});
export type IgnoredSettingsAddress = Static<typeof IgnoredSettingsAddress>;

/**
 * The addresses of a stored copy of the settings (a database row's JSON) that today's rules
 * refuse — saved before a rule existed, such as DNS's bounds on host names (issue 40).
 * `normalizeSettings` reads them as not configured, so nothing breaks; this says so to the person
 * who can type another.
 */
export function ignoredSettingsAddresses(value: unknown): IgnoredSettingsAddress[] {
  const source = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const ignored: IgnoredSettingsAddress[] = [];
  for (const field of ['suggestionFormUrl', 'websiteUrl'] as const) {
    const raw = source[field];
    if (typeof raw !== 'string' || isSettingsUrl(raw)) continue;
    ignored.push({
      field,
      message: `${SETTINGS_LABELS[field]} — l’adresse enregistrée n’est plus acceptée (elle ${settingsUrlHint(raw)}) : les totems la traitent comme non configurée ; saisissez-en une autre, puis publiez.`,
    });
  }
  return ignored;
}

/** GET / PUT /api/admin/developments/:devid/settings answer: the draft's settings. */
export const AdminSettings = Type.Object({
  devid: Type.Integer({ minimum: 1 }),
  /** The draft's settings (the defaults when the development never saved any). */
  settings: DevelopmentSettings,
  /** Whether the draft's settings differ from the published ones (a publish is due). */
  unpublished: Type.Boolean(),
  /** Stored addresses (draft or published) that today's rules refuse; absent when none. */
  ignoredAddresses: Type.Optional(Type.Array(IgnoredSettingsAddress)),
});
export type AdminSettings = Static<typeof AdminSettings>;

/** Audit action of a settings save. */
export const SETTINGS_AUDIT_ACTION = 'setting.update';

export const adminSettingsRoutePatterns = {
  settings: adminRelative('adminSettings'),
} as const;
