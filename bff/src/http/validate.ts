import { z } from 'zod';
import { validationFailed, type FieldErrors } from './errors';

/** Key under which errors that belong to no field (e.g. body is not an object) are reported. */
export const FORM_ERROR_KEY = '_form';

/** Parses with a contract schema; a failure becomes 400 validation_failed with fieldErrors. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
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
