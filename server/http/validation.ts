/**
 * Route schemas (docs/conventions.md, "Route schemas"): every route declares its body, params and
 * querystring as plain JSON schemas; this file compiles them and turns the first failure into the
 * error catalogue's P4000 answer naming the field, in the caller's language.
 *
 * Validation runs after preValidation, so a sealed request is checked on its opened body
 * (server/plugins/envelope.ts decrypts there) and the error reply is sealed like any other. A failed
 * check is attached to the request and thrown by a preHandler registered after the session and
 * access hooks: a caller who is not signed in (or may not use the route) is told that first, and
 * never learns the shape of a body it could not send anyway.
 */
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler, RouteOptions } from 'fastify';
import { badRequest, type ApiError } from '../errors';

/**
 * A schema annotation naming the catalogue key to answer with when the value is present but fails
 * its format (e.g. a mobile number, a password's strength): `{ type: 'string', pattern, 'x-error':
 * 'auth.mobileInvalid' }`. Missing fields, wrong types and unknown keys keep the generic messages.
 */
export const ERROR_KEY = 'x-error';
/** The catalogue key to answer with when this property is missing (default server.fieldRequired). */
export const MISSING_KEY = 'x-missing';

const COMMON: Options = {
  // The first problem is enough to answer with, and cheaper.
  allErrors: false,
  // An unknown key is an error (additionalProperties: false), never silently dropped.
  removeAdditional: false,
  useDefaults: true,
  // `type: ['string', 'null']` is how an optional-or-null value is said (OpenAPI 3.1 too).
  allowUnionTypes: true,
  // Gives each error its parentSchema, where the x-error annotation lives.
  verbose: true,
  keywords: [
    { keyword: ERROR_KEY, schemaType: 'string' },
    { keyword: MISSING_KEY, schemaType: 'string' },
  ],
};

/** JSON bodies keep their types: a number where a string is declared is an error. */
const strictAjv = new Ajv({ ...COMMON, coerceTypes: false });
/** The URL's parts are text by nature: "20" may stand for the number 20. */
const coercingAjv = new Ajv({ ...COMMON, coerceTypes: true });

/** The validator compiler: coercion for the querystring and the path's params only. */
export const compileRouteSchema: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'querystring' || httpPart === 'params' ? coercingAjv : strictAjv;
  return ajv.compile(schema as object) as ValidateFunction;
};

const TYPE_NAMES: Record<string, { zh: string; en: string }> = {
  string: { zh: '文本', en: 'text' },
  number: { zh: '数字', en: 'a number' },
  integer: { zh: '整数', en: 'a whole number' },
  boolean: { zh: '布尔值', en: 'true or false' },
  object: { zh: '对象', en: 'an object' },
  array: { zh: '数组', en: 'a list' },
  null: { zh: '空值', en: 'null' },
};

/** `/items/0/name` → `items[0].name`: the field as a developer reads it. */
function fieldName(instancePath: string, child?: string): string {
  const parts = instancePath.split('/').slice(1);
  if (child !== undefined) parts.push(child);
  return parts
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

/** The catalogue error for Ajv's first failure of a body, querystring, params or headers. */
export function schemaError(errors: ErrorObject[], dataVar: string): ApiError {
  const error = errors[0];
  if (!error) return badRequest('error.badRequest');
  const params = error.params as Record<string, unknown>;
  const schema = error.parentSchema as Record<string, unknown> | undefined;
  // A value at the root (a bare array body) is named by its schema's title.
  const key = fieldName(error.instancePath) || (typeof schema?.title === 'string' ? schema.title : '');
  const custom = schema?.[ERROR_KEY];
  switch (error.keyword) {
    case 'required': {
      const property = String(params.missingProperty);
      const properties = schema?.properties as Record<string, Record<string, unknown>> | undefined;
      const missing = properties?.[property]?.[MISSING_KEY];
      if (typeof missing === 'string') return badRequest(missing);
      return badRequest('server.fieldRequired', { title: fieldName(error.instancePath, property) });
    }
    case 'additionalProperties':
      return badRequest('server.unknownField', {
        key: fieldName(error.instancePath, String(params.additionalProperty)),
      });
    case 'type':
      if (key === '' && dataVar === 'body') return badRequest('server.bodyNotObject');
      return badRequest('server.wrongType', {
        key,
        type: TYPE_NAMES[String(params.type).split(',')[0]!] ?? String(params.type),
      });
  }
  // Limits keep their own message (it says the limit); any other failure of an annotated value
  // (a pattern, a minimum, ...) answers with the annotation's key.
  if (error.keyword === 'maxLength') return badRequest('server.tooLong', { key, max: params.limit });
  if (error.keyword === 'maxItems') return badRequest('server.tooMany', { key, max: params.limit });
  // A declared text field's minLength is 1, a list's minItems too, and the non-blank rule (`\S`)
  // refuses only spaces: present but empty is the same as missing, and says so the same way.
  const empty =
    error.keyword === 'minLength' ||
    error.keyword === 'minItems' ||
    (error.keyword === 'pattern' && params.pattern === '\\S');
  const missing = schema?.[MISSING_KEY];
  if (empty && typeof missing === 'string') return badRequest(missing);
  if (typeof custom === 'string') return badRequest(custom);
  if (empty) return badRequest('server.fieldRequired', { title: key });
  return badRequest('server.invalidValue', { key });
}

/** Fastify's schemaErrorFormatter: the same answer for every route. */
export function formatSchemaErrors(errors: unknown, dataVar: string): Error {
  return schemaError(errors as ErrorObject[], dataVar);
}

/**
 * Registers the compiler and the formatter, and makes every route with a schema attach its
 * failure instead of answering at once (thrown by `rejectInvalidRequest`, after sign-in checks).
 * Call before any route is added.
 */
export function registerRouteSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(compileRouteSchema);
  app.setSchemaErrorFormatter(formatSchemaErrors);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.schema) route.attachValidation = true;
  });
}

/** preHandler, registered after the session and access hooks: a failed schema check stops here. */
export async function rejectInvalidRequest(request: FastifyRequest): Promise<void> {
  if (request.validationError) throw request.validationError;
}
