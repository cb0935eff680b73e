import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@phoenix/contract';
import { withPermissionScope, type AuthLevel } from './auth';
import { validationFailed } from './errors';
import { limitedKindOf } from './requestLimits';
import { fieldErrorsOf } from './validate';
import { derivedSchema, nameSchema, schemaNameOf, schemaNames } from './schemaNames';

declare module 'fastify' {
  /**
   * Every route's schemas are the contract's zod schemas: request.params, query and body (and the
   * handler's answer) take their types from them on every instance, as with fastify-type-provider-zod's
   * ZodTypeProvider but without `withTypeProvider` in each feature (it is the default provider).
   */
  interface FastifyTypeProviderDefault {
    validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
    serializer: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  }
  interface FastifyContextConfig {
    /** What the route's OpenAPI operation says beyond what is derived (openapi.ts RouteDoc). */
    doc?: RouteDoc;
  }
}

/** Where each service's document is: public, it shows the API's shape and nothing secret. */
export const OPENAPI_PATH = '/openapi.json';
/** The reference page (Scalar): local and dev environments only (config.ts `apiReference`). */
export const REFERENCE_PATH = '/docs';

const SERVICES = {
  bff: {
    title: 'Phoenix Admin BFF',
    description:
      'The back-office API of Phoenix Admin. Send the `token` header that POST /users/login answers. Every error is ' +
      '`{ error: { code, message, messageKey?, fieldErrors?, fieldErrorKeys?, current? } }` (ApiError); lists take page, pageSize, sort, order and q.',
  },
  points: {
    title: 'Phoenix points API',
    description: "The points programme's API (its own service): the BFF's `token` header, error shape and list query.",
  },
} as const;

export interface OpenApiOptions {
  service: keyof typeof SERVICES;
  /** Serve the reference page at /docs (config.ts: local and dev only). */
  reference?: boolean;
}

/**
 * Checks params, query and body with the route's zod schema and hands the handler the parsed
 * value. A failure is today's 400: validation_failed with fieldErrors by field path (what the
 * console's forms read), thrown as the same HttpError the handlers threw before. Runs after the
 * preValidation input guards (NUL, depth), which stay as they are.
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: validationFailed(fieldErrorsOf(result.error)) };
  };

/**
 * Answers go out as the handler built them (plain JSON.stringify, as before): a response schema
 * documents the answer and types the handler, but never strips a field the console reads nor
 * turns a drift into a 500.
 */
const serializerCompiler = () => (data: unknown) => JSON.stringify(data);

/** The error answers every operation may give: one named response each, the body the services send (ApiError). */
const ERRORS = {
  400: {
    name: 'ValidationFailed',
    description:
      'validation_failed: `fieldErrors` maps each field (a dotted path; `_form` for the whole body) to its messages, `fieldErrorKeys` to their message keys',
  },
  401: { name: 'Unauthorized', description: 'unauthorized: no `token` header, or the session has ended' },
  403: {
    name: 'Forbidden',
    description:
      "forbidden (role 2 only), permission_denied (none of the admin's console roles may), second_factor_required or step_up_required",
  },
  404: { name: 'NotFound', description: 'not_found: no such record' },
  409: {
    name: 'Conflict',
    description: 'conflict: someone else saved first (`current` is the record as it is now), or the change was already made',
  },
  429: {
    name: 'TooManyRequests',
    description:
      "too_many_requests: past the admin's limit on searches or exports (requestLimits.ts); `Retry-After` says when to try again",
  },
  500: { name: 'InternalError', description: 'internal_error: the service failed (the log has the request id); nothing was changed' },
} as const;
type ErrorStatus = keyof typeof ERRORS;
/** Stands for an error answer in a route's schema until the document is finished (see finishDocument). */
const errorMarker = (status: ErrorStatus) => ({ description: `${ERROR_MARKER}${status}` });
const ERROR_MARKER = '\u0000phoenix-error:';

