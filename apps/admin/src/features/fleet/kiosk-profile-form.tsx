/**
 * « Modifier » a totem of the fleet (decision 038): its name, place, groups and note, and where its
 * screen sits above the floor (issue 52: the reach mode's line follows the mount). Saved at
 * once through `adminKioskProfile` — not content, so no publish — and the fleet's live channel
 * brings the saved profile to every open page. The bounds are the contract's, checked here first
 * so that the user reads which field is wrong in French under that field; the server's answer
 * (another refusal, a 404 for a forgotten totem, a 409 when someone saved meanwhile) is shown as
 * it says it. On a 409 the form takes the profile as it is now, and says so.
 */
import {
  KIOSK_GROUP_MAX_LENGTH,
  KIOSK_LOCATION_MAX_LENGTH,
  KIOSK_MAX_GROUPS,
  KIOSK_NAME_MAX_LENGTH,
  KIOSK_NOTE_MAX_LENGTH,
  KIOSK_PROFILE_LABELS,
  DEFAULT_SCREEN_HEIGHTS,
  REACH_TOP_MM,
  SCREEN_HEIGHT_LIMITS,
  reachLineY,
  type KioskProfile,
  type KioskStatus,
} from '@plant-kiosk/contract';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { TextAreaField, TextField } from '../../components/field';
import { Notice } from '../../components/notice';
import { ApiError, callWithMessage, errorMessage } from '../../lib/api/client';

interface Values {
  name: string;
  location: string;
  groups: string;
  note: string;
  /** Millimetres as typed; both empty: the standard stand. */
  screenBottomMm: string;
  screenTopMm: string;
}

type Errors = Partial<Record<keyof Values, string>>;

/** The groups as typed: comma-separated, trimmed, without empties. */
export function splitGroups(text: string): string[] {
  return text
    .split(',')
    .map((group) => group.trim())
    .filter((group) => group !== '');
}

const valuesOf = (
  profile: Pick<
    KioskStatus,
    'name' | 'location' | 'groups' | 'note' | 'screenBottomMm' | 'screenTopMm'
  >,
): Values => ({
  name: profile.name ?? '',
  location: profile.location ?? '',
  groups: (profile.groups ?? []).join(', '),
  note: profile.note ?? '',
  screenBottomMm: profile.screenBottomMm == null ? '' : String(profile.screenBottomMm),
  screenTopMm: profile.screenTopMm == null ? '' : String(profile.screenTopMm),
});

/** A height as typed: null when empty, NaN when not a whole number of millimetres. */
const millimetres = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

/** The heights to send: both numbers, or both null (the standard stand). */
export function screenHeights(values: Pick<Values, 'screenBottomMm' | 'screenTopMm'>) {
  return {
    screenBottomMm: millimetres(values.screenBottomMm),
    screenTopMm: millimetres(values.screenTopMm),
  };
}

const tooLong = (max: number) => `ne doit pas dépasser ${max} caractères`;

/** What the server would refuse, by field, in French (empty when the form may be sent). */
export function profileErrors(values: Values): Errors {
  const errors: Errors = {};
  if (values.name.trim().length > KIOSK_NAME_MAX_LENGTH) {
    errors.name = `Le nom ${tooLong(KIOSK_NAME_MAX_LENGTH)}.`;
  }
  if (values.location.trim().length > KIOSK_LOCATION_MAX_LENGTH) {
    errors.location = `Le lieu ${tooLong(KIOSK_LOCATION_MAX_LENGTH)}.`;
  }
  const groups = splitGroups(values.groups);
  const long = groups.find((group) => group.length > KIOSK_GROUP_MAX_LENGTH);
  if (groups.length > KIOSK_MAX_GROUPS) {
    errors.groups = `Un totem a au plus ${KIOSK_MAX_GROUPS} groupes (ici ${groups.length}).`;
  } else if (long !== undefined) {
    errors.groups = `Le groupe « ${long.slice(0, 20)}… » ${tooLong(KIOSK_GROUP_MAX_LENGTH)}.`;
  }
  if (values.note.trim().length > KIOSK_NOTE_MAX_LENGTH) {
    errors.note = `La note ${tooLong(KIOSK_NOTE_MAX_LENGTH)}.`;
  }
  const { screenBottomMm: bottom, screenTopMm: top } = screenHeights(values);
  const { bottom: low, top: high, minSpan } = SCREEN_HEIGHT_LIMITS;
  if (bottom !== null && !(bottom >= low.min && bottom <= high.max && bottom <= low.max)) {
    errors.screenBottomMm = `Un nombre entier de millimètres, de ${low.min} à ${low.max}.`;
  }
  if (top !== null && !(top >= high.min && top <= high.max)) {
    errors.screenTopMm = `Un nombre entier de millimètres, de ${high.min} à ${high.max}.`;
  }
  if (!errors.screenBottomMm && !errors.screenTopMm) {
    if ((bottom === null) !== (top === null)) {
      errors[bottom === null ? 'screenBottomMm' : 'screenTopMm'] =
        'Donnez les deux hauteurs, ou aucune pour le pied standard.';
    } else if (bottom !== null && top !== null && top - bottom < minSpan) {
      errors.screenTopMm = `Le haut de l’écran doit être au moins ${minSpan} mm au-dessus de son bas.`;
    }
  }
  return errors;
}

