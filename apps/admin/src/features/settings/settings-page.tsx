/**
 * "Réglages" of one development (published settings, decision 017): the suggestion form's and the
 * web site's addresses, the docs/product.md#constants timings a plant tunes, the alarm tone, the mode switcher's
 * code (issue 41, item 2), the plant's time zone (issue 45), its opening hours (issue 48,
 * opening-hours-section.tsx). "Enregistrer" saves to the draft, like any content edit: the header's
 * unpublished count follows, and the totems get the settings with the next publish. The form checks with the contract's schema (the same rules as
 * the server) and says what is wrong next to each field, in French. Admins also find the alert
 * token of the fire-alarm panels under the form (alert-token-panel.tsx).
 */
import {
  DEFAULT_SETTINGS,
  DevelopmentSettings,
  SETTINGS_LABELS,
  SETTINGS_TIMINGS,
  SETTINGS_TIMING_NAMES,
  SWITCHER_CODE_HINT,
  TIME_ZONE_MESSAGE,
  canonicalTimeZone,
  instantToPlantLocal,
  isPlantTimeZone,
  plantZoneCity,
  plantZonePlace,
  settingsConsistencyErrors,
  settingsUrlHint,
  type AdminDevelopment,
  type AdminSettings,
  type IgnoredSettingsAddress,
  type OpeningHours,
  type SettingsTiming,
} from '@plant-kiosk/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { DevelopmentGate } from '../../components/development-gate';
import { CheckboxField, SelectField, TextField } from '../../components/field';
import { FormScaffold } from '../../components/form-scaffold';
import { Notice, type Feedback } from '../../components/notice';
import { LoadError, Loading, Page } from '../../components/page';
import { call, callWithMessage, errorMessage } from '../../lib/api/client';
import { notifyDraftChanged } from '../../lib/draft-events';
import { useOptionalUser } from '../../lib/session/session-context';
import { validate, type FieldErrors } from '../../lib/api/validate';
import { useResource } from '../../lib/use-resource';
import { AlertTokenPanel } from './alert-token-panel';
import { normalizeTypedHours, OpeningHoursSection } from './opening-hours-section';

/**
 * The zones the plant's time zone is chosen from: Europe's, where the plants are, by their French
 * city name. Any other IANA zone is typed under « Autre fuseau ». A select with a free field
 * rather than a datalist: a datalist shows only the entries matching what the field holds, so
 * with « Europe/Paris » in it the other zones cannot be seen, and browsers draw it each their way.
 */
export const EUROPEAN_TIME_ZONES: readonly string[] = [
  'Europe/Amsterdam',
  'Europe/Athens',
  'Europe/Berlin',
  'Europe/Brussels',
  'Europe/Bucharest',
  'Europe/Budapest',
  'Europe/Copenhagen',
  'Europe/Dublin',
  'Europe/Helsinki',
  'Europe/Istanbul',
  'Europe/Lisbon',
  'Europe/London',
  'Europe/Luxembourg',
  'Europe/Madrid',
  'Europe/Oslo',
  'Europe/Paris',
  'Europe/Prague',
  'Europe/Rome',
  'Europe/Stockholm',
  'Europe/Vienna',
  'Europe/Warsaw',
  'Europe/Zurich',
].sort((a, b) => (plantZoneCity(a) ?? a).localeCompare(plantZoneCity(b) ?? b, 'fr'));

/** The select's entry that opens the free field. */
export const OTHER_TIME_ZONE = 'autre';

const TIME_ZONE_OPTIONS = [
  ...EUROPEAN_TIME_ZONES.map((zone) => ({
    value: zone,
    label: `${plantZoneCity(zone) ?? zone} (${zone})`,
  })),
  { value: OTHER_TIME_ZONE, label: 'Autre fuseau (nom IANA)…' },
];

/** What the form holds: addresses and timings as typed (text), the tone as a box. */
export interface SettingsForm {
  suggestionFormUrl: string;
  websiteUrl: string;
  timings: Record<SettingsTiming, string>;
  alarmTone: boolean;
  switcherCode: string;
  /** A zone of the list, or OTHER_TIME_ZONE: then `otherTimeZone` as typed. */
  timeZone: string;
  otherTimeZone: string;
  /** The opening hours as the section edits them (the contract's shape). */
  openingHours: OpeningHours;
}

