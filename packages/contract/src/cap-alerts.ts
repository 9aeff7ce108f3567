/**
 * CAP 1.2 (the OASIS Common Alerting Protocol) at the alert API's door (issue 50, decision 044):
 * what a fire panel, a building management system or a mass-notification platform sends to
 * `POST /api/alerts/:devid/cap`, and what it reads back. The document itself is XML (parsed and
 * checked by the server); what is here is the JSON side — the acknowledgement list, the mapping
 * from a CAP `event` or `eventCode` to a template that the back-office edits — and the constants a
 * sender may rely on.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDate } from './entities.js';
import { nameKey } from './look-alike-names.js';
import { adminRelative } from './route-table.js';

/** The CAP 1.2 namespace: a document in another (CAP 1.1, none) is refused. */
export const CAP_NAMESPACE = 'urn:oasis:names:tc:emergency:cap:1.2';

/** The media types the CAP call accepts (`application/cap+xml` is CAP's own, RFC 6838 style). */
export const CAP_MEDIA_TYPES = ['application/cap+xml', 'application/xml', 'text/xml'] as const;

/** The largest CAP document accepted: a real one is a few KiB; this leaves room for embedded resources' descriptions. */
export const CAP_MAX_BYTES = 256 * 1024;

/** `status` of a CAP message. */
export const CAP_STATUSES = ['Actual', 'Exercise', 'System', 'Test', 'Draft'] as const;
export type CapStatus = (typeof CAP_STATUSES)[number];

/** `msgType` of a CAP message. */
export const CAP_MSG_TYPES = ['Alert', 'Update', 'Cancel', 'Ack', 'Error'] as const;
export type CapMsgType = (typeof CAP_MSG_TYPES)[number];

/** What the server did with a CAP message it accepted (kept, and answered again to a duplicate). */
export const CapOutcome = Type.Union([
  /** Started an alert (a real one, or a drill). */
  Type.Literal('started'),
  /** Replaced the alert in force (an `Update`, or an `Alert` whose `references` names it). */
  Type.Literal('replaced'),
  /** Ended the alert in force (a `Cancel` that references it). */
  Type.Literal('ended'),
  /** The same alert was already in force, or a `Cancel` of one already over: nothing changed. */
  Type.Literal('unchanged'),
  /** Recorded and answered, nothing shown (`Test`, `System`, `Ack`, `Error`). */
  Type.Literal('recorded'),
]);
export type CapOutcome = Static<typeof CapOutcome>;

