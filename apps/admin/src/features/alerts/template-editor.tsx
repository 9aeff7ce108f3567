/**
 * One alert template's editor (red button and acknowledgements, decision 018): the French and
 * English texts side by side (stacked on a phone), the pictogram and the colour chosen among the
 * totems' own (each shown as it is drawn), an image from the media library, the end-of-alert texts,
 * the maximum duration, and a preview of the totems' takeover — the kiosk's own drawing
 * (@plant-kiosk/ui's AlertTakeover) in small, in force, in a drill or ended. Saves go to the draft; the server's
 * refusals are shown as it words them, and a version conflict shows the template as now saved
 * before anything is overwritten.
 */
import {
  ALERT_DURATION_LIMITS,
  ALERT_KINDS,
  ALERT_KIND_LABELS,
  ALERT_PICTOGRAMS,
  ALERT_PICTOGRAM_LABELS,
  ALERT_TEMPLATE_LABELS,
  PALETTE,
  PALETTE_LABELS,
  type AdminAlertTemplate,
  type AlertPictogram,
  type PaletteColour,
} from '@plant-kiosk/contract';
import { AlertPictogramIcon, AlertTakeover, AlertTakeoverFrame } from '@plant-kiosk/ui';
import { useState } from 'react';
import { ConflictNotice } from '../../components/conflict-notice';
import { Dialog } from '../../components/dialog';
import { SelectField, TextAreaField, TextField } from '../../components/field';
import { MediaPicker } from '../../components/media-picker';
import { FormScaffold } from '../../components/form-scaffold';
import { Notice, type Feedback } from '../../components/notice';
import { mediaUrl } from '../../lib/media-url';
import { ApiError, callWithMessage, errorMessage } from '../../lib/api/client';
import type { FieldErrors } from '../../lib/api/validate';
import { draftWrite } from '../../lib/draft-events';
import {
  READABLE_CONTRAST,
  formatMinutes,
  readForm,
  toForm,
  whiteContrast,
  type TemplateForm,
} from './template-form';

const COLOURS = Object.keys(PALETTE) as PaletteColour[];
const isPictogram = (name: string): name is AlertPictogram =>
  (ALERT_PICTOGRAMS as readonly string[]).includes(name);
const isColour = (name: string): name is PaletteColour => name in PALETTE;

const fileName = (value: string) => decodeURIComponent(value.split('/').pop() ?? value);

