/**
 * How a JSON request body is read and checked, for every route (outside probe, round 3):
 *
 * - An empty body sent with `Content-Type: application/json` is no body at all. Many HTTP clients
 *   (and fire-alarm panels) set the header on every call, a `DELETE` included; Fastify's own parser
 *   answered those with 400 (FST_ERR_CTP_EMPTY_JSON_BODY). A route whose body is required still
 *   refuses the call, through its schema, with "Missing JSON body".
 * - A body nested deeper than MAX_JSON_DEPTH is refused with 400 before it is parsed: no call takes
 *   more than a few levels, and code that walks parsed input recursively (TypeBox's Clean and
 *   Check, structuredClone) overflowed the stack on a heartbeat 5,000 levels deep (a 500).
 * - Bodies are validated without array coercion. The app's Ajv has `coerceTypes: 'array'`, which
 *   query strings need (`?fields=a` is an array of one), but applied to JSON it let
 *   `{"template":["Confinement"]}` through as an array, a 500 in the handler (Ajv's coercion inside
 *   an `anyOf` keeps the array when no branch can take it). Scalar coercion stays: a fire panel
 *   configured with `"drill":"false"` or `"template":"3"` went on working before this rule and must
 *   go on working after an upgrade.
 *
 * The size limit stays Fastify's `bodyLimit` (the parser reads the body as a bounded string), and
 * prototype poisoning stays refused by Fastify's own JSON parser, which does the parsing.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import type {
  FastifyInstance,
  FastifySchema,
  FastifySchemaCompiler,
  FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/envelope.js';

/** Deepest nesting of arrays and objects a JSON body may have; real calls use fewer than ten. */
export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP_MESSAGE = `JSON body nested too deep: at most ${MAX_JSON_DEPTH} levels`;

/**
 * Whether JSON text opens more than `max` arrays or objects inside one another. A scan of the text
 * (brackets inside strings do not count), so that nothing deep is ever built; malformed text is
 * left to the parser.
 */
export function jsonNestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) index++;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) depth--;
  }
  return false;
}

async function jsonBodyPlugin(fastify: FastifyInstance): Promise<void> {
  // Fastify's defaults: `__proto__` and `constructor.prototype` keys are refused (400).
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request, body: string, done) => {
      if (body.length === 0) done(null, undefined);
      else if (jsonNestingExceeds(body, MAX_JSON_DEPTH)) done(badRequest(TOO_DEEP_MESSAGE));
      // Fastify's parser answers through `done`; its type also allows a promise, never returned.
      else void parseJson(request, body, done);
    },
  );
}

export const jsonBodyPluginFp = fp(jsonBodyPlugin, { name: 'json-body', fastify: '5.x' });

type ValidatorFactory = NonNullable<
  NonNullable<
    NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
  >['buildValidator']
>;
type CompilerPool = ReturnType<typeof AjvCompiler>;
/** What the pool's compilers really take (their published type names only the schema). */
type RouteCompiler = FastifySchemaCompiler<FastifySchema>;

/**
 * Fastify's own Ajv compiler (same pool, same options), except that bodies get an instance that
 * coerces scalars only; path, query and headers keep the app's array coercion.
 */
export function bodyWithoutArrayCoercion(): ValidatorFactory {
  const pool = AjvCompiler();
  const build = (
    externalSchemas: Parameters<CompilerPool>[0],
    options?: Parameters<CompilerPool>[1],
  ) => {
    const coercing = pool(externalSchemas, options) as unknown as RouteCompiler;
    if (!options || options.mode === 'JTD') return coercing;
    const scalarOnly = pool(externalSchemas, {
      ...options,
      customOptions: { ...options.customOptions, coerceTypes: true },
    }) as unknown as RouteCompiler;
    const compile: RouteCompiler = (route) =>
      route.httpPart === 'body' ? scalarOnly(route) : coercing(route);
    return compile;
  };
  return build as unknown as ValidatorFactory;
}