/** True when a request schema (JSON Schema) carries `version`: an optimistic lock, so a stale one is a 409. */
function carriesVersion(jsonSchema: unknown): boolean {
  const properties = (jsonSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties !== undefined && 'version' in properties;
}
const COMPONENT_PREFIX = '#/components/schemas/';

/** The feature (its folder under features/) whose routes an app registers now: their tag in the document. */
const currentFeatures = new WeakMap<FastifyInstance, string | null>();

/** Registers `register`'s routes as `feature`'s (features.ts: each features/<area>/routes.ts): their OpenAPI tag. */
export async function withFeature<T>(app: FastifyInstance, feature: string, register: () => T | Promise<T>): Promise<T> {
  const before = currentFeatures.get(app) ?? null;
  currentFeatures.set(app, feature);
  try {
    return await register();
  } finally {
    currentFeatures.set(app, before);
  }
}

/** What a route's documentation is derived from, set by the route helpers (resourceRoutes.ts, documentRoutes.ts). */
export interface RouteDoc {
  /** The operation's summary; without it, one derived from the method and the path. */
  summary?: string;
}

/** A route's `config` with its documentation: `{ schema, config: docOf('List news items') }`. */
export const docOf = (summary: string) => ({ doc: { summary } });

/** The tag of the routes no feature registers (health, readiness, metrics, this document). */
const SERVICE_TAG = 'service';

const words = (segment: string) =>
  segment
    .replace(/[-_.]/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The operationId of a route: its method and path in camel case (GET /news/:id/history →
 * getNewsByIdHistory), unique because a method and a path are, and stable while the route is.
 */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by ${segment.slice(1)}` : words(segment)));
  const camel = [method.toLowerCase(), ...parts]
    .join(' ')
    .split(/\s+/)
    .map((word, i) => (i === 0 ? word : capitalize(word)))
    .join('');
  return camel.replace(/[^A-Za-z0-9]/g, '');
}

/**
 * A summary from the method and the path, for a route whose helper gives none: a POST to an
 * action (…/:id/approve) says the action, the others the verb and the resource.
 */
export function summaryOf(method: string, url: string): string {
  const segments = url.split('/').filter(Boolean);
  const statics = segments.filter((segment) => !segment.startsWith(':')).map(words);
  const last = statics.at(-1) ?? 'service';
  const rest = statics.slice(0, -1).join(' ');
  const one = segments.at(-1)?.startsWith(':') ?? false;
  switch (method) {
    case 'POST':
      return statics.length > 1 ? `${capitalize(last)} (${rest})` : `Create ${last}`;
    case 'PUT':
      return `Replace ${statics.join(' ')}${one ? ' (one)' : ''}`;
    case 'PATCH':
      return `Change ${statics.join(' ')}${one ? ' (one)' : ''}`;
    case 'DELETE':
      return `Delete ${statics.join(' ')}${one ? ' (one)' : ''}`;
    default:
      return one ? `Get one of ${statics.join(' ')}` : `Get ${statics.join(' ')}`;
  }
}

/**
 * The zod → JSON Schema transform, plus what every operation shares: its operationId, summary and
 * tag (derived from the route and the feature that registers it), its auth requirement (the
 * `token` header, or none for the public routes) and the error answers it can give. Bodies and
 * answers name the contract's schemas (`$ref`, schemaNames.ts); path, query and header parameters
 * stay inline (each is listed on its own).
 */
function documentRoutes(features: Map<string, string>): SwaggerTransform {
  const named = createJsonSchemaTransform({ schemaRegistry: schemaNames, zodToJsonConfig: { unrepresentable: 'any' } });
  const inline = createJsonSchemaTransform({ schemaRegistry: z.registry<{ id: string }>() });
  return (input) => {
    const source = { ...input, schema: input.schema ?? {} };
    const { schema, url } = named(source) as { schema: Record<string, unknown>; url: string };
    if (schema.hide) return { schema, url };
    const inlined = inline(source) as unknown as { schema: Record<string, unknown> };
    for (const part of ['params', 'querystring', 'headers']) {
      if (inlined.schema[part]) schema[part] = inlined.schema[part];
    }
    const config = (input.route.config ?? {}) as { auth?: AuthLevel; doc?: RouteDoc };
    const auth: AuthLevel = config.auth ?? 'admin';
    const method = [input.route.method].flat()[0]!;
    const declared = (schema.response ?? {}) as Record<string, unknown>;
    const response: Record<string, unknown> = {};
    Object.assign(response, declared);
    response[400] ??= errorMarker(400);
    // A public route may still take a credential of its own (the game server's bearer token).
    const ownSecurity = schema.security as unknown[] | undefined;
    if (auth !== 'public' || ownSecurity) response[401] ??= errorMarker(401);
    if (auth === 'admin' || auth === 'enrolment' || ownSecurity) response[403] ??= errorMarker(403);
    if (url.includes(':')) response[404] ??= errorMarker(404);
    if (carriesVersion(inlined.schema.body) || carriesVersion(inlined.schema.querystring)) response[409] ??= errorMarker(409);
    if ([input.route.method].flat().some((m) => limitedKindOf(m, input.route.url))) response[429] ??= errorMarker(429);
    response[500] ??= errorMarker(500);
    return {
      schema: {
        operationId: operationIdOf(method, url),
        summary: config.doc?.summary ?? summaryOf(method, url),
        tags: [features.get(`${method} ${url}`) ?? SERVICE_TAG],
        ...schema,
        response,
        security: ownSecurity ?? (auth === 'public' ? [] : [{ token: [] }]),
      },
      url,
    };
  };
}

/**
 * The zod type provider's compilers and the OpenAPI 3.1 document (@fastify/swagger) at
 * /openapi.json, with the reference page at /docs when asked. Call before any route is
 * registered: the document is built from every route registered after it.
 */
export async function installOpenApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Each route's feature (withFeature), read when the document is built.
  const features = new Map<string, string>();
  app.addHook('onRoute', (route) => {
    const feature = currentFeatures.get(app);
    if (feature) for (const method of [route.method].flat()) features.set(`${method} ${route.url}`, feature);
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { ...SERVICES[options.service], version: '1.0.0' },
      // Relative: wherever the document is fetched from (locally http://localhost:8787 and :8788, docs/api.md).
      servers: [{ url: '/', description: 'The origin that serves this document' }],
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'token',
            description: 'The token POST /users/login answers (on the BFF); the points API accepts the same token.',
          },
          ...(options.service === 'points'
            ? {
                gameServer: {
                  type: 'http',
                  scheme: 'bearer',
                  description: "The game server's own secret (GAME_SERVER_TOKEN), for the /game routes only: never an admin's token.",
                },
              }
            : {}),
        },
      },
    },
    transform: documentRoutes(features),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: schemaNames, zodToJsonConfig: { unrepresentable: 'any' } }),
  });

  let finished: Json | undefined;
  const documentSchema = {
    response: { 200: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) }) },
  };
  app.get(OPENAPI_PATH, { config: { auth: 'public', ...docOf('This document (OpenAPI 3.1)') }, schema: documentSchema }, async () => {
    finished ??= finishDocument(app.swagger() as unknown as Json, options.service);
    return finished as z.output<(typeof documentSchema.response)[200]>;
  });

  if (options.reference) await registerReferencePage(app);
}

type Json = Record<string, unknown>;

const STATUS_TEXT: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  405: 'method_not_allowed',
  503: 'Not ready (the body names the failed checks)',
};

/**
 * What the route transform cannot do, done once on the built document: the error answers become
 * `$ref`s to one named response each (their body the ApiError schema), the tags are declared, and
 * only the schemas the operations use are kept (the registry names the whole contract's); a
 * request schema whose input form is the same as its answer form keeps one name.
 */
export function finishDocument(built: Json, service: OpenApiOptions['service']): Json {
  const document = structuredClone(built) as Json & { paths: Record<string, Record<string, Json>>; components: Json };
  const schemas = (document.components.schemas ??= {}) as Record<string, Json>;
  const apiError = schemaNameOf(apiErrorSchema) ?? 'ApiError';
  const responses: Record<string, Json> = {};
  const tags = new Set<string>();
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      if (!operation || typeof operation !== 'object' || !operation.responses) continue;
      for (const tag of (operation.tags as string[] | undefined) ?? []) tags.add(tag);
      const answers = operation.responses as Record<string, Json>;
      for (const [status, answer] of Object.entries(answers)) {
        const description = answer.description as string | undefined;
        // @fastify/swagger's placeholder for an answer declared as a bare schema.
        if (description === 'Default Response') answer.description = STATUS_TEXT[status] ?? `HTTP ${status}`;
        if (!description?.startsWith(ERROR_MARKER)) continue;
        const error = ERRORS[Number(description.slice(ERROR_MARKER.length)) as ErrorStatus];
        responses[error.name] ??= {
          description: error.description,
          content: { 'application/json': { schema: { $ref: `${COMPONENT_PREFIX}${apiError}` } } },
        };
        answers[status] = { $ref: `#/components/responses/${error.name}` };
      }
    }
  }
  document.components.responses = responses;
  document.tags = [...tags].sort().map((name) => ({
    name,
    description:
      name === SERVICE_TAG
        ? 'The service itself: health, readiness, metrics and this document'
        : `The ${words(name)} area (${service === 'bff' ? 'bff' : 'points-api'}/src/features/${name})`,
  }));
  mergeInputNames(document, schemas);
  pruneSchemas(document, schemas);
  return document;
}