export const toForm = (settings: DevelopmentSettings): SettingsForm => ({
  suggestionFormUrl: settings.suggestionFormUrl ?? '',
  websiteUrl: settings.websiteUrl ?? '',
  timings: Object.fromEntries(
    SETTINGS_TIMING_NAMES.map((name) => [name, String(settings[name])]),
  ) as Record<SettingsTiming, string>,
  alarmTone: settings.alarmTone,
  switcherCode: settings.switcherCode,
  ...(EUROPEAN_TIME_ZONES.includes(settings.timeZone)
    ? { timeZone: settings.timeZone, otherTimeZone: '' }
    : { timeZone: OTHER_TIME_ZONE, otherTimeZone: settings.timeZone }),
  openingHours: settings.openingHours,
});

/** The zone the form names (a typed one with its usual case: `europe/paris` → `Europe/Paris`). */
function formTimeZone(form: SettingsForm): string {
  if (form.timeZone !== OTHER_TIME_ZONE) return form.timeZone;
  return canonicalTimeZone(form.otherTimeZone) ?? form.otherTimeZone.trim();
}

/** "500 s (8 min 20 s)": seconds, with minutes when there are some. */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `${seconds} s (${minutes} min${rest ? ` ${rest} s` : ''})`;
}

const urlMessage = (value: string | null) =>
  `Adresse non acceptée : elle ${settingsUrlHint(value)}.`;
const TIMING_HINTS: Record<string, string> = {
  ...Object.fromEntries(
    SETTINGS_TIMING_NAMES.map((name) => [
      name,
      `Un nombre entier de secondes entre ${SETTINGS_TIMINGS[name].min} et ${SETTINGS_TIMINGS[name].max}.`,
    ]),
  ),
};

/**
 * The settings the form describes, or the French message of each field that is wrong: the
 * contract's schema first (addresses, bounds), then the rules between fields.
 */
export function readForm(
  form: SettingsForm,
): { settings: DevelopmentSettings; errors: null } | { settings: null; errors: FieldErrors } {
  const url = (text: string) => (text.trim() === '' ? null : text.trim());
  const number = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
  const settings = {
    suggestionFormUrl: url(form.suggestionFormUrl),
    websiteUrl: url(form.websiteUrl),
    ...(Object.fromEntries(
      SETTINGS_TIMING_NAMES.map((name) => [name, number(form.timings[name])]),
    ) as Record<SettingsTiming, number>),
    alarmTone: form.alarmTone,
    // Spaces typed between the digits ("12 34") are not part of the code.
    switcherCode: form.switcherCode.replace(/\s+/g, ''),
    timeZone: formTimeZone(form),
    // « 6h » typed for « 06:00 »: the times in the contract's form.
    openingHours: normalizeTypedHours(form.openingHours),
  };
  // The addresses' message depends on what was typed (a host name past DNS's bounds says so).
  const errors = validate(DevelopmentSettings, settings, {
    ...TIMING_HINTS,
    suggestionFormUrl: urlMessage(settings.suggestionFormUrl),
    websiteUrl: urlMessage(settings.websiteUrl),
    switcherCode: `Code non accepté : il ${SWITCHER_CODE_HINT}.`,
    timeZone: TIME_ZONE_MESSAGE,
    openingHours:
      'Heures attendues sous la forme HH:MM (ouverture de 00:00 à 23:59, fermeture jusqu’à 24:00).',
  });
  if (Object.keys(errors).length === 0) Object.assign(errors, settingsConsistencyErrors(settings));
  return Object.keys(errors).length === 0 ? { settings, errors: null } : { settings: null, errors };
}

/** The current instant, again at each new minute (for « Il est 09:42 à Paris »). */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setTimeout(() => setNow(new Date()), 60_000 - (now.getTime() % 60_000) + 50);
    return () => clearTimeout(timer);
  }, [now]);
  return now;
}

