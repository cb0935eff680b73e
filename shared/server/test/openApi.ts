import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { JsonSchema } from './arbitraries';

/**
 * What the generated suites (authorization matrix, fuzzing) and the document test read from a
 * service's GET /openapi.json: its routes, who may call them, and their request schemas.
 */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, JsonSchema>; responses?: Record<string, unknown> };
}

interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}

export interface DocumentedRoute {
  method: string;
  /** Fastify's form: /news/:id. */
  url: string;
  /** false: `security: []` (no token). */
  needsToken: boolean;
  /** The JSON body's schema, when the route takes one. */
  body?: JsonSchema;
  /** The query string as one object schema, when the route takes one. */
  query?: JsonSchema;
  responses: string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** GET /openapi.json without a token (it is public), as the service serves it. */
export async function fetchOpenApi(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`GET /openapi.json answered ${response.statusCode}: ${response.body}`);
  return response.json<OpenApiDocument>();
}

/**
 * `schema` with every `$ref` to the document's named schemas replaced by the schema itself (a
 * recursive one stays a `$ref` where it recurs): what the suites that read a body's or a query's
 * shape (fuzzing, the role matrix) need.
 */
export function inlineRefs<T>(document: OpenApiDocument, schema: T, seen: readonly string[] = []): T {
  if (Array.isArray(schema)) return schema.map((entry) => inlineRefs(document, entry, seen)) as T;
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  const prefix = '#/components/schemas/';
  if (typeof ref === 'string' && ref.startsWith(prefix)) {
    const name = ref.slice(prefix.length);
    const target = document.components?.schemas?.[name];
    if (!target || seen.includes(name)) return schema;
    const { $ref: _ref, ...rest } = schema as Record<string, unknown>;
    return { ...(inlineRefs(document, target, [...seen, name]) as object), ...inlineRefs(document, rest, seen) } as T;
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlineRefs(document, value, seen)])) as T;
}

export function documentedRoutes(document: OpenApiDocument): DocumentedRoute[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const operation = item[method]!;
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
      return {
        method: method.toUpperCase(),
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        needsToken: !(operation.security && operation.security.length === 0),
        body: inlineRefs(document, operation.requestBody?.content?.['application/json']?.schema),
        query: query.length
          ? {
              type: 'object',
              properties: Object.fromEntries(query.map((p) => [p.name, inlineRefs(document, p.schema ?? {})])),
              required: query.filter((p) => p.required).map((p) => p.name),
            }
          : undefined,
        responses: Object.keys(operation.responses ?? {}),
      };
    }),
  );
}

/** Every route the service registered (Fastify's onRoute, http/auth.ts), but HEAD and OPTIONS (answered by Fastify and CORS). */
export function registeredRoutes(app: FastifyInstance): { method: string; url: string }[] {
  return app.routeTable.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS').map(({ method, url }) => ({ method, url }));
}

/**
 * Validates the document with @seriousme/openapi-schema-validator (OpenAPI 3.1's own JSON
 * Schema). The package is ESM-only and reads its schemas next to itself (import.meta.url), so it
 * runs in a child Node process, where ESM is native.
 */
export function validateOpenApi(document: OpenApiDocument): { valid: boolean; errors?: unknown } {
  const entry = pathToFileURL(createRequire(__filename).resolve('@seriousme/openapi-schema-validator')).href;
  const script =
    `const { Validator } = await import(${JSON.stringify(entry)});` +
    "let text = ''; for await (const chunk of process.stdin) text += chunk;" +
    'const result = await new Validator().validate(JSON.parse(text));' +
    'process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.errors }));';
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { input: JSON.stringify(document), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the OpenAPI validator failed to run: ${run.stderr}`);
  return JSON.parse(run.stdout) as { valid: boolean; errors?: unknown };
}