/** Every `$ref` under `value`. */
function refsIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const entry of value) refsIn(entry, found);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(COMPONENT_PREFIX))
        found.add(child.slice(COMPONENT_PREFIX.length));
      else refsIn(child, found);
    }
  }
  return found;
}

/** Keeps the schemas the paths use, directly or through another schema. */
function pruneSchemas(document: Json, schemas: Record<string, Json>): void {
  const { components, ...rest } = document;
  const used = refsIn(rest, new Set());
  refsIn((components as Json).responses, used);
  const queue = [...used];
  while (queue.length) {
    for (const ref of refsIn(schemas[queue.pop()!], new Set())) {
      if (!used.has(ref)) {
        used.add(ref);
        queue.push(ref);
      }
    }
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  (components as Json).schemas = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * zod names a schema's request form `<Name>Input` (defaults make fields optional there): where the
 * two forms are the same, or the answer form is never used, the request form takes the plain name.
 */
function mergeInputNames(document: Json, schemas: Record<string, Json>): void {
  const { components, ...rest } = document;
  const used = refsIn(rest, new Set());
  for (const name of Object.keys(schemas)) for (const ref of refsIn(schemas[name], new Set())) used.add(ref);
  const renames = new Map<string, string>();
  for (const name of Object.keys(schemas)) {
    if (!name.endsWith('Input')) continue;
    const plain = name.slice(0, -'Input'.length);
    if (!schemas[plain] || !used.has(plain) || JSON.stringify(schemas[plain]) === JSON.stringify(schemas[name])) renames.set(name, plain);
  }
  if (!renames.size) return;
  const rename = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rename);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => {
        if (key === '$ref' && typeof child === 'string' && child.startsWith(COMPONENT_PREFIX)) {
          const target = child.slice(COMPONENT_PREFIX.length);
          return [key, `${COMPONENT_PREFIX}${renames.get(target) ?? target}`];
        }
        return [key, rename(child)];
      }),
    );
  };
  for (const [from, to] of renames) {
    schemas[to] = schemas[from]!;
    delete schemas[from];
  }
  for (const key of Object.keys(document)) if (key !== 'components') document[key] = rename(document[key]);
  for (const name of Object.keys(schemas)) schemas[name] = rename(schemas[name]) as Json;
  const responses = (components as Json).responses;
  if (responses) (components as Json).responses = rename(responses);
}

