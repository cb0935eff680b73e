import { z } from 'zod';
import { lazy } from './lazy';

const EARLIEST_INSTANT = Date.parse('1900-01-01T00:00:00Z');
const LATEST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * Building blocks shared by the SYSTEM areas (news, maintenance, flags, world messages, players).
 * Datetimes travel as ISO 8601 with an offset ('Z' or '+09:00'); the BFF answers in UTC ('Z').
 */
export const isoDateTimeSchema = lazy(() =>
  z.iso
    .datetime({
      offset: true,
      error: (issue) => (issue.input === undefined ? 'Required' : 'Enter a date and time with a time zone'),
    })
    // What PostgreSQL's timestamptz accepts (offsets within ±15:59, no year 0) and what reads back
    // intact (drivers turn years below 100 into 19xx/20xx): years 1900 to 9999.
    .refine((value) => !/[+-](1[6-9]|2\d):?\d\d$/.test(value), 'The time zone offset must be within ±15:59')
    .refine((value) => {
      const at = Date.parse(value);
      if (Number.isNaN(at)) return true; // not a datetime at all: the format check says so
      return at >= EARLIEST_INSTANT && at <= LATEST_INSTANT;
    }, 'Enter a date between the years 1900 and 9999'),
);

/**
 * A whole-number check with its message, for `z.number().check(wholeNumber('…'))` in place of
 * zod's `.int('…')`, which says its message for whole numbers past 2^53 too (so "20 nines" read
 * "Points are whole numbers": here every number that large is whole, and the schema's max says it
 * is too large) and stops the object's other checks (a fractional value hid the cross-field errors,
 * endAfterStart). Documented as an integer all the same.
 */
export function wholeNumber(message: string) {
  const check = z.refine<number>((value) => Number.isInteger(value), message);
  check._zod.onattach.push((schema) => {
    schema._zod.bag.format = 'safeint'; // what .int() sets: JSON Schema says "integer"
  });
  return check;
}

/** True when both are valid ISO datetimes and `end` is strictly later than `start`. */
export function isStrictlyAfter(end: string | null | undefined, start: string | null | undefined): boolean {
  if (!end || !start) return true;
  const e = Date.parse(end);
  const s = Date.parse(start);
  return Number.isNaN(e) || Number.isNaN(s) || e > s;
}

/**
 * An object's "end after start" check that runs with its fields' checks: zod skips an object's
 * refinements once one of its fields failed outright (a missing or mistyped value), so a form
 * would show this error only after the others were fixed. This one runs whenever both dates are
 * there to compare (strings, or an end of null), whatever the other fields hold; the issue is on
 * the end. Use it as `schema.check(endAfterStart(...))`.
 */
export function endAfterStart(end: string, start: string, message: string) {
  const read = (value: unknown, key: string): unknown => (value as Record<string, unknown>)[key];
  const comparable = (value: unknown) => value === null || value === undefined || typeof value === 'string';
  return z.superRefine(
    (input: unknown, ctx) => {
      if (!isStrictlyAfter(read(input, end) as string | null, read(input, start) as string | null)) {
        ctx.addIssue({ code: 'custom', path: [end], message });
      }
    },
    {
      when: (payload) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        comparable(read(payload.value, end)) &&
        comparable(read(payload.value, start)),
    },
  );
}

/** A list filter from the query string: '' (an empty select) means "no filter". */
export function optionalQueryEnum<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values, { message }).optional());
}

/** ?enabled=true|false (or '' for no filter) → boolean | undefined. */
export const queryBooleanSchema = lazy(() =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .enum(['true', 'false'], { message: 'Use true or false' })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true')),
  ),
);
