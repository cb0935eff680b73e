import { z } from 'zod';
import { wholeNumber } from './fields';
import { listQuerySchema, versionedRecordShape, versionSchema } from './common';
import { defineDocument, defineResource } from './resource';
import { pointsAmountSchema } from './pointsSettings';
import { lazy } from './lazy';

// The points games (served by the points API, `pointsApiBase`): lootboxes, each a resource, and the
// spin wheel, one versioned document.

/** What a lootbox or a wheel segment gives: a catalogue item (itemId) or points. */
export const POINTS_REWARD_KINDS = ['item', 'points'] as const;
export type PointsRewardKind = (typeof POINTS_REWARD_KINDS)[number];

const rewardShape = {
  kind: lazy(() => z.enum(POINTS_REWARD_KINDS, { message: 'Pick item or points' })),
  /** The catalogue item of an item reward; null for points. */
  // An empty field (undefined, '', NaN) is "no item": required only for an item reward (checkRewardItems).
  itemId: lazy(() =>
    z.preprocess(
      (value) => (value === undefined || value === '' || Number.isNaN(value) ? null : value),
      z.coerce
        .number({ message: 'Enter an item id' })
        .check(wholeNumber('Enter an item id'))
        .min(1, 'Enter an item id')
        .max(2_147_483_647, 'Enter an item id')
        .nullable(),
    ),
  ),
  amount: lazy(() =>
    z.coerce
      .number({ message: 'Enter an amount' })
      .check(wholeNumber('The amount is a whole number'))
      .min(1, 'The amount is at least 1')
      .max(1_000_000_000, 'At most 1,000,000,000'),
  ),
};

/** An item reward names its item; a points reward none. Issues at `<path>.<i>.itemId`. */
function checkRewardItems(rows: readonly { kind: PointsRewardKind; itemId: number | null }[], ctx: z.RefinementCtx, path: string) {
  rows.forEach((row, index) => {
    if (row.kind === 'item' && row.itemId === null)
      ctx.addIssue({ code: 'custom', path: [path, index, 'itemId'], message: 'Enter an item id' });
  });
}

/** 100.00% in basis points: probabilities are stored exactly as integers and add up to this. */
export const BASIS_POINTS_TOTAL = 10_000;
export const LOOTBOX_REWARDS_MAX = 50;

/** Basis points as a percent with two decimals: 1234 → "12.34". */
export const basisPointsToPercent = (bp: number) => (bp / 100).toFixed(2);

/** The running total of typed probabilities (non-numbers count as 0), and what is missing or over. */
export function probabilityTotal(probabilities: readonly unknown[]): { total: number; missing: number; over: number } {
  const total = probabilities.reduce<number>((sum, p) => {
    const n = Number(p);
    return sum + (Number.isInteger(n) && n > 0 ? n : 0);
  }, 0);
  return { total, missing: Math.max(0, BASIS_POINTS_TOTAL - total), over: Math.max(0, total - BASIS_POINTS_TOTAL) };
}

const lootboxRewardSchema = lazy(() =>
  z.object({
    ...rewardShape,
    probability: z.coerce
      .number({ message: 'Enter a probability' })
      .check(wholeNumber('Basis points are whole numbers (100 = 1%)'))
      .min(1, 'At least 1 basis point (0.01%)')
      .max(BASIS_POINTS_TOTAL, 'At most 10000 (100%)'),
  }),
);

const lootboxFields = lazy(() =>
  z.object({
    name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is at most 100 characters'),
    price: pointsAmountSchema,
    rewards: z
      .array(lootboxRewardSchema, { message: 'Add at least one reward' })
      .min(1, 'Add at least one reward')
      .max(LOOTBOX_REWARDS_MAX, `At most ${LOOTBOX_REWARDS_MAX} rewards`),
  }),
);

/** The rewards' probabilities add up to exactly 100.00%, else an error on `rewards` saying by how much. */
function checkLootbox(input: z.infer<typeof lootboxFields>, ctx: z.RefinementCtx) {
  checkRewardItems(input.rewards, ctx, 'rewards');
  const { total, missing, over } = probabilityTotal(input.rewards.map((r) => r.probability));
  if (total !== BASIS_POINTS_TOTAL) {
    const gap = missing > 0 ? `${basisPointsToPercent(missing)}% missing` : `${basisPointsToPercent(over)}% over`;
    ctx.addIssue({
      code: 'custom',
      path: ['rewards'],
      message: `Probabilities add up to ${basisPointsToPercent(total)}%; they must add up to exactly 100.00% (${gap})`,
    });
  }
}

