/**
 * Checks an answer's `data` against its route's response schema (route-schemas.ts). The clients
 * call it in development builds only (`import.meta.env.DEV`), so that a server and a client that
 * disagree fail loudly where a developer sees it; production builds drop the call, and with it
 * this module, the schemas and TypeBox's checker (the package is free of side effects, and so is
 * this module: the date format is registered on first use).
 */
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ROUTE_SCHEMAS } from './route-schemas.js';
import { fillPath, ROUTES, type RouteName } from './route-table.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function registerFormats(): void {
  // TypeBox knows no format by itself; the contract's dates are ISO-8601 date-times.
  if (!FormatRegistry.Has('date-time')) {
    FormatRegistry.Set(
      'date-time',
      (value) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)),
    );
  }
}

/**
 * Why `data` does not match the route's response schema (the first few differences, with their
 * paths), or null when it matches or the route has no JSON answer.
 */
export function routeResponseMismatch(name: RouteName, data: unknown): string | null {
  const schema = (ROUTE_SCHEMAS[name] as { response?: TSchema }).response;
  if (!schema) return null;
  registerFormats();
  if (Value.Check(schema, data)) return null;
  const problems: string[] = [];
  for (const error of Value.Errors(schema, data)) {
    problems.push(`${error.path || '/'}: ${error.message}`);
    if (problems.length === 3) break;
  }
  return `the answer of ${name} (${ROUTES[name].method} ${ROUTES[name].path}) does not match its schema in the contract: ${problems.join('; ')}`;
}

/**
 * Whether `path` (a filled path, query allowed) is one of the route's paths: guards the clients
 * against naming one route and calling another.
 */
export function isPathOfRoute(name: RouteName, path: string): boolean {
  const pattern = ROUTES[name].path;
  const names = [...pattern.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  const placeholder = Object.fromEntries(names.map((param) => [param, '\u0000']));
  const [before, ...rest] = fillPath(pattern, placeholder).split('%00');
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const regex = new RegExp(`^${[before ?? '', ...rest].map(escape).join('[^/?#]+')}(\\?.*)?$`);
  return regex.test(path);
}
