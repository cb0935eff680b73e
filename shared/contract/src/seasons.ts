import { z } from 'zod';
import { listQuerySchema, versionedRecordShape, versionSchema } from './common';
import { defineResource } from './resource';
import { isoDateTimeSchema, endAfterStart, optionalQueryEnum, wholeNumber } from './fields';
import { itemQuantityRowSchema } from './items';
import { lazy } from './lazy';

export const SEASON_STATUSES = ['upcoming', 'active', 'ended'] as const;
export type SeasonStatus = (typeof SEASON_STATUSES)[number];
export const SEASON_TIERS_MAX = 100;

const reward = itemQuantityRowSchema;
const tierSchema = lazy(() =>
  z.object({
    level: z.coerce
      .number({ message: 'Enter a level' })
      .check(wholeNumber('The level is a whole number'))
      .min(1, 'The level is at least 1')
      .max(1000, 'The level is at most 1,000'),
    xpRequired: z.coerce
      .number({ message: 'Enter the XP required' })
      .check(wholeNumber('XP is a whole number'))
      .min(0, 'XP is at least 0')
      .max(1_000_000_000, 'XP is at most 1,000,000,000'),
    freeReward: reward,
    premiumReward: reward,
  }),
);
export type SeasonTier = z.infer<typeof tierSchema>;

const seasonFields = lazy(() =>
  z.object({
    name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is at most 100 characters'),
    startsAt: isoDateTimeSchema,
    endsAt: isoDateTimeSchema,
    premiumPrice: z.coerce
      .number({ message: 'Enter a price' })
      .check(wholeNumber('The price is a whole number'))
      .min(0, 'The price is at least 0')
      .max(100_000_000, 'The price is at most 100,000,000'),
    tiers: z
      .array(tierSchema, { message: 'Add at least one tier' })
      .min(1, 'Add at least one tier')
      .max(SEASON_TIERS_MAX, `At most ${SEASON_TIERS_MAX} tiers`),
  }),
);

const checkPeriod = () => endAfterStart('endsAt', 'startsAt', 'The end must be after the start');

function checkSeason(input: { startsAt: string; endsAt: string; tiers: SeasonTier[] }, ctx: z.RefinementCtx) {
  input.tiers.forEach((tier, i) => {
    if (i === 0) return;
    const previous = input.tiers[i - 1];
    if (tier.level <= previous.level)
      ctx.addIssue({ code: 'custom', path: ['tiers', i, 'level'], message: 'Levels go up from one tier to the next' });
    if (tier.xpRequired <= previous.xpRequired) {
      ctx.addIssue({ code: 'custom', path: ['tiers', i, 'xpRequired'], message: 'XP required goes up strictly from one tier to the next' });
    }
  });
}

export const seasonCreateSchema = lazy(() => seasonFields.superRefine(checkSeason).check(checkPeriod()));
export type SeasonCreate = z.infer<typeof seasonCreateSchema>;
export const seasonUpdateSchema = lazy(() => seasonFields.extend({ version: versionSchema }).superRefine(checkSeason).check(checkPeriod()));
export type SeasonUpdate = z.infer<typeof seasonUpdateSchema>;

export const seasonSchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    name: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    premiumPrice: z.number().int(),
    tiers: z.array(tierSchema),
    status: z.enum(SEASON_STATUSES),
  }),
);
export type Season = z.infer<typeof seasonSchema>;

export const seasonQuerySchema = lazy(() =>
  listQuerySchema.extend({ status: optionalQueryEnum(SEASON_STATUSES, 'Pick upcoming, active or ended') }),
);
export const SEASON_SORTS = ['name', 'startsAt', 'updatedAt'] as const;

/** Season pass: seasons never overlap; once started their tiers and XP are fixed; once ended read-only. */
export const seasonsResource = defineResource({
  scope: 'economy',
  path: '/seasons',
  target: 'season',
  noun: 'season',
  schemas: { record: seasonSchema, create: seasonCreateSchema, update: seasonUpdateSchema, query: seasonQuerySchema },
  sorts: SEASON_SORTS,
  defaultSort: { sort: 'startsAt', order: 'desc' },
  csv: {
    filename: 'seasons.csv',
    columns: ['id', 'name', 'startsAt', 'endsAt', 'premiumPrice', 'status', 'version', 'updatedAt', 'updatedBy'],
  },
});
