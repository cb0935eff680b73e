import type { z } from 'zod';
import type { KeyedMessage } from '@phoenix/contract';

/**
 * The errors of the server's data layer (versioned resources and documents, paging): what went
 * wrong in the domain's terms, never an HTTP status. The http layer (http/errors.ts) answers each
 * in the API's error shape: not found 404, conflict 409 with `current`, invalid input 400 with
 * field errors.
 */
export type FieldErrors = Record<string, string[]>;

/** Key under which errors that belong to no field (e.g. body is not an object) are reported. */
export const FORM_ERROR_KEY = '_form';

export class DomainError extends Error {}

/** The record asked for does not exist (or no longer does). */
export class NotFoundError extends DomainError {
  override name = 'NotFoundError';
}

/** A message as thrown: a fixed English text, or a reason built from values by key (errorTemplates.ts). */
export type ErrorText = string | KeyedMessage;
export const textOf = (message: ErrorText): string => (typeof message === 'string' ? message : message.text);
export const keyedOf = (message: ErrorText): KeyedMessage | undefined => (typeof message === 'string' ? undefined : message);

/** Someone else saved first, or the record may no longer change: `current` is the record as it is now. */
export class ConflictError extends DomainError {
  override name = 'ConflictError';
  readonly keyed: KeyedMessage | undefined;
  constructor(
    readonly current: unknown,
    message: ErrorText = 'Someone else changed this record. Review their version and try again.',
  ) {
    super(textOf(message));
    this.keyed = keyedOf(message);
  }
}

/** Input the rules refuse, by field. */
export class InvalidInputError extends DomainError {
  override name = 'InvalidInputError';
  constructor(
    readonly fieldErrors: FieldErrors,
    message = 'Some fields are invalid',
  ) {
    super(message);
  }
}

/** A zod error's issues by field path (FORM_ERROR_KEY for the whole input). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : FORM_ERROR_KEY;
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}
