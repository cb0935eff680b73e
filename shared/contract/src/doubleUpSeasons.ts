import { z } from 'zod';
import { listQuerySchema, versionedRecordShape, noBodySchema } from './common';
import { isoDateTimeSchema } from './fields';
import { defineResource } from './resource';
import { lazy } from './lazy';

/**
 * Double-up season history: read-only (written by the game), one row per season with its period
 * and totals; the house result is what the house kept (wagered − paid out, negative when it lost).
 */
export const doubleUpSeasonSchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    name: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    participants: z.number().int(),
    totalWagered: z.number().int(),
    paidOut: z.number().int(),
    houseResult: z.number().int(),
  }),
);
export type DoubleUpSeason = z.infer<typeof doubleUpSeasonSchema>;

/** GET /double-up-seasons/:id/top-participants: the season's top players by net result. */
export const doubleUpParticipantSchema = lazy(() =>
  z.object({
    rank: z.number().int(),
    playerId: z.number().int(),
    wagered: z.number().int(),
    paidOut: z.number().int(),
    net: z.number().int(),
    rounds: z.number().int(),
  }),
);
export type DoubleUpParticipant = z.infer<typeof doubleUpParticipantSchema>;
export const DOUBLE_UP_TOP_PARTICIPANTS = 10;

const optionalInstant = lazy(() => z.preprocess((v) => (v === '' ? undefined : v), isoDateTimeSchema.optional()));

/** `from`/`to`: seasons whose period overlaps that window. */
export const doubleUpSeasonQuerySchema = lazy(() =>
  listQuerySchema.extend({ from: optionalInstant, to: optionalInstant }).superRefine((query, ctx) => {
    if (query.from && query.to && Date.parse(query.from) > Date.parse(query.to)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: '"From" must be before "To"' });
    }
  }),
);
export type DoubleUpSeasonQuery = z.infer<typeof doubleUpSeasonQuerySchema>;

export const DOUBLE_UP_SEASON_SORTS = ['startsAt', 'participants', 'totalWagered', 'paidOut', 'houseResult'] as const;

export const doubleUpSeasonsResource = defineResource({
  scope: 'economy',
  path: '/double-up-seasons',
  target: 'doubleupSeason',
  noun: 'double-up season',
  schemas: { record: doubleUpSeasonSchema, create: noBodySchema, update: noBodySchema, query: doubleUpSeasonQuerySchema },
  sorts: DOUBLE_UP_SEASON_SORTS,
  defaultSort: { sort: 'startsAt', order: 'desc' },
  csv: {
    filename: 'double-up-seasons.csv',
    columns: ['id', 'name', 'startsAt', 'endsAt', 'participants', 'totalWagered', 'paidOut', 'houseResult'],
  },
  remove: false,
});
