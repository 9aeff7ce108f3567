/**
 * Reading a CAP 1.2 document (issue 50, decision 044): from the bytes a building system sent to the
 * typed message the CAP service acts on, or a refusal that says why.
 *
 * Safe by construction: the XML is read by saxes (a strict, namespace-aware, non-validating parser
 * that never fetches anything), and any document type declaration is refused before its first
 * declaration is read — CAP never has one, and a DTD is how XXE and "billion laughs" documents
 * work. An entity reference the document did not get from XML itself (`&xxe;`) is an error of the
 * parser. The size is bounded before this runs (the route's body limit).
 *
 * The document is then checked against the CAP 1.2 schema's rules, as its XSD states them: the
 * elements of `alert`, `info`, `eventCode`, `parameter`, `resource` and `area` in their order and
 * number, the enumerations, the times (`YYYY-MM-DDThh:mm:ss±hh:mm`: an offset always, never "Z"),
 * no unknown element in the CAP namespace, and XML signature or encryption elements allowed at the
 * end of `alert` (ignored); plus the CAP specification's rules the XSD cannot say and this service
 * relies on — `sender` and `identifier` free of spaces, commas, `<` and `&`, and `references` a
 * list of `sender,identifier,sent` triples.
 */
import {
  CAP_MSG_TYPES,
  CAP_NAMESPACE,
  CAP_STATUSES,
  type CapMsgType,
  type CapStatus,
} from '@plant-kiosk/contract';
import { SaxesParser } from 'saxes';

/** A message's key and time, as `references` names it. */
export interface CapReference {
  sender: string;
  identifier: string;
  sent: string;
}

export interface CapEventCode {
  valueName: string;
  value: string;
}

/** What the service reads of an `info` block. */
export interface CapInfo {
  /** RFC 3066 code; CAP's default is en-US. */
  language: string;
  event: string;
  eventCodes: CapEventCode[];
  expires: string | null;
  senderName: string | null;
  headline: string | null;
  description: string | null;
  instruction: string | null;
}

export interface CapMessage extends CapReference {
  status: CapStatus;
  msgType: CapMsgType;
  scope: string;
  note: string | null;
  references: CapReference[];
  infos: CapInfo[];
}

/**
 * A document refused. `cap` is set when the document is a CAP `alert` (well-formed, no DTD, its
 * root named `alert`): the answer is then a CAP `Error`, carrying what could be read of the
 * message's key; otherwise the JSON envelope.
 */
export class CapRefusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 422,
    message: string,
    readonly cap: Partial<CapReference> & { status?: string } = {},
    readonly isCap = true,
  ) {
    super(message);
    this.name = 'CapRefusal';
  }
}

// ---------- XML → a small tree ----------

interface XmlElement {
  uri: string;
  local: string;
  children: XmlElement[];
  text: string;
}

const XMLDSIG = 'http://www.w3.org/2000/09/xmldsig#';
const XMLENC = 'http://www.w3.org/2001/04/xmlenc#';