/** « Il est 09:42 à Paris. », for the zone the form names; nothing while it is not a zone. */
export function PlantClock({ timeZone }: { timeZone: string }) {
  const now = useMinute();
  if (!isPlantTimeZone(timeZone)) return null;
  return (
    <>
      Il est {instantToPlantLocal(now, timeZone).time} {plantZonePlace(timeZone)}.{' '}
    </>
  );
}

export function SettingsPage() {
  return (
    <DevelopmentGate base="/reglages">
      {(development, switcher) => (
        <SettingsEditor key={development.devid} development={development} switcher={switcher} />
      )}
    </DevelopmentGate>
  );
}

export function SettingsEditor({
  development,
  switcher,
}: {
  development: AdminDevelopment;
  switcher: ReactNode;
}) {
  const { devid } = development;
  const resource = useResource(
    () => call('adminSettings', { params: { devid } }),
    `settings-${devid}`,
  );
  const admin = useOptionalUser()?.role === 'admin';
  return (
    <Page title="Réglages" actions={switcher}>
      {resource.loading && !resource.data && <Loading />}
      {resource.error && <LoadError message={resource.error} onRetry={resource.reload} />}
      {resource.data && (
        <SettingsFormView
          devid={devid}
          initial={resource.data.settings}
          unpublished={resource.data.unpublished}
          ignored={resource.data.ignoredAddresses ?? []}
          onSaved={(answer) => resource.setData(answer)}
        />
      )}
      {admin && <AlertTokenPanel devid={devid} />}
    </Page>
  );
}

