/**
 * French messages for schema validation failures of the admin API: the back-office shows the
 * server's message next to the form, and its users read French. One sentence, naming the field
 * and what is expected of it.
 */
import { SWITCHER_CODE_HINT, settingsUrlHint } from '@plant-kiosk/contract';
import type { FastifySchemaValidationError } from 'fastify';

const PART: Record<string, string> = {
  body: 'Le champ',
  params: 'Le paramètre',
  querystring: 'Le paramètre',
  headers: 'L’en-tête',
};

const TYPE_NAMES: Record<string, string> = {
  integer: 'un nombre entier',
  number: 'un nombre',
  string: 'un texte',
  boolean: 'vrai ou faux',
  object: 'un objet',
  array: 'une liste',
  null: 'vide (null)',
};

/** The contract's PlainName pattern (outside-probe hardening): what is wrong depends on the value.
 * */
const PLAIN_NAME_HINT = 'ne doit pas commencer ni finir par un espace';
const UNSAFE_TEXT_HINT =
  'ne doit contenir ni caractère de contrôle du sens d’écriture (U+202A à U+202E, U+2066 à U+2069) ni demi-caractère (substitut UTF-16 isolé)';
const UNSAFE_TEXT =
  /[\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What the pattern of a field means, for the fields that have one. */
const PATTERN_HINTS: Record<string, string> = {
  username:
    'doit commencer par une lettre minuscule ou un chiffre et ne contenir que des lettres minuscules, des chiffres et . _ @ -',
  devname:
    'doit commencer par une lettre minuscule ou un chiffre et ne contenir que des lettres minuscules, des chiffres, - et _',
  zonename: PLAIN_NAME_HINT,
  login: PLAIN_NAME_HINT,
  switcherCode: SWITCHER_CODE_HINT,
};

/**
 * Fields whose pattern's meaning depends on the value: the settings' addresses (contract
 * SETTINGS_URL_PATTERN) say when the host name is past DNS's bounds (issue 40).
 */
const VALUE_HINTS: Record<string, (value: unknown) => string> = {
  suggestionFormUrl: settingsUrlHint,
  websiteUrl: settingsUrlHint,
};

const plural = (count: number, word: string) => `${count} ${word}${count > 1 ? 's' : ''}`;

function explain(error: FastifySchemaValidationError, name: string): string {
  const params = error.params as Record<string, unknown>;
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'minLength':
      return limit <= 1
        ? 'ne doit pas être vide'
        : `doit contenir au moins ${plural(limit, 'caractère')}`;
    case 'maxLength':
      return `ne doit pas dépasser ${plural(limit, 'caractère')}`;
    case 'minimum':
      return `doit être au moins ${limit}`;
    case 'maximum':
      return `doit être au plus ${limit}`;
    case 'type':
      return `doit être ${TYPE_NAMES[String(params.type)] ?? String(params.type)}`;
    case 'format':
      return params.format === 'date-time'
        ? 'doit être une date et heure ISO 8601 (par exemple 2026-03-10T09:00:00.000Z)'
        : `doit être au format ${String(params.format)}`;
    case 'pattern': {
      // `data` is there because Ajv runs verbose (app.ts).
      const { data } = error as FastifySchemaValidationError & { data?: unknown };
      if (typeof data === 'string' && UNSAFE_TEXT.test(data)) return UNSAFE_TEXT_HINT;
      const field = name.split('.').pop() ?? '';
      const valueHint = VALUE_HINTS[field];
      if (valueHint) return valueHint(data);
      return PATTERN_HINTS[field] ?? 'contient des caractères non autorisés';
    }
    case 'minItems':
      return `doit contenir au moins ${plural(limit, 'élément')}`;
    case 'maxItems':
      return `ne doit pas contenir plus de ${plural(limit, 'élément')}`;
    case 'uniqueItems':
      return 'ne doit pas contenir de doublons';
    case 'maxProperties':
      return `ne doit pas avoir plus de ${plural(limit, 'entrée')}`;
    case 'enum':
      return `doit valoir ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    default:
      return 'est invalide';
  }
}

export function formatAdminSchemaErrors(
  errors: FastifySchemaValidationError[],
  dataVar: string,
): string {
  const part = PART[dataVar] ?? 'Le champ';
  const first = errors[0];
  if (!first) return 'Requête invalide.';
  const path = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (first.keyword === 'required') {
    const missing = (first.params as { missingProperty?: string }).missingProperty ?? '?';
    return `${part} « ${path ? `${path}.${missing}` : missing} » est obligatoire.`;
  }
  if (!path) {
    return dataVar === 'body'
      ? 'Le corps de la requête doit être un objet JSON.'
      : 'Paramètres de la requête invalides.';
  }
  // A union of literals fails on each branch: list the allowed values instead.
  const allowed = errors
    .filter((error) => error.keyword === 'const' && error.instancePath === first.instancePath)
    .map((error) => JSON.stringify((error.params as { allowedValue?: unknown }).allowedValue));
  if (allowed.length > 0) return `${part} « ${path} » doit valoir ${allowed.join(', ')}.`;
  return `${part} « ${path} » ${explain(first, path)}.`;
}