export const CapAcksQuery = Type.Object(
  {
    sender: Type.String({ minLength: 1, maxLength: 500 }),
    identifier: Type.String({ minLength: 1, maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type CapAcksQuery = Static<typeof CapAcksQuery>;

/** One totem that showed the alert a CAP message started. */
export const CapAck = Type.Object({
  kioskId: Type.String(),
  /** Its name and place in the fleet (null when not set). */
  name: Type.Union([Type.String(), Type.Null()]),
  location: Type.Union([Type.String(), Type.Null()]),
  /** When the takeover was painted, by the totem's clock. */
  displayedAt: IsoDate,
  /** When the server received the acknowledgement. */
  ackedAt: IsoDate,
  /** From the alert's arrival on the totem to the takeover painted. */
  takeoverMs: Type.Integer({ minimum: 0 }),
  /** Acknowledged after the alert had ended (a totem that was offline). */
  afterEnd: Type.Boolean(),
});
export type CapAck = Static<typeof CapAck>;

export const CapAcks = Type.Object({
  sender: Type.String(),
  identifier: Type.String(),
  status: Type.String(),
  msgType: Type.String(),
  outcome: CapOutcome,
  receivedAt: IsoDate,
  /** The alert the message started or changed (null: it showed nothing). */
  alertid: Type.Union([Id, Type.Null()]),
  /** Whether that alert is still in force. */
  inForce: Type.Boolean(),
  startedAt: Type.Union([IsoDate, Type.Null()]),
  endedAt: Type.Union([IsoDate, Type.Null()]),
  /** The totems that showed it, first acknowledgement first. */
  acks: Type.Array(CapAck),
});
export type CapAcks = Static<typeof CapAcks>;

// ---------- the mapping from CAP to templates (edited in the back-office) ----------

/**
 * One rule: a CAP `event` (compared as template names are: case, accents' Unicode form and
 * invisible characters aside) or an `eventCode` (`valueName` and `value`, exact) → a template.
 */
export const CapMappingRule = Type.Object(
  {
    match: Type.Union([Type.Literal('event'), Type.Literal('eventCode')]),
    /** For `eventCode`: the code's `valueName` (e.g. "SAME", "profile:BMS"). */
    valueName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    /** The `event` text, or the `eventCode`'s `value`. */
    value: Type.String({ minLength: 1, maxLength: 200 }),
    templateid: Id,
  },
  { additionalProperties: false },
);
export type CapMappingRule = Static<typeof CapMappingRule>;

/** A rule as the back-office reads it: with its template's name and whether the totems have it. */
export const CapMappingRuleView = Type.Object({
  ...CapMappingRule.properties,
  /** The template's name in the draft (null: deleted since the rule was saved). */
  templateName: Type.Union([Type.String(), Type.Null()]),
  /**
   * Whether the template is published: a CAP message only ever shows a published template, so a
   * rule whose template is not published yet (or deleted) matches nothing until it is.
   */
  published: Type.Boolean(),
});
export type CapMappingRuleView = Static<typeof CapMappingRuleView>;

export const CapMapping = Type.Object({
  rules: Type.Array(CapMappingRuleView, { maxItems: 200 }),
  /** When and by whom it was last changed (null: never). */
  updatedAt: Type.Union([IsoDate, Type.Null()]),
  updatedBy: Type.Union([Type.String(), Type.Null()]),
});
export type CapMapping = Static<typeof CapMapping>;

export const CapMappingUpdate = Type.Object(
  {
    rules: Type.Array(CapMappingRule, { maxItems: 200 }),
    /**
     * The `updatedAt` the form was read with (null: never saved): when another admin saved since,
     * 409 with the mapping as it is now, rather than silently overwriting their rules.
     */
    expectedUpdatedAt: Type.Optional(Type.Union([IsoDate, Type.Null()])),
  },
  { additionalProperties: false },
);
export type CapMappingUpdate = Static<typeof CapMappingUpdate>;

/** The audit action of a change of the mapping (its summary: the rules before and after). */
export const CAP_MAPPING_AUDIT_ACTION = 'cap.mapping.update';

/**
 * What makes two rules the same rule: an `event` compared as template names are (`nameKey`), an
 * `eventCode` by its `valueName` (absent: any) and `value`, exactly. Two rules of one key would
 * leave the second one dead, or worse make the admin believe it applies: refused.
 */
export function capRuleKey(rule: Pick<CapMappingRule, 'match' | 'valueName' | 'value'>): string {
  return rule.match === 'event'
    ? `event\u0000${nameKey(rule.value)}`
    : `eventCode\u0000${rule.valueName?.trim() ?? ''}\u0000${rule.value.trim()}`;
}

/** How a rule reads in a French message: « Évacuation » (événement), SAME « FRW » (code). */
export function capRuleLabel(rule: Pick<CapMappingRule, 'match' | 'valueName' | 'value'>): string {
  if (rule.match === 'event') return `l’événement « ${rule.value.trim()} »`;
  const name = rule.valueName?.trim();
  return name
    ? `le code d’événement ${name} = « ${rule.value.trim()} »`
    : `le code d’événement « ${rule.value.trim()} » (tout valueName)`;
}

export const adminCapMappingRoutePatterns = {
  mapping: adminRelative('adminCapMapping'),
} as const;
