/**
 * Form validation with the contract's own schemas, so the page refuses exactly what the server
 * would, with one French sentence per field instead of TypeBox's English.
 */
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value';

// TypeBox knows no format by itself; the contract's dates are ISO-8601 date-times.
if (!FormatRegistry.Has('date-time')) {
  FormatRegistry.Set(
    'date-time',
    (value) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
      !Number.isNaN(Date.parse(value)),
  );
}

export type FieldErrors = Record<string, string>;

/** Messages for the pattern of a field (a regex says nothing to a person). */
export type PatternHints = Record<string, string>;

function fieldOf(error: ValueError): string {
  // "/fields/titre/0/value" → "fields"; the form shows the first level.
  return error.path.split('/').filter(Boolean)[0] ?? '';
}

function describe(error: ValueError, hints: PatternHints): string {
  const schema = error.schema as Record<string, unknown>;
  const field = fieldOf(error);
  switch (error.type) {
    case ValueErrorType.StringMinLength: {
      const min = Number(schema.minLength);
      return min <= 1 ? 'Ce champ est obligatoire.' : `Au moins ${min} caractères.`;
    }
    case ValueErrorType.StringMaxLength:
      return `Au plus ${String(schema.maxLength)} caractères.`;
    case ValueErrorType.StringPattern:
      return hints[field] ?? 'Ce format n’est pas accepté.';
    case ValueErrorType.StringFormat:
      return schema.format === 'date-time'
        ? 'Date invalide.'
        : (hints[field] ?? 'Format invalide.');
    case ValueErrorType.ObjectRequiredProperty:
      return 'Ce champ est obligatoire.';
    case ValueErrorType.Union:
      return hints[field] ?? 'Choisissez une valeur de la liste.';
    case ValueErrorType.ArrayUniqueItems:
      return 'Chaque valeur ne doit apparaître qu’une fois.';
    default:
      return hints[field] ?? 'Valeur invalide.';
  }
}

/** Errors by field (first one of each), or an empty object when the value is valid. */
export function validate(schema: TSchema, value: unknown, hints: PatternHints = {}): FieldErrors {
  if (Value.Check(schema, value)) return {};
  const errors: FieldErrors = {};
  for (const error of Value.Errors(schema, value)) {
    const field = fieldOf(error);
    errors[field] ??= describe(error, hints);
  }
  return errors;
}
