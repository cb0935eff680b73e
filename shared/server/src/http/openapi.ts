import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@phoenix/contract';
import { withPermissionScope, type AuthLevel } from './auth';
import { validationFailed } from './errors';
import { limitedKindOf } from './requestLimits';
import { fieldErrorsOf } from './validate';

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
      '`{ error: { code, message, fieldErrors?, current? } }`; lists take page, pageSize, sort, order and q.',
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

const errorJson = z.toJSONSchema(apiErrorSchema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' });
const { $schema: _dialect, ...errorBody } = errorJson as Record<string, unknown>;
const errorResponse = (description: string) => ({ ...errorBody, description });

const ERRORS = {
  400: errorResponse('validation_failed: `fieldErrors` maps each field (a dotted path; `_form` for the whole body) to its messages'),
  401: errorResponse('unauthorized: no `token` header, or the session has ended'),
  403: errorResponse('forbidden: the account is not allowed to do this (role 2 only)'),
  404: errorResponse('not_found: no such record'),
  409: errorResponse('conflict: someone else saved first (`current` is the record as it is now), or the change was already made'),
  429: errorResponse(
    "too_many_requests: past the admin's limit on searches or exports (requestLimits.ts); `Retry-After` says when to try again",
  ),
};

/** True when a request schema (JSON Schema) carries `version`: an optimistic lock, so a stale one is a 409. */
function carriesVersion(jsonSchema: unknown): boolean {
  const properties = (jsonSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties !== undefined && 'version' in properties;
}

/**
 * The zod → JSON Schema transform, plus what every operation shares: its auth requirement (the
 * `token` header, or none for the public routes) and the error answers it can give.
 */
function documentRoutes(): SwaggerTransform {
  const zodToJson = createJsonSchemaTransform({});
  return (input) => {
    const { schema, url } = zodToJson({ ...input, schema: input.schema ?? {} }) as { schema: Record<string, unknown>; url: string };
    if (schema.hide) return { schema, url };
    const auth: AuthLevel = (input.route.config as { auth?: AuthLevel } | undefined)?.auth ?? 'admin';
    const declared = (schema.response ?? {}) as Record<string, unknown>;
    const response: Record<string, unknown> = {};
    if (!Object.keys(declared).some((status) => status.startsWith('2'))) response[200] = { description: 'Success' };
    Object.assign(response, declared);
    response[400] ??= ERRORS[400];
    // A public route may still take a credential of its own (the game server's bearer token).
    const ownSecurity = schema.security as unknown[] | undefined;
    if (auth !== 'public' || ownSecurity) response[401] ??= ERRORS[401];
    if (auth === 'admin' || auth === 'enrolment' || ownSecurity) response[403] ??= ERRORS[403];
    if (url.includes(':')) response[404] ??= ERRORS[404];
    if (carriesVersion(schema.body) || carriesVersion(schema.querystring)) response[409] ??= ERRORS[409];
    if ([input.route.method].flat().some((method) => limitedKindOf(method, input.route.url))) response[429] ??= ERRORS[429];
    return { schema: { ...schema, response, security: ownSecurity ?? (auth === 'public' ? [] : [{ token: [] }]) }, url };
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
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { ...SERVICES[options.service], version: '1.0.0' },
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
    transform: documentRoutes(),
  });

  app.get(OPENAPI_PATH, { config: { auth: 'public' }, schema: { summary: 'This document (OpenAPI 3.1)' } }, async () => app.swagger());

  if (options.reference) await registerReferencePage(app);
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

/** A page of a list (the contract's `Page<T>`) as a response schema. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    totalCapped: z.boolean().optional(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** `{ ok: true }`: a change that answers nothing else (a delete). */
export const okSchema = z.object({ ok: z.literal(true) });

/** GET …/export.csv: a CSV file (streamed; documented, never serialized). */
export const csvResponse = { description: 'A CSV file (UTF-8, header row first)', content: { 'text/csv': { schema: z.string() } } };