/** Parses the XML; refuses a DTD and anything not well-formed (not a CAP document: JSON answer). */
function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let refusal: string | null = null;
  parser.on('doctype', () => {
    refusal =
      'A document type declaration (<!DOCTYPE …>) is refused: CAP 1.2 never has one, and it is how external-entity and entity-expansion attacks work';
    throw new Error(refusal);
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = { uri: tag.uri, local: tag.local, children: [], text: '' };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  const addText = (text: string) => {
    const top = stack[stack.length - 1];
    if (top) top.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    stack.pop();
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    throw new CapRefusal(
      400,
      refusal ?? `Not well-formed XML: ${(error as Error).message}`,
      {},
      false,
    );
  }
  if (!root) throw new CapRefusal(400, 'No XML element in the body', {}, false);
  return root;
}

// ---------- the CAP 1.2 schema's rules ----------

type SimpleType =
  | { kind: 'string' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'dateTime' }
  | { kind: 'integer' }
  | { kind: 'decimal' };

interface FieldRule {
  name: string;
  min: number;
  max: number;
  type: SimpleType | { kind: 'complex'; fields: FieldRule[] };
}

const many = Number.POSITIVE_INFINITY;
const string: SimpleType = { kind: 'string' };
const dateTime: SimpleType = { kind: 'dateTime' };
const one = (name: string, type: FieldRule['type'] = string): FieldRule => ({
  name,
  min: 1,
  max: 1,
  type,
});
const opt = (name: string, type: FieldRule['type'] = string): FieldRule => ({
  name,
  min: 0,
  max: 1,
  type,
});
const any = (name: string, type: FieldRule['type'] = string): FieldRule => ({
  name,
  min: 0,
  max: many,
  type,
});
const enumOf = (values: readonly string[]): SimpleType => ({ kind: 'enum', values });
const pair = { kind: 'complex' as const, fields: [one('valueName'), one('value')] };

const INFO: FieldRule[] = [
  opt('language'),
  {
    name: 'category',
    min: 1,
    max: many,
    type: enumOf([
      'Geo',
      'Met',
      'Safety',
      'Security',
      'Rescue',
      'Fire',
      'Health',
      'Env',
      'Transport',
      'Infra',
      'CBRNE',
      'Other',
    ]),
  },
  one('event'),
  any(
    'responseType',
    enumOf([
      'Shelter',
      'Evacuate',
      'Prepare',
      'Execute',
      'Avoid',
      'Monitor',
      'Assess',
      'AllClear',
      'None',
    ]),
  ),
  one('urgency', enumOf(['Immediate', 'Expected', 'Future', 'Past', 'Unknown'])),
  one('severity', enumOf(['Extreme', 'Severe', 'Moderate', 'Minor', 'Unknown'])),
  one('certainty', enumOf(['Observed', 'Likely', 'Possible', 'Unlikely', 'Unknown'])),
  opt('audience'),
  any('eventCode', pair),
  opt('effective', dateTime),
  opt('onset', dateTime),
  opt('expires', dateTime),
  opt('senderName'),
  opt('headline'),
  opt('description'),
  opt('instruction'),
  opt('web'),
  opt('contact'),
  any('parameter', pair),
  any('resource', {
    kind: 'complex',
    fields: [
      one('resourceDesc'),
      one('mimeType'),
      opt('size', { kind: 'integer' }),
      opt('uri'),
      opt('derefUri'),
      opt('digest'),
    ],
  }),
  any('area', {
    kind: 'complex',
    fields: [
      one('areaDesc'),
      any('polygon'),
      any('circle'),
      any('geocode', pair),
      opt('altitude', { kind: 'decimal' }),
      opt('ceiling', { kind: 'decimal' }),
    ],
  }),
];

const ALERT: FieldRule[] = [
  one('identifier'),
  one('sender'),
  one('sent', dateTime),
  one('status', enumOf(CAP_STATUSES)),
  one('msgType', enumOf(CAP_MSG_TYPES)),
  opt('source'),
  one('scope', enumOf(['Public', 'Restricted', 'Private'])),
  opt('restriction'),
  opt('addresses'),
  any('code'),
  opt('note'),
  opt('references'),
  opt('incidents'),
  any('info', { kind: 'complex', fields: INFO }),
];

const CAP_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[-+]\d{2}:\d{2}$/;

/** Why a CAP time is refused, or null when it is one. */
export function capTimeProblem(value: string): string | null {
  if (CAP_TIME.test(value)) {
    return Number.isNaN(Date.parse(value)) ? 'is not a real date and time' : null;
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/.test(value))
    return 'has no time zone: CAP 1.2 times carry their offset, e.g. 2026-11-27T10:00:00+01:00';
  if (/Z$/i.test(value))
    return 'ends in "Z", which CAP 1.2 does not allow: write UTC as -00:00, e.g. 2026-11-27T09:00:00-00:00';
  return 'is not a CAP 1.2 time (YYYY-MM-DDThh:mm:ss±hh:mm, e.g. 2026-11-27T10:00:00+01:00)';
}

/** A CAP time as an ISO instant (UTC, as the store keeps times). */
export const capTimeToIso = (value: string): string => new Date(Date.parse(value)).toISOString();

/** A CAP time of now in the zone's offset CAP wants for UTC: `2026-11-27T21:37:16-00:00`. */
export const capTimeOf = (date: Date): string => `${date.toISOString().slice(0, 19)}-00:00`;

function checkSimple(path: string, type: SimpleType, element: XmlElement): string {
  if (element.children.length > 0)
    throw new CapRefusal(400, `<${path}> holds elements: it is a simple value in CAP 1.2`);
  const value = element.text.trim();
  switch (type.kind) {
    case 'enum':
      if (!type.values.includes(value))
        throw new CapRefusal(
          400,
          `<${path}> is "${value}": CAP 1.2 allows ${type.values.map((v) => `"${v}"`).join(', ')}`,
        );
      break;
    case 'dateTime': {
      const problem = capTimeProblem(value);
      if (problem) throw new CapRefusal(400, `<${path}> "${value}" ${problem}`);
      break;
    }
    case 'integer':
      if (!/^[-+]?\d+$/.test(value))
        throw new CapRefusal(400, `<${path}> "${value}" is not an integer`);
      break;
    case 'decimal':
      if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(value))
        throw new CapRefusal(400, `<${path}> "${value}" is not a decimal number`);
      break;
    case 'string':
      if (value === '') throw new CapRefusal(400, `<${path}> is empty`);
      break;
  }
  return value;
}