export const lootboxCreateSchema = lazy(() => lootboxFields.superRefine(checkLootbox));
export type LootboxCreate = z.infer<typeof lootboxCreateSchema>;
export const lootboxUpdateSchema = lazy(() => lootboxFields.extend({ version: versionSchema }).superRefine(checkLootbox));
export type LootboxUpdate = z.infer<typeof lootboxUpdateSchema>;

const rewardRecordShape = {
  kind: lazy(() => z.enum(POINTS_REWARD_KINDS)),
  itemId: lazy(() => z.number().int().nullable()),
  amount: lazy(() => z.number().int()),
};
export const lootboxSchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    name: z.string(),
    price: z.number().int(),
    /** In the order the admin set; probability in basis points (sum 10000). */
    rewards: z.array(z.object({ ...rewardRecordShape, probability: z.number().int() })),
  }),
);
export type Lootbox = z.infer<typeof lootboxSchema>;

export const lootboxQuerySchema = listQuerySchema;
export const LOOTBOX_SORTS = ['name', 'price', 'updatedAt'] as const;

export const lootboxesResource = defineResource({
  scope: 'economy',
  path: '/lootboxes',
  api: 'points',
  target: 'pointsLootbox',
  noun: 'lootbox',
  plural: 'lootboxes',
  schemas: { record: lootboxSchema, create: lootboxCreateSchema, update: lootboxUpdateSchema, query: lootboxQuerySchema },
  sorts: LOOTBOX_SORTS,
  defaultSort: { sort: 'name', order: 'asc' },
  csv: { filename: 'lootboxes.csv', columns: ['id', 'name', 'price', 'version', 'updatedAt', 'updatedBy'] },
});

export const SPIN_SEGMENTS_MIN = 2;
export const SPIN_SEGMENTS_MAX = 24;
export const SPIN_WEIGHT_MAX = 1_000_000;
export const FREE_SPINS_PER_DAY_MAX = 100;

const spinSegmentSchema = lazy(() =>
  z.object({
    ...rewardShape,
    weight: z.coerce
      .number({ message: 'Enter a weight' })
      .check(wholeNumber('The weight is a whole number'))
      .min(1, 'The weight is more than 0')
      .max(SPIN_WEIGHT_MAX, 'The weight is at most 1,000,000'),
  }),
);

export const spinWheelUpdateSchema = lazy(() =>
  z
    .object({
      segments: z
        .array(spinSegmentSchema, { message: 'Add the wheel segments' })
        .min(SPIN_SEGMENTS_MIN, `A wheel has at least ${SPIN_SEGMENTS_MIN} segments`)
        .max(SPIN_SEGMENTS_MAX, `A wheel has at most ${SPIN_SEGMENTS_MAX} segments`),
      freeSpinsPerDay: z.coerce
        .number({ message: 'Enter a number of spins' })
        .check(wholeNumber('Whole spins'))
        .min(0, 'At least 0')
        .max(FREE_SPINS_PER_DAY_MAX, `At most ${FREE_SPINS_PER_DAY_MAX}`),
      version: versionSchema,
    })
    .superRefine((input, ctx) => checkRewardItems(input.segments, ctx, 'segments')),
);
export type SpinWheelUpdate = z.infer<typeof spinWheelUpdateSchema>;

export const spinWheelSchema = lazy(() =>
  z.object({
    /** `chance`: the percent a player is shown (dropChances of the weights, adding up to exactly 100). */
    segments: z.array(z.object({ ...rewardRecordShape, weight: z.number().int(), chance: z.number() })),
    freeSpinsPerDay: z.number().int(),
    version: versionSchema,
    updatedAt: z.string(),
    updatedBy: z.string().nullable(),
  }),
);
export type SpinWheel = z.infer<typeof spinWheelSchema>;

/** The one spin wheel: segments with weights and free spins a day, versioned with history. */
export const spinWheelDocument = defineDocument({
  scope: 'economy',
  path: '/settings/spin',
  api: 'points',
  target: 'pointsSpin',
  noun: 'spin wheel',
  schemas: { record: spinWheelSchema, update: spinWheelUpdateSchema },
});
