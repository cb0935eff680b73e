import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FORM_ERROR_KEY, validationFailed, type FieldErrors } from './errors';

export { FORM_ERROR_KEY };

type ParseObserver = (schema: z.ZodType, input: unknown) => void;
let parseObserver: ParseObserver | null = null;

/**
 * For the generated test suites: see which schema parses which input, so the fuzz suite can
 * derive each route's bodies from the schema the route really uses. Null stops observing.
 */
export function observeParsedInputs(observer: ParseObserver | null): void {
  parseObserver = observer;
}

/** Parses with a contract schema; a failure becomes 400 validation_failed with fieldErrors. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  parseObserver?.(schema, input);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationFailed(fieldErrorsOf(result.error));
}

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : FORM_ERROR_KEY;
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

/** A `sort` query value checked against the sorts a list allows. */
export function parseSort<const T extends readonly string[]>(sort: string | undefined, allowed: T): T[number] | undefined {
  if (sort === undefined || sort === '') return undefined;
  if ((allowed as readonly string[]).includes(sort)) return sort as T[number];
  throw validationFailed({ sort: [`Sort by one of: ${allowed.join(', ')}`] });
}

/** Escapes LIKE wildcards so user text is matched literally (used with ILIKE ... ESCAPE '\'). */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const NUL = '\u0000';
export const NUL_MESSAGE = 'Must not contain a NUL character';

/**
 * The path of the first string (value or key) holding a NUL character, or null. Runs on every
 * body: an array's entries are walked by index and a path is built only for what can hold a
 * string (a list of 100,000 player ids was 100,000 entry pairs and paths, 20 ms a request).
 */
export function findNul(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'string') {
        if (item.includes(NUL)) return [...path, String(i)];
      } else if (typeof item === 'object' && item !== null) {
        const found = findNul(item, [...path, String(i)]);
        if (found) return found;
      }
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, key];
    const found = findNul(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL cannot store a NUL character in text or jsonb: refuse it in every route's body,
 * query and path parameters, before any handler runs (400 on the field, never a 500).
 */
export function installInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const input of [request.params, request.query, request.body]) {
      const path = findNul(input);
      if (path) throw validationFailed({ [path.length ? path.join('.') : FORM_ERROR_KEY]: [NUL_MESSAGE] });
    }
  });
}