/** A checked element: its simple values and its checked children, by name, in document order. */
interface Checked {
  values: Map<string, string[]>;
  groups: Map<string, Checked[]>;
}

/**
 * Walks `element`'s children against `fields`, in order (an XSD sequence): each field takes the
 * run of children of its name, between its min and max; a child out of order, unknown, or from
 * another namespace is refused — but XML signature and encryption elements, at the end of `alert`.
 */
function checkComplex(
  path: string,
  fields: FieldRule[],
  element: XmlElement,
  allowSignature = false,
): Checked {
  if (element.text.trim() !== '')
    throw new CapRefusal(400, `<${path}> holds text outside its elements`);
  const checked: Checked = { values: new Map(), groups: new Map() };
  const children = element.children;
  let at = 0;
  for (const field of fields) {
    let count = 0;
    while (at < children.length) {
      const child = children[at]!;
      if (child.uri !== CAP_NAMESPACE || child.local !== field.name) break;
      count += 1;
      if (count > field.max)
        throw new CapRefusal(400, `<${path}> has more than one <${field.name}>`);
      const childPath = `${path}/${field.name}`;
      if (field.type.kind === 'complex') {
        const group = checked.groups.get(field.name) ?? [];
        group.push(checkComplex(childPath, field.type.fields, child));
        checked.groups.set(field.name, group);
      } else {
        const list = checked.values.get(field.name) ?? [];
        list.push(checkSimple(childPath, field.type, child));
        checked.values.set(field.name, list);
      }
      at += 1;
    }
    if (count < field.min) {
      const next = children[at];
      throw new CapRefusal(
        400,
        next && next.uri === CAP_NAMESPACE && fields.some((f) => f.name === next.local)
          ? `<${path}> lacks <${field.name}> before <${next.local}> (CAP 1.2 sets the elements' order)`
          : `<${path}> lacks <${field.name}>, which CAP 1.2 requires`,
      );
    }
  }
  for (; at < children.length; at += 1) {
    const child = children[at]!;
    if (allowSignature && (child.uri === XMLDSIG || child.uri === XMLENC)) continue;
    if (child.uri !== CAP_NAMESPACE)
      throw new CapRefusal(
        400,
        `<${path}> holds <${child.local}> of namespace "${child.uri}", which CAP 1.2 does not allow there`,
      );
    throw new CapRefusal(
      400,
      fields.some((f) => f.name === child.local)
        ? `<${path}/${child.local}> is out of order or repeated (CAP 1.2 sets the elements' order and number)`
        : `<${path}> holds <${child.local}>, which is not a CAP 1.2 element`,
    );
  }
  return checked;
}

const first = (checked: Checked, name: string): string | null =>
  checked.values.get(name)?.[0] ?? null;

/** CAP 1.2 forbids spaces, commas and the characters `<` and `&` in `sender` and `identifier`. */
const KEY_FORBIDDEN = /[\s,<&]/;

function parseReferences(value: string | null): CapReference[] {
  if (value === null) return [];
  return value
    .split(/\s+/)
    .filter((item) => item !== '')
    .map((item) => {
      const parts = item.split(',');
      const [sender, identifier, sent] = parts;
      if (parts.length !== 3 || !sender || !identifier || !sent)
        throw new CapRefusal(
          400,
          `<references> "${item}" is not "sender,identifier,sent" (CAP 1.2: one such triple per message referenced, separated by spaces)`,
        );
      const problem = capTimeProblem(sent);
      if (problem) throw new CapRefusal(400, `<references> "${item}": its time ${problem}`);
      return { sender, identifier, sent };
    });
}

/**
 * Reads and checks a CAP 1.2 document. Throws a CapRefusal saying what is wrong: with `isCap`
 * false when the body is not a CAP document at all (not well-formed, a DTD, another root).
 */