function SettingsFormView({
  devid,
  initial,
  unpublished,
  ignored,
  onSaved,
}: {
  devid: number;
  initial: DevelopmentSettings;
  unpublished: boolean;
  /** Stored addresses today's rules refuse (issue 40): read as not configured, said here. */
  ignored: readonly IgnoredSettingsAddress[];
  onSaved: (answer: AdminSettings) => void;
}) {
  const [form, setForm] = useState<SettingsForm>(() => toForm(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const read = readForm(form);
    if (read.errors) {
      setErrors(read.errors);
      setFeedback({ tone: 'error', text: 'Corrigez les champs signalés avant d’enregistrer.' });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { data, message } = await callWithMessage('adminUpdateSettings', {
        params: { devid },
        body: read.settings,
      });
      // Saved to the draft: the header's unpublished count follows, the totems wait for a publish.
      notifyDraftChanged();
      onSaved(data);
      setForm(toForm(data.settings));
      setFeedback({ tone: 'success', text: message });
    } catch (error) {
      setFeedback({ tone: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  /** A new zone: its clock shows at once, so an earlier « unknown zone » would contradict it. */
  const setTimeZone = (
    change: Pick<SettingsForm, 'timeZone'> | Pick<SettingsForm, 'otherTimeZone'>,
  ) => {
    setForm({ ...form, ...change });
    if (errors.timeZone) {
      const { timeZone: _cleared, ...rest } = errors;
      setErrors(rest);
    }
  };

  const timingField = (name: SettingsTiming) => {
    const { min, max, default: byDefault } = SETTINGS_TIMINGS[name];
    return (
      <TextField
        key={name}
        label={`${SETTINGS_LABELS[name]} (secondes)`}
        inputMode="numeric"
        value={form.timings[name]}
        onChange={(event) =>
          setForm({ ...form, timings: { ...form.timings, [name]: event.target.value } })
        }
        error={errors[name]}
        hint={`Entre ${min} et ${formatSeconds(max)}. Par défaut : ${formatSeconds(byDefault)}.`}
      />
    );
  };

  return (
    <FormScaffold
      onSubmit={submit}
      submitLabel="Enregistrer"
      busy={busy}
      feedback={feedback}
      onCloseFeedback={() => setFeedback(null)}
      actions={
        <button
          type="button"
          className="button"
          onClick={() => {
            setForm(toForm({ ...DEFAULT_SETTINGS }));
            setErrors({});
          }}
        >
          Valeurs par défaut
        </button>
      }
    >
      <p className="muted">
        Ces réglages partent vers les totems avec la prochaine publication, comme le contenu.
      </p>
      {unpublished && (
        <Notice tone="info">
          Des réglages enregistrés ne sont pas encore publiés : les totems ont encore les
          précédents.
        </Notice>
      )}
      {ignored.map(({ field, message }) => (
        <Notice key={field} tone="warning">
          {message}
        </Notice>
      ))}

      <section className="card stack" aria-labelledby="settings-addresses">
        <h2 id="settings-addresses">Adresses</h2>
        <TextField
          label={SETTINGS_LABELS.suggestionFormUrl}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://…"
          value={form.suggestionFormUrl}
          onChange={(event) => setForm({ ...form, suggestionFormUrl: event.target.value })}
          error={errors.suggestionFormUrl}
          hint="Montrée dans le cadre de la page « Suggestion System » des totems. Sans adresse, la tuile « Suggestion System » est masquée sur les totems."
        />
        <TextField
          label={SETTINGS_LABELS.websiteUrl}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://…"
          value={form.websiteUrl}
          onChange={(event) => setForm({ ...form, websiteUrl: event.target.value })}
          error={errors.websiteUrl}
          hint="Ouverte par le lien « Notre site web » du pied de page des totems. Sans adresse, le lien est masqué sur les totems."
        />
      </section>

      <section className="card stack" aria-labelledby="settings-time-zone">
        <h2 id="settings-time-zone">Heure de l’usine</h2>
        <SelectField
          label={SETTINGS_LABELS.timeZone}
          options={TIME_ZONE_OPTIONS}
          value={form.timeZone}
          onChange={(event) => setTimeZone({ timeZone: event.target.value })}
          error={form.timeZone === OTHER_TIME_ZONE ? undefined : errors.timeZone}
          hint={
            <>
              <PlantClock timeZone={formTimeZone(form)} />
              Les heures des publications programmées se lisent et se saisissent dans ce fuseau,
              changements d’heure compris.
            </>
          }
        />
        {form.timeZone === OTHER_TIME_ZONE && (
          <TextField
            label="Nom du fuseau horaire (IANA)"
            autoComplete="off"
            spellCheck={false}
            placeholder="par exemple America/New_York"
            value={form.otherTimeZone}
            onChange={(event) => setTimeZone({ otherTimeZone: event.target.value })}
            error={errors.timeZone}
            hint="Le nom de la base IANA des fuseaux horaires : Continent/Ville, en anglais."
          />
        )}
      </section>

      <OpeningHoursSection
        value={form.openingHours}
        onChange={(openingHours) => setForm({ ...form, openingHours })}
        showProblems={Boolean(errors.openingHours)}
        error={errors.openingHours}
      />

      <section className="card stack" aria-labelledby="settings-timings">
        <h2 id="settings-timings">Délais</h2>
        <div className="form-grid">{SETTINGS_TIMING_NAMES.map(timingField)}</div>
      </section>

      <section className="card stack" aria-labelledby="settings-alarm">
        <h2 id="settings-alarm">Alertes</h2>
        <CheckboxField
          label="Jouer un son d’alarme pendant une alerte"
          checked={form.alarmTone}
          onChange={(event) => setForm({ ...form, alarmTone: event.target.checked })}
        />
      </section>

      <section className="card stack" aria-labelledby="settings-switcher">
        <h2 id="settings-switcher">Sélecteur de mode</h2>
        <TextField
          label={SETTINGS_LABELS.switcherCode}
          inputMode="numeric"
          autoComplete="off"
          value={form.switcherCode}
          onChange={(event) => setForm({ ...form, switcherCode: event.target.value })}
          error={errors.switcherCode}
          hint="Le sélecteur caché (deux touches rapides dans l’espace vide de l’en-tête, entre le logo et l’heure) fait passer un totem en Visiteur, Moulage ou Assemblage. Vide : il s’ouvre sans code. De 4 à 8 chiffres : le totem demande ce code sur un pavé numérique avant de changer de mode. Le code part vers les totems avec la prochaine publication et y est gardé avec le contenu : il empêche un passant de changer le mode, ce n’est pas un mot de passe."
        />
      </section>
    </FormScaffold>
  );
}