export function TemplateEditor({
  devid,
  template,
  onSaved,
  onDeleted,
}: {
  devid: number;
  /** null: a new template. */
  template: AdminAlertTemplate | null;
  onSaved: (saved: AdminAlertTemplate, message: string) => void;
  onDeleted: (message: string) => void;
}) {
  const [form, setForm] = useState<TemplateForm>(() => toForm(template));
  const [version, setVersion] = useState(template?.version ?? 0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [conflict, setConflict] = useState<AdminAlertTemplate | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof TemplateForm>(key: K, value: TemplateForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.isConflict) {
      setConflict(error.data as AdminAlertTemplate);
      setFeedback(null);
      return;
    }
    setFeedback({ tone: 'error', text: errorMessage(error) });
  };

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
      const { data, message } = await draftWrite(
        template
          ? callWithMessage('adminUpdateAlertTemplate', {
              params: { devid, templateid: template.templateid },
              body: { ...read.input, expectedVersion: version },
            })
          : callWithMessage('adminCreateAlertTemplate', { params: { devid }, body: read.input }),
      );
      setForm(toForm(data));
      setVersion(data.version);
      setConflict(null);
      setFeedback({ tone: 'success', text: message });
      onSaved(data, message);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!template) return;
    setBusy(true);
    try {
      const { message } = await draftWrite(
        callWithMessage('adminDeleteAlertTemplate', {
          params: { devid, templateid: template.templateid },
          query: { expectedVersion: version },
        }),
      );
      setConfirmDelete(false);
      onDeleted(message);
    } catch (error) {
      setConfirmDelete(false);
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const colour: PaletteColour = isColour(form.colour) ? form.colour : 'rouge';
  const contrast = whiteContrast(colour);
  const minutes = Number(form.maxDurationMinutes);

  const languageColumn = (lang: 'fr' | 'en') => {
    const suffix = lang === 'fr' ? 'Fr' : 'En';
    const title = `title${suffix}` as const;
    const instructions = `instructions${suffix}` as const;
    const endText = `endText${suffix}` as const;
    return (
      <fieldset className="template-language" lang={lang}>
        <legend>{lang === 'fr' ? 'Français' : 'English (anglais)'}</legend>
        <TextField
          label={ALERT_TEMPLATE_LABELS[title]}
          value={form[title]}
          onChange={(event) => set(title, event.target.value)}
          error={errors[title]}
          required={lang === 'fr'}
          maxLength={200}
          hint={lang === 'fr' ? 'Obligatoire.' : 'Vide : le totem ne montre que le français.'}
        />
        <TextAreaField
          label={ALERT_TEMPLATE_LABELS[instructions]}
          rows={5}
          value={form[instructions]}
          onChange={(event) => set(instructions, event.target.value)}
          error={errors[instructions]}
          maxLength={4000}
        />
        <TextAreaField
          label={ALERT_TEMPLATE_LABELS[endText]}
          rows={2}
          value={form[endText]}
          onChange={(event) => set(endText, event.target.value)}
          error={errors[endText]}
          maxLength={1000}
          hint={`Montré 30 s à la fin de l’alerte. Vide : « ${lang === 'fr' ? 'Fin de l’alerte' : 'All clear'} ».`}
        />
      </fieldset>
    );
  };

  return (
    <>
      <FormScaffold
        className="template-editor"
        onSubmit={submit}
        submitLabel={template ? 'Enregistrer' : 'Créer le modèle'}
        busy={busy}
        feedback={feedback}
        onCloseFeedback={() => setFeedback(null)}
        actions={
          template && (
            <button
              type="button"
              className="button button-danger-outline"
              disabled={busy}
              onClick={() => setConfirmDelete(true)}
            >
              Supprimer ce modèle
            </button>
          )
        }
        conflict={
          conflict && (
            <ConflictNotice
              current={[
                { label: ALERT_TEMPLATE_LABELS.name, value: conflict.name },
                { label: ALERT_TEMPLATE_LABELS.titleFr, value: conflict.titleFr },
                { label: ALERT_TEMPLATE_LABELS.titleEn, value: conflict.titleEn },
                {
                  label: ALERT_TEMPLATE_LABELS.pictogram,
                  value: ALERT_PICTOGRAM_LABELS[conflict.pictogram],
                },
                { label: ALERT_TEMPLATE_LABELS.colour, value: PALETTE_LABELS[conflict.colour] },
                {
                  label: ALERT_TEMPLATE_LABELS.maxDurationMinutes,
                  value: formatMinutes(conflict.maxDurationMinutes),
                },
              ]}
              onReload={() => {
                setForm(toForm(conflict));
                setVersion(conflict.version);
                setConflict(null);
                setErrors({});
              }}
              onDismiss={() => {
                setVersion(conflict.version);
                setConflict(null);
              }}
            />
          )
        }
      >
        {template?.inUse && (
          <Notice tone="warning">
            C’est le modèle de l’alerte en cours : il ne peut pas être supprimé avant la fin de
            l’alerte. Une modification n’atteint les totems qu’à la prochaine publication.
          </Notice>
        )}

        <section className="card stack" aria-labelledby="template-general">
          <h2 id="template-general">Modèle</h2>
          <div className="form-grid">
            <TextField
              label={ALERT_TEMPLATE_LABELS.name}
              value={form.name}
              onChange={(event) => set('name', event.target.value)}
              error={errors.name}
              required
              maxLength={80}
              hint="Ce que choisit la personne qui déclenche, et le nom qu’une centrale d’alarme envoie."
            />
            <SelectField
              label={ALERT_TEMPLATE_LABELS.kind}
              value={form.kind}
              onChange={(event) => set('kind', event.target.value as TemplateForm['kind'])}
              error={errors.kind}
              options={ALERT_KINDS.map((kind) => ({ value: kind, label: ALERT_KIND_LABELS[kind] }))}
            />
            <TextField
              label={`${ALERT_TEMPLATE_LABELS.maxDurationMinutes} (minutes)`}
              inputMode="numeric"
              value={form.maxDurationMinutes}
              onChange={(event) => set('maxDurationMinutes', event.target.value)}
              error={errors.maxDurationMinutes}
              hint={`${Number.isInteger(minutes) && minutes > 0 ? `${formatMinutes(minutes)}. ` : ''}Un totem qui n’entend pas la fin termine l’alerte seul après ce délai. Entre ${ALERT_DURATION_LIMITS.min} et ${ALERT_DURATION_LIMITS.max.toLocaleString('fr-FR')} (7 jours).`}
            />
          </div>
        </section>

        <section className="card stack" aria-labelledby="template-texts">
          <h2 id="template-texts">Textes — FR / EN</h2>
          <p className="muted">Les totems montrent les deux langues ensemble.</p>
          <div className="template-languages">
            {languageColumn('fr')}
            {languageColumn('en')}
          </div>
        </section>

        <section className="card stack" aria-labelledby="template-look">
          <h2 id="template-look">Apparence</h2>
          <fieldset
            className="template-choices"
            aria-describedby={errors.pictogram ? 'template-pictogram-error' : undefined}
          >
            <legend>{ALERT_TEMPLATE_LABELS.pictogram}</legend>
            <div className="template-choice-grid">
              {ALERT_PICTOGRAMS.map((name) => (
                <label key={name} className="template-choice">
                  <input
                    type="radio"
                    name="pictogram"
                    value={name}
                    checked={form.pictogram === name}
                    onChange={() => set('pictogram', name)}
                  />
                  <AlertPictogramIcon name={name} className="template-choice-pictogram" />
                  <span>{ALERT_PICTOGRAM_LABELS[name]}</span>
                </label>
              ))}
            </div>
            {errors.pictogram && (
              <p className="field-error" id="template-pictogram-error">
                {errors.pictogram}
              </p>
            )}
          </fieldset>
          <fieldset className="template-choices" aria-describedby="template-colour-hint">
            <legend>{ALERT_TEMPLATE_LABELS.colour}</legend>
            <div className="template-choice-grid">
              {COLOURS.map((name) => (
                <label key={name} className="template-choice">
                  <input
                    type="radio"
                    name="colour"
                    value={name}
                    checked={form.colour === name}
                    onChange={() => set('colour', name)}
                  />
                  <span
                    className="template-swatch"
                    style={{ background: PALETTE[name] }}
                    aria-hidden="true"
                  />
                  <span>{PALETTE_LABELS[name]}</span>
                </label>
              ))}
            </div>
            <p
              id="template-colour-hint"
              className={contrast < READABLE_CONTRAST ? 'field-error' : 'field-hint'}
            >
              {contrast < READABLE_CONTRAST
                ? `Le texte des totems est blanc : sur « ${PALETTE_LABELS[colour]} » il est peu lisible (contraste ${contrast.toLocaleString('fr-FR', { maximumFractionDigits: 1 })}:1). Préférez Rouge ou Gris foncé.`
                : `Texte blanc sur « ${PALETTE_LABELS[colour]} » : contraste ${contrast.toLocaleString('fr-FR', { maximumFractionDigits: 1 })}:1.`}
            </p>
            {errors.colour && <p className="field-error">{errors.colour}</p>}
          </fieldset>
          <fieldset className="template-choices">
            <legend>{ALERT_TEMPLATE_LABELS.image} (facultative)</legend>
            {form.image ? (
              <p className="template-image">
                <img src={mediaUrl(form.image)} alt="" />
                <span>{fileName(form.image)}</span>
              </p>
            ) : (
              <p className="muted">
                Aucune image (par exemple le plan des points de rassemblement).
              </p>
            )}
            <div className="inline-actions">
              <MediaPicker kind="image" onPick={(value) => set('image', value)} />
              {form.image && (
                <button type="button" className="button" onClick={() => set('image', '')}>
                  Retirer l’image
                </button>
              )}
            </div>
            {errors.image && <p className="field-error">{errors.image}</p>}
          </fieldset>
        </section>

        <section className="card stack" aria-labelledby="template-preview">
          <h2 id="template-preview">Aperçu sur les totems</h2>
          <TakeoverPreview form={form} colour={colour} />
        </section>
      </FormScaffold>

      {confirmDelete && template && (
        <Dialog
          title={`Supprimer le modèle « ${template.name} » ?`}
          onCancel={() => setConfirmDelete(false)}
          actions={
            <>
              <button type="button" className="button" onClick={() => setConfirmDelete(false)}>
                Annuler
              </button>
              <button
                type="button"
                className="button button-danger"
                disabled={busy}
                onClick={() => void remove()}
              >
                Supprimer
              </button>
            </>
          }
        >
          <p>
            Il est retiré du brouillon ; les totems le gardent jusqu’à la prochaine publication.
          </p>
        </Dialog>
      )}
    </>
  );
}