export function KioskProfileForm({
  kiosk,
  onSaved,
  onClose,
}: {
  kiosk: KioskStatus;
  /** The profile as saved (the page shows it before the live channel does). */
  onSaved: (profile: KioskProfile, message: string) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(kiosk));
  const [version, setVersion] = useState(kiosk.profileVersion ?? 0);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = `kiosk-profile-${kiosk.devid}-${kiosk.kioskId}`;

  const set = (field: keyof Values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = profileErrors(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const { data, message } = await callWithMessage('adminKioskProfile', {
        params: { devid: kiosk.devid, kioskId: kiosk.kioskId },
        body: {
          name: values.name.trim(),
          location: values.location.trim(),
          groups: splitGroups(values.groups),
          note: values.note.trim(),
          ...screenHeights(values),
          version,
        },
      });
      onSaved(data, message);
    } catch (error) {
      if (error instanceof ApiError && error.isConflict) {
        // Someone saved this totem meanwhile: show theirs, the user re-applies their change.
        const current = error.data as KioskProfile;
        setValues(valuesOf(current));
        setVersion(current.version);
      }
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={`Modifier le totem ${kiosk.name ?? kiosk.kioskId.slice(0, 8)}`}
      onCancel={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Annuler
          </button>
          <button type="submit" className="button button-primary" form={formId} disabled={busy}>
            {busy ? 'Enregistrement…' : 'Enregistrer'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <p className="muted small">
          Identifiant : <span className="mono">{kiosk.kioskId}</span> ({kiosk.devname}). Ces
          réglages s’appliquent tout de suite, sans publication.
        </p>
        {failure && <Notice tone="error">{failure}</Notice>}
        <TextField
          label={KIOSK_PROFILE_LABELS.name}
          value={values.name}
          onChange={(event) => set('name')(event.target.value)}
          error={errors.name}
          placeholder="Hall d’accueil"
          hint={`${KIOSK_NAME_MAX_LENGTH} caractères au plus.`}
          data-autofocus
        />
        <TextField
          label={KIOSK_PROFILE_LABELS.location}
          value={values.location}
          onChange={(event) => set('location')(event.target.value)}
          error={errors.location}
          placeholder="Bâtiment A, rez-de-chaussée"
        />
        <TextField
          label={KIOSK_PROFILE_LABELS.groups}
          value={values.groups}
          onChange={(event) => set('groups')(event.target.value)}
          error={errors.groups}
          placeholder="Bâtiment A, Ateliers"
          hint={`Séparés par des virgules, ${KIOSK_MAX_GROUPS} au plus.`}
        />
        <TextAreaField
          label={KIOSK_PROFILE_LABELS.note}
          value={values.note}
          onChange={(event) => set('note')(event.target.value)}
          error={errors.note}
          rows={3}
        />
        <fieldset className="screen-heights">
          <legend>Hauteur de l’écran au-dessus du sol</legend>
          <p className="muted small">
            Le mode « accessible en fauteuil » du totem place toutes ses commandes sous{' '}
            {REACH_TOP_MM.toLocaleString('fr-FR')} mm. Laissez vide pour le pied standard (écran de{' '}
            {DEFAULT_SCREEN_HEIGHTS.screenBottomMm} à {DEFAULT_SCREEN_HEIGHTS.screenTopMm} mm).
          </p>
          <div className="form-grid">
            <TextField
              label={`${KIOSK_PROFILE_LABELS.screenBottomMm} (mm)`}
              inputMode="numeric"
              value={values.screenBottomMm}
              onChange={(event) => set('screenBottomMm')(event.target.value)}
              error={errors.screenBottomMm}
              placeholder={String(DEFAULT_SCREEN_HEIGHTS.screenBottomMm)}
            />
            <TextField
              label={`${KIOSK_PROFILE_LABELS.screenTopMm} (mm)`}
              inputMode="numeric"
              value={values.screenTopMm}
              onChange={(event) => set('screenTopMm')(event.target.value)}
              error={errors.screenTopMm}
              placeholder={String(DEFAULT_SCREEN_HEIGHTS.screenTopMm)}
            />
          </div>
          <p className="muted small" aria-live="polite">
            {reachLineSentence(values)}
          </p>
        </fieldset>
      </form>
    </Dialog>
  );
}

/** Where the reach line falls on a 1080 × 1920 screen with these heights, in a sentence. */
function reachLineSentence(values: Values): string {
  const heights = screenHeights(values);
  const typed = heights.screenBottomMm !== null && heights.screenTopMm !== null;
  if (typed && Object.keys(profileErrors(values)).length > 0) return '';
  const y = reachLineY(typed ? heights : DEFAULT_SCREEN_HEIGHTS, 1920);
  if (y >= 1920) return 'Tout l’écran est au-dessus de la ligne d’atteinte : baissez l’écran.';
  if (y <= 0) return 'Tout l’écran est à portée de main.';
  return `Ligne d’atteinte à ${y} px du haut de l’écran (1080 × 1920) : en mode accessible, les commandes sont en dessous.`;
}