/** Scalar's page and assets, public (the guard reads `config.auth`), hidden from the document. */
async function registerReferencePage(app: FastifyInstance): Promise<void> {
  // ESM-only: loaded only where the page is served (Node ≥20.19 requires ESM; under jest it is mocked).
  const { default: scalar } = await import('@scalar/fastify-api-reference');
  // The guard's onRoute hook runs before this scope's (which makes the routes public): it needs a
  // scope to accept them, though no permission is asked of a public route.
  await withPermissionScope(app, 'self', () =>
    app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, auth: 'public' };
      });
      await scope.register(scalar, {
        routePrefix: REFERENCE_PATH,
        configuration: { url: OPENAPI_PATH },
      });
    }),
  );
}

const pages = new WeakMap<z.ZodType, z.ZodType>();
/** A page of a list (the contract's `Page<T>`) as a response schema: `<Item>Page`, one per item schema. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  derivedSchema(pages, 'Page', item, () =>
    z.object({
      items: z.array(item),
      total: z.number().int(),
      totalCapped: z.boolean().optional(),
      page: z.number().int(),
      pageSize: z.number().int(),
    }),
  ) as z.ZodObject<{
    items: z.ZodArray<T>;
    total: z.ZodNumber;
    totalCapped: z.ZodOptional<z.ZodBoolean>;
    page: z.ZodNumber;
    pageSize: z.ZodNumber;
  }>;

/** `{ ok: true }`: a change that answers nothing else (a delete). */
export const okSchema = z.object({ ok: z.literal(true) });
nameSchema(okSchema, 'Ok');

/** GET …/export.csv: a CSV file (streamed; documented, never serialized). */
export const csvResponse = { description: 'A CSV file (UTF-8, header row first)', content: { 'text/csv': { schema: z.string() } } };
