/**
 * A health message (issue 48, part 2): what the server tells the plant's IT when something goes
 * wrong with its totems — and again when it is over. The health rules (the `health` domain) raise
 * and clear incidents; the notifications (the `notifications` domain) deliver each notice where IT
 * looks: a signed webhook (this object is its JSON body) and e-mail (its `subject` and `text`).
 *
 * One notice per incident raised, one when it clears, never one per check: the rules keep a quiet
 * period before raising and before clearing, so a totem that flaps says nothing new.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDate } from './entities.js';

export const HEALTH_RULE_KINDS = [
  /** No sign of a totem for N minutes (within the opening hours). */
  'silent',
  /** A totem still shows an older revision N minutes after a publish. */
  'behind',
  /** A totem's media still incomplete after N minutes. */
  'media-incomplete',
  /** A totem's local storage nearly full (N %). */
  'storage-full',
  /** A scheduled publication held (its time passed while the server was down too long). */
  'schedule-held',
  /** An alert not acknowledged by some totems within N seconds. */
  'alert-unacknowledged',
] as const;
export type HealthRuleKind = (typeof HEALTH_RULE_KINDS)[number];
export const HealthRuleKind = Type.Union(HEALTH_RULE_KINDS.map((kind) => Type.Literal(kind)));

/** French names of the rules, for the back-office and the messages. */
export const HEALTH_RULE_LABELS: Record<HealthRuleKind, string> = {
  silent: 'Totem silencieux',
  behind: 'Totem en retard sur la publication',
  'media-incomplete': 'Médias incomplets',
  'storage-full': 'Stockage local presque plein',
  'schedule-held': 'Publication programmée retenue',
  'alert-unacknowledged': 'Alerte non confirmée',
};

export const HealthNotice = Type.Object({
  /** The notice's own id (a delivery retried carries the same). */
  noticeId: Type.String(),
  /** The incident it belongs to: its raise and its clear share it. */
  incidentId: Id,
  state: Type.Union([Type.Literal('raised'), Type.Literal('cleared')]),
  rule: HealthRuleKind,
  devid: Id,
  devname: Type.String(),
  /** The totem concerned (null for a development-wide incident: a held publication). */
  kioskId: Type.Union([Type.String(), Type.Null()]),
  /** Its fleet name, when it has one. */
  kioskName: Type.Union([Type.String(), Type.Null()]),
  /** One line in French: « Totem « Hall d'accueil » silencieux depuis 20 min ». */
  subject: Type.String(),
  /** A few lines in French: what, since when, what to do, where to look. */
  text: Type.String(),
  /** When the incident was raised (a clear carries its raise's time too). */
  raisedAt: IsoDate,
  /** When it cleared (null for a raise). */
  clearedAt: Type.Union([IsoDate, Type.Null()]),
  /** When this notice was made. */
  at: IsoDate,
});
export type HealthNotice = Static<typeof HealthNotice>;
