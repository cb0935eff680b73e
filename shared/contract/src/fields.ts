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
 * The params of `.int()` with its message. zod's int check also refuses whole numbers past 2^53
 * (its safe range) with that message, so "20 nines" read "Points are whole numbers": past that
 * range every number is whole, and the check is skipped there, leaving it to the bounds (each such
 * schema has a max) to say it is too large.
 */
export function wholeNumber(message: string) {
  return {
    message,
    when: (payload: { value: unknown }) => typeof payload.value === 'number' && Math.abs(payload.value) <= Number.MAX_SAFE_INTEGER,
  };
}

/** True when both are valid ISO datetimes and `end` is strictly later than `start`. */
export function isStrictlyAfter(end: string | null | undefined, start: string | null | undefined): boolean {
  if (!end || !start) return true;
  const e = Date.parse(end);
  const s = Date.parse(start);
  return Number.isNaN(e) || Number.isNaN(s) || e > s;
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
