import { z } from 'zod';

/**
 * Building blocks shared by the SYSTEM areas (news, maintenance, flags, world messages, players).
 * Datetimes travel as ISO 8601 with an offset ('Z' or '+09:00'); the BFF answers in UTC ('Z').
 */
export const isoDateTimeSchema = z.iso.datetime({
  offset: true,
  error: (issue) => (issue.input === undefined ? 'Required' : 'Enter a date and time with a time zone'),
});

/** True when both are valid ISO datetimes and `end` is strictly later than `start`. */
export function isStrictlyAfter(end: string | null | undefined, start: string | null | undefined): boolean {
  if (!end || !start) return true;
  const e = Date.parse(end);
  const s = Date.parse(start);
  return Number.isNaN(e) || Number.isNaN(s) || e > s;
}

/** A list filter from the query string: '' (an empty select) means "no filter". */
export function optionalQueryEnum<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(values, { message }).optional(),
  );
}

/** ?enabled=true|false (or '' for no filter) → boolean | undefined. */
export const queryBooleanSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .enum(['true', 'false'], { message: 'Use true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
);
