import { z } from 'zod';
import { listQuerySchema, versionedRecordShape } from './common';
import { isoDateTimeSchema } from './fields';
import { defineResource } from './resource';

/**
 * Double-up season history: read-only (written by the game), one row per season with its period
 * and totals; the house result is what the house kept (wagered − paid out, negative when it lost).
 */
export const doubleupSeasonSchema = z.object({
  ...versionedRecordShape,
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  participants: z.number().int(),
  totalWagered: z.number().int(),
  paidOut: z.number().int(),
  houseResult: z.number().int(),
});
export type DoubleupSeason = z.infer<typeof doubleupSeasonSchema>;

/** GET /doubleup-seasons/:id/top-participants: the season's top players by net result. */
export const doubleupParticipantSchema = z.object({
  rank: z.number().int(),
  playerId: z.number().int(),
  wagered: z.number().int(),
  paidOut: z.number().int(),
  net: z.number().int(),
  rounds: z.number().int(),
});
export type DoubleupParticipant = z.infer<typeof doubleupParticipantSchema>;
export const DOUBLEUP_TOP_PARTICIPANTS = 10;

const optionalInstant = z.preprocess((v) => (v === '' ? undefined : v), isoDateTimeSchema.optional());

/** `from`/`to`: seasons whose period overlaps that window. */
export const doubleupSeasonQuerySchema = listQuerySchema
  .extend({ from: optionalInstant, to: optionalInstant })
  .superRefine((query, ctx) => {
    if (query.from && query.to && Date.parse(query.from) > Date.parse(query.to)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: '"From" must be before "To"' });
    }
  });
export type DoubleupSeasonQuery = z.infer<typeof doubleupSeasonQuerySchema>;

export const DOUBLEUP_SEASON_SORTS = ['startsAt', 'participants', 'totalWagered', 'paidOut', 'houseResult'] as const;

export const doubleupSeasonResource = defineResource({
  path: '/doubleup-seasons',
  target: 'doubleupSeason',
  noun: 'double-up season',
  schemas: { record: doubleupSeasonSchema, create: z.never(), update: z.never(), query: doubleupSeasonQuerySchema },
  sorts: DOUBLEUP_SEASON_SORTS,
  defaultSort: { sort: 'startsAt', order: 'desc' },
  csv: {
    filename: 'doubleup-seasons.csv',
    columns: ['id', 'name', 'startsAt', 'endsAt', 'participants', 'totalWagered', 'paidOut', 'houseResult'],
  },
  remove: false,
});
