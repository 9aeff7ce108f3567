/**
 * The alert template editor's form (red button and acknowledgements, decision 018): what it holds
 * (texts as typed, the duration as text), how it reads back into the API's body, checked with the
 * contract's own rules (the same French messages as the server's 400s), and the readability of
 * white text on a palette colour — the totems draw the takeover white on the template's colour
 * (decision 012).
 */
import {
  ALERT_DURATION_LIMITS,
  AlertTemplateInput,
  PALETTE,
  alertTemplateErrors,
  normalizeAlertTemplateInput,
  type AlertKind,
  type AlertTemplate,
  type PaletteColour,
} from '@plant-kiosk/contract';
import { validate, type FieldErrors } from '../../lib/api/validate';

export interface TemplateForm {
  name: string;
  kind: AlertKind;
  titleFr: string;
  titleEn: string;
  instructionsFr: string;
  instructionsEn: string;
  pictogram: string;
  colour: string;
  /** A media library value, '' for none. */
  image: string;
  endTextFr: string;
  endTextEn: string;
  maxDurationMinutes: string;
}

export const toForm = (template: AlertTemplate | null): TemplateForm => ({
  name: template?.name ?? '',
  kind: template?.kind ?? 'evacuation',
  titleFr: template?.titleFr ?? '',
  titleEn: template?.titleEn ?? '',
  instructionsFr: template?.instructionsFr ?? '',
  instructionsEn: template?.instructionsEn ?? '',
  pictogram: template?.pictogram ?? 'evacuation',
  colour: template?.colour ?? 'rouge',
  image: template?.image ?? '',
  endTextFr: template?.endTextFr ?? '',
  endTextEn: template?.endTextEn ?? '',
  maxDurationMinutes: String(template?.maxDurationMinutes ?? ALERT_DURATION_LIMITS.default),
});

/** The body the form describes, or the French message of each wrong field. */
export function readForm(
  form: TemplateForm,
): { input: AlertTemplateInput; errors: null } | { input: null; errors: FieldErrors } {
  const input = normalizeAlertTemplateInput({
    ...form,
    image: form.image === '' ? null : form.image,
    maxDurationMinutes: /^\s*\d+\s*$/.test(form.maxDurationMinutes)
      ? Number(form.maxDurationMinutes)
      : Number.NaN,
  });
  const errors: FieldErrors = {
    ...(Number.isNaN(input.maxDurationMinutes) ? {} : validate(AlertTemplateInput, input)),
    ...alertTemplateErrors(input),
  };
  return Object.keys(errors).length === 0 ? { input, errors: null } : { input: null, errors };
}

/** "2 h", "1 j 12 h", "45 min": a duration in minutes, for people. */
export function formatMinutes(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [days ? `${days} j` : '', hours ? `${hours} h` : '', rest ? `${rest} min` : ''];
  return parts.filter(Boolean).join(' ') || '0 min';
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of white text on a palette colour (WCAG 2). */
export function whiteContrast(colour: PaletteColour): number {
  return 1.05 / (luminance(PALETTE[colour]) + 0.05);
}

/** Below this, white text on the colour is hard to read from a few metres (WCAG AA, 4.5:1). */
export const READABLE_CONTRAST = 4.5;
