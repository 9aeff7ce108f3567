/**
 * The words of a health notice (issue 48, part 2): its subject and its text in French, for the
 * e-mail and the webhook alike. The subject names the totem by its fleet name (its id without
 * one) and how long the condition has held: « Totem « Hall d'accueil » silencieux depuis 20 min »;
 * the clear says « Rétabli : … ». The text adds the development, the totem's name, place and id,
 * since when (on the plant's clock) and the back-office page to look at.
 */
import {
  HEALTH_RULE_LABELS,
  formatPlantInstant,
  type HealthRuleKind,
  type HealthRulesRequest,
} from '@plant-kiosk/contract';

export interface NoticeFacts {
  rule: HealthRuleKind;
  state: 'raised' | 'cleared';
  devid: number;
  devname: string;
  kioskId: string | null;
  kioskName: string | null;
  kioskLocation: string | null;
  /** Since when the condition holds (the totem's last sign, the publish, the alert's start…). */
  since: Date;
  at: Date;
  timeZone: string;
  rules: HealthRulesRequest;
  /** The storage figure, for `storage-full`. */
  storagePercent?: number | null;
}

/** « 45 s », « 20 min », « 2 h 10 min », « 3 j 4 h ». */
export function frenchDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} j ${hours % 24} h` : `${days} j`;
}

/** The back-office page of a totem (the fleet's), or of the health page for the development. */
export const backOfficePath = (devid: number, kioskId: string | null): string =>
  kioskId === null ? `/admin/#/sante` : `/admin/#/parc/${devid}/${encodeURIComponent(kioskId)}`;

function subjectOf(facts: NoticeFacts): string {
  const totem = `« ${facts.kioskName ?? facts.kioskId ?? ''} »`;
  const lasting = frenchDuration(facts.at.getTime() - facts.since.getTime());
  if (facts.state === 'raised') {
    switch (facts.rule) {
      case 'silent':
        return `Totem ${totem} silencieux depuis ${lasting}`;
      case 'behind':
        return `Totem ${totem} en retard sur la publication depuis ${lasting}`;
      case 'media-incomplete':
        return `Totem ${totem} : médias incomplets depuis ${lasting}`;
      case 'storage-full':
        return `Totem ${totem} : stockage local plein à ${facts.storagePercent ?? '?'} %`;
      case 'schedule-held':
        return `Publication programmée retenue sur « ${facts.devname} »`;
      case 'alert-unacknowledged':
        return `Totem ${totem} : alerte non confirmée depuis ${lasting}`;
    }
  }
  switch (facts.rule) {
    case 'silent':
      return `Rétabli : totem ${totem} de nouveau en contact`;
    case 'behind':
      return `Rétabli : totem ${totem} à jour`;
    case 'media-incomplete':
      return `Rétabli : totem ${totem}, médias complets`;
    case 'storage-full':
      return `Rétabli : totem ${totem}, stockage local sous le seuil`;
    case 'schedule-held':
      return `Rétabli : plus de publication programmée retenue sur « ${facts.devname} »`;
    case 'alert-unacknowledged':
      return `Rétabli : totem ${totem}, alerte confirmée ou terminée`;
  }
}

/** What the rule watches, with the plant's threshold. */
function ruleLine(facts: NoticeFacts): string {
  const threshold = facts.rules.rules[facts.rule].threshold;
  const label = HEALTH_RULE_LABELS[facts.rule];
  switch (facts.rule) {
    case 'silent':
      return `${label} : aucune nouvelle depuis plus de ${threshold} min (pendant les heures d’ouverture).`;
    case 'behind':
      return `${label} : toujours sur une révision plus ancienne ${threshold} min après une publication.`;
    case 'media-incomplete':
      return `${label} : médias encore incomplets après ${threshold} min.`;
    case 'storage-full':
      return `${label} : stockage local rempli à ${threshold} % ou plus.`;
    case 'schedule-held':
      return `${label} : son heure est passée sans qu’elle parte ; elle attend une décision dans le back-office.`;
    case 'alert-unacknowledged':
      return `${label} : pas de confirmation d’affichage ${threshold} s après le début de l’alerte.`;
  }
}

export function noticeWords(facts: NoticeFacts): { subject: string; text: string } {
  const subject = subjectOf(facts);
  const when = (instant: Date) => formatPlantInstant(instant, facts.timeZone, facts.at);
  const lines = [subject, '', `Développement : ${facts.devname}`];
  if (facts.kioskId !== null) {
    lines.push(
      `Totem : ${facts.kioskName ?? '(sans nom)'} — ${facts.kioskLocation ?? 'emplacement non renseigné'} — identifiant ${facts.kioskId}`,
    );
  }
  lines.push(ruleLine(facts));
  lines.push(`Depuis : ${when(facts.since)}`);
  if (facts.state === 'cleared') lines.push(`Rétabli : ${when(facts.at)}`);
  else if (facts.kioskId !== null)
    lines.push(
      'Travaux prévus ? « Mettre en sourdine… » sur la page du totem suspend ces messages quelques heures.',
    );
  lines.push(`Voir dans le back-office : ${backOfficePath(facts.devid, facts.kioskId)}`);
  return { subject, text: lines.join('\n') };
}