/** Which of the totems' screens the preview shows. */
type PreviewState = 'alert' | 'drill' | 'ended';
const PREVIEW_STATES: { value: PreviewState; label: string }[] = [
  { value: 'alert', label: 'En cours' },
  { value: 'drill', label: 'Exercice' },
  { value: 'ended', label: 'Fin' },
];
/**
 * The preview's start time: an example (a template has no alert), so that the line the totems show
 * at the bottom takes its place here too, and the image its remaining height.
 */
const EXAMPLE_START = { at: '10:00', elapsed: '1 min 05 s' };

/**
 * The totems' takeover in small: the kiosk's own drawing (@plant-kiosk/ui) at the totem's 1080 ×
 * 1920, scaled down, from the form as typed — in force, in a drill, or the end screen.
 */
function TakeoverPreview({ form, colour }: { form: TemplateForm; colour: PaletteColour }) {
  const [state, setState] = useState<PreviewState>('alert');
  const pictogram = isPictogram(form.pictogram) ? form.pictogram : 'warning';
  const blank = (text: string) => (text.trim() === '' ? null : text);
  return (
    <div className="template-takeover">
      <fieldset className="template-choices">
        <legend>Écran montré</legend>
        <div className="template-choice-grid">
          {PREVIEW_STATES.map(({ value, label }) => (
            <label key={value} className="template-choice">
              <input
                type="radio"
                name="preview-state"
                value={value}
                checked={state === value}
                onChange={() => setState(value)}
              />
              <span>{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <AlertTakeoverFrame className="template-takeover-frame">
        <AlertTakeover
          data-testid="template-preview"
          colour={colour}
          drill={state === 'drill'}
          headingLevel={3}
          screen={
            state === 'ended'
              ? {
                  state: 'ended',
                  endTextFr: blank(form.endTextFr),
                  endTextEn: blank(form.endTextEn),
                }
              : {
                  state: 'alert',
                  content: {
                    titleFr: form.titleFr || 'Titre en français',
                    titleEn: form.titleEn,
                    instructionsFr: form.instructionsFr,
                    instructionsEn: form.instructionsEn,
                    pictogram,
                    imageUrl: form.image ? mediaUrl(form.image) : null,
                    started: EXAMPLE_START,
                  },
                }
          }
        />
      </AlertTakeoverFrame>
    </div>
  );
}
