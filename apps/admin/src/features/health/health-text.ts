/** The words of the « Santé des totems » page (issue 48, part 2): units, states, explanations. */
import {
  HEALTH_RULE_LABELS,
  HEALTH_RULE_THRESHOLDS,
  type HealthIncident,
  type HealthIncidentState,
  type HealthRuleKind,
} from '@plant-kiosk/contract';

export const UNIT_LABELS = { minutes: 'min', percent: '%', seconds: 's', none: '' } as const;

/** What each rule watches, under its name. */
export const RULE_HINTS: Record<HealthRuleKind, string> = {
  silent: 'Aucune nouvelle du totem depuis ce délai, pendant les heures d’ouverture.',
  behind: 'Le totem affiche encore une révision plus ancienne ce délai après une publication.',
  'media-incomplete': 'Les médias du totem sont encore incomplets après ce délai.',
  'storage-full': 'Le stockage local du totem est rempli à ce pourcentage ou plus.',
  'schedule-held':
    'Une publication programmée n’est pas partie à son heure et attend une décision.',
  'alert-unacknowledged':
    'Un totem en ligne n’a pas confirmé l’affichage de l’alerte ce délai après son début.',
};

export const STATE_LABELS: Record<HealthIncidentState, string> = {
  pending: 'En observation',
  raised: 'En cours',
  clearing: 'En voie de rétablissement',
  cleared: 'Rétabli',
};

export const STATE_BADGES: Record<HealthIncidentState, string> = {
  pending: 'badge-muted',
  raised: 'badge-flag',
  clearing: 'badge-warn',
  cleared: 'badge-ok',
};

/** « 1 à 1440 min » */
export function boundsText(kind: HealthRuleKind): string {
  const bounds = HEALTH_RULE_THRESHOLDS[kind];
  return `${bounds.min} à ${bounds.max} ${UNIT_LABELS[bounds.unit]}`;
}

/** The incident's subject: the totem (name, else its id's start) or the development. */
export function incidentTarget(incident: HealthIncident): string {
  if (incident.kioskId === null) return 'Tout le développement';
  return incident.kioskName ?? `Totem ${incident.kioskId.slice(0, 8)}`;
}

export const ruleLabel = (rule: HealthRuleKind): string => HEALTH_RULE_LABELS[rule];
