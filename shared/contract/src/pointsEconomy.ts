import { z } from 'zod';
import { lazy } from './lazy';
import { wholeNumber } from './fields';
import { LEDGER_ENTRY_KINDS } from './pointAccounts';

// The economy report (points API, GET /economy/report): for a period of whole UTC days, the points
// issued by source, spent by sink, reversed and in circulation, per day; and the reconciliation
// that proves the books balance. A nightly durable job stores the reconciliation (and /metrics
// exposes its figures), so an alert can fire on a mismatch.

export const ECONOMY_PERIOD_DAYS_MAX = 92;
const DAY_MS = 86_400_000;

const dayField = (what: string) =>
  z
    .string({ message: `Pick the ${what} day` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Pick the ${what} day`)
    .refine((value) => {
      const at = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(at) && new Date(at).toISOString().startsWith(value) && value >= '2000-01-01' && value <= '9999-12-31';
    }, `Pick the ${what} day`);

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD: both days included, in UTC, at most ECONOMY_PERIOD_DAYS_MAX days. */
export const economyQuerySchema = lazy(() =>
  z.object({ from: dayField('first'), to: dayField('last') }).superRefine((query, ctx) => {
    const days = (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day is on or after the first' });
    else if (days > ECONOMY_PERIOD_DAYS_MAX) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `A report covers at most ${ECONOMY_PERIOD_DAYS_MAX} days` });
    }
  }),
);
export type EconomyQuery = z.infer<typeof economyQuerySchema>;

const byKind = lazy(() => z.partialRecord(z.enum(LEDGER_ENTRY_KINDS), z.number().int()));

export const economyDaySchema = lazy(() =>
  z.object({
    day: z.string(),
    /** Points credited, by the kind of entry (a reversal is counted apart). */
    issued: byKind,
    /** Points debited, by the kind of entry, as positive numbers. */
    spent: byKind,
    /** Reversals that gave points back (a cancelled round's refunds, a reversed debit). */
    refunded: z.number().int(),
    /** Reversals that took points back (a reversed credit). */
    reversedAway: z.number().int(),
    /** All points held at the end of the day (the sum of every entry until then). */
    circulation: z.number().int(),
    entries: z.number().int(),
  }),
);
export type EconomyDay = z.infer<typeof economyDaySchema>;

/** The reconciliation: every figure 0 when the books balance (`entriesTotal` equals `balancesTotal`). */
export const economyReconciliationSchema = lazy(() =>
  z.object({
    at: z.string(),
    /** The sum of every ledger entry. */
    entriesTotal: z.number().int(),
    /** The sum of every point account's balance. */
    balancesTotal: z.number().int(),
    /** Point accounts whose balance differs from the sum of their entries. */
    accountsOff: z.number().int(),
    /** Lottery tickets without the debit that paid for them (sold before tickets were paid through the ledger). */
    ticketsWithoutDebit: z.number().int(),
    /** Prizes of drawn rounds not paid (their winner had no point account, or the round was drawn before payments). */
    unpaidPrizes: z.number().int(),
    /** The figures that are not 0 (and the totals when they differ): empty when the books balance. */
    mismatches: z.array(z.enum(['totals', 'accountsOff', 'ticketsWithoutDebit', 'unpaidPrizes'])),
  }),
);
export type EconomyReconciliation = z.infer<typeof economyReconciliationSchema>;

export const economyReportSchema = lazy(() =>
  z.object({
    from: z.string(),
    to: z.string(),
    days: z.array(economyDaySchema),
    /** Computed now, one query per figure. */
    reconciliation: economyReconciliationSchema,
    /** The last nightly run's figures (null before the first). */
    lastNightly: economyReconciliationSchema.nullable(),
  }),
);
export type EconomyReport = z.infer<typeof economyReportSchema>;

/** The days a GET /economy/days answer may cover (today included). */
export const ECONOMY_DAYS_MAX = 92;

/** ?days=N: the last N UTC days, today included (1 to ECONOMY_DAYS_MAX). */
export const economyDaysQuerySchema = lazy(() =>
  z.object({
    days: z.coerce
      .number({ message: 'Pick from 1 to 92 days' })
      .check(wholeNumber('Pick from 1 to 92 days'))
      .min(1, { message: 'Pick from 1 to 92 days' })
      .max(ECONOMY_DAYS_MAX, { message: 'Pick from 1 to 92 days' }),
  }),
);
export type EconomyDaysQuery = z.infer<typeof economyDaysQuerySchema>;

/** A day of the daily rollup: an economy day without its circulation. */
export const economyRolledDaySchema = lazy(() => economyDaySchema.omit({ circulation: true }));
export type EconomyRolledDay = z.infer<typeof economyRolledDaySchema>;

/**
 * GET /economy/days: points issued and spent per day, oldest first: the rolled days (the nightly
 * rollup's rows; a day not rolled yet is left out) and today so far (the last item, `today`).
 */
export const economyDaysSchema = lazy(() => z.object({ today: z.string(), days: z.array(economyRolledDaySchema) }));
export type EconomyDays = z.infer<typeof economyDaysSchema>;