export function readCapDocument(xml: string): CapMessage {
  const root = parseXml(xml);
  if (root.local !== 'alert')
    throw new CapRefusal(
      400,
      `The root element is <${root.local}>: a CAP message is an <alert> of namespace ${CAP_NAMESPACE}`,
      {},
      false,
    );
  // What can be read of the key before the checks: the Error answer references it.
  const texts = (name: string) =>
    root.children.find((child) => child.local === name)?.text.trim() || undefined;
  const key = {
    sender: texts('sender'),
    identifier: texts('identifier'),
    sent: texts('sent'),
    status: texts('status'),
  };
  try {
    if (root.uri !== CAP_NAMESPACE)
      throw new CapRefusal(
        400,
        root.uri === ''
          ? `<alert> has no namespace: a CAP 1.2 message is of namespace ${CAP_NAMESPACE}`
          : `<alert> is of namespace "${root.uri}": this call speaks CAP 1.2 (${CAP_NAMESPACE}) only`,
      );
    const alert = checkComplex('alert', ALERT, root, true);
    const sender = first(alert, 'sender')!;
    const identifier = first(alert, 'identifier')!;
    for (const [name, value] of [
      ['sender', sender],
      ['identifier', identifier],
    ] as const) {
      if (KEY_FORBIDDEN.test(value))
        throw new CapRefusal(
          400,
          `<${name}> "${value}" holds a space, a comma, "<" or "&", which CAP 1.2 forbids there`,
        );
      if (value.length > 500) throw new CapRefusal(400, `<${name}> is longer than 500 characters`);
    }
    return {
      sender,
      identifier,
      sent: first(alert, 'sent')!,
      status: first(alert, 'status') as CapStatus,
      msgType: first(alert, 'msgType') as CapMsgType,
      scope: first(alert, 'scope')!,
      note: first(alert, 'note'),
      references: parseReferences(first(alert, 'references')),
      infos: (alert.groups.get('info') ?? []).map((info) => ({
        language: first(info, 'language') ?? 'en-US',
        event: first(info, 'event')!,
        eventCodes: (info.groups.get('eventCode') ?? []).map((code) => ({
          valueName: first(code, 'valueName')!,
          value: first(code, 'value')!,
        })),
        expires: first(info, 'expires'),
        senderName: first(info, 'senderName'),
        headline: first(info, 'headline'),
        description: first(info, 'description'),
        instruction: first(info, 'instruction'),
      })),
    };
  } catch (error) {
    if (error instanceof CapRefusal && error.isCap)
      throw new CapRefusal(error.status, error.message, key);
    throw error;
  }
}

// ---------- writing the answers ----------

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A CAP 1.2 `Ack` or `Error` answering a message: our own key (`sender`, a fresh `identifier`,
 * `sent` now), the status of the message answered (`Actual` when it could not be read), scope
 * Private addressed to its sender, the reason in `note`, and `references` naming it when its key
 * could be read whole.
 */
export function capAnswer(input: {
  msgType: 'Ack' | 'Error';
  sender: string;
  identifier: string;
  now: Date;
  note: string;
  answered: Partial<CapReference> & { status?: string };
}): string {
  const { answered } = input;
  const status = CAP_STATUSES.includes(answered.status as CapStatus) ? answered.status! : 'Actual';
  const reference =
    answered.sender &&
    answered.identifier &&
    answered.sent &&
    !KEY_FORBIDDEN.test(answered.sender) &&
    !KEY_FORBIDDEN.test(answered.identifier) &&
    capTimeProblem(answered.sent) === null
      ? `${answered.sender},${answered.identifier},${answered.sent}`
      : null;
  const addressee = answered.sender && !/[\s"]/.test(answered.sender) ? answered.sender : null;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<alert xmlns="${CAP_NAMESPACE}">`,
    `  <identifier>${escapeXml(input.identifier)}</identifier>`,
    `  <sender>${escapeXml(input.sender)}</sender>`,
    `  <sent>${capTimeOf(input.now)}</sent>`,
    `  <status>${status}</status>`,
    `  <msgType>${input.msgType}</msgType>`,
    addressee ? '  <scope>Private</scope>' : '  <scope>Public</scope>',
    ...(addressee ? [`  <addresses>${escapeXml(addressee)}</addresses>`] : []),
    `  <note>${escapeXml(input.note)}</note>`,
    ...(reference ? [`  <references>${escapeXml(reference)}</references>`] : []),
    '</alert>',
    '',
  ];
  return lines.join('\n');
}
