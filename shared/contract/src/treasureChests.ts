import { z } from 'zod';
import { listQuerySchema, versionedRecordShape, versionSchema } from './common';
import { defineResource } from './resource';
import { optionalQueryEnum, wholeNumber } from './fields';
import { itemQuantityRowSchema, noItemTwice } from './items';
import { SHOP_CURRENCIES } from './shop';
import { lazy } from './lazy';

export const TREASURE_CHEST_RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export type TreasureChestRarity = (typeof TREASURE_CHEST_RARITIES)[number];
export const TREASURE_CHEST_DROPS_MAX = 50;
export const DROP_WEIGHT_MAX = 1_000_000;

/**
 * Each drop's chance in percent, to two decimals, as a player is shown it (odds disclosure): the
 * weights' shares rounded by largest remainder, so the shown chances add up to exactly 100.
 * Weights that are not positive numbers count as 0; no positive weight → all 0.
 */
export function dropChances(weights: readonly number[]): number[] {
  const clean = weights.map((w) => (Number.isFinite(w) && w > 0 ? w : 0));
  const total = clean.reduce((sum, w) => sum + w, 0);
  if (total === 0) return clean.map(() => 0);
  const exact = clean.map((w) => (w / total) * 10_000); // in hundredths of a percent
  const floors = exact.map(Math.floor);
  let left = 10_000 - floors.reduce((sum, f) => sum + f, 0);
  const byRemainder = exact.map((e, i) => [e - floors[i], i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder) {
    if (left <= 0) break;
    if (clean[i] > 0) {
      floors[i] += 1;
      left -= 1;
    }
  }
  return floors.map((f) => f / 100);
}

const dropRowSchema = lazy(() =>
  itemQuantityRowSchema.extend({
    weight: z.coerce
      .number({ message: 'Enter a weight' })
      .check(wholeNumber('The weight is a whole number'))
      .min(1, 'The weight is more than 0')
      .max(DROP_WEIGHT_MAX, 'The weight is at most 1,000,000'),
  }),
);

const treasureChestFields = lazy(() =>
  z.object({
    name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is at most 100 characters'),
    rarity: z.enum(TREASURE_CHEST_RARITIES, { message: 'Pick a rarity' }),
    openCost: z.coerce
      .number({ message: 'Enter a cost' })
      .check(wholeNumber('The cost is a whole number'))
      .min(0, 'The cost is at least 0')
      .max(100_000_000, 'The cost is at most 100,000,000'),
    costCurrency: z.enum(SHOP_CURRENCIES, { message: 'Pick a currency' }),
    drops: z
      .array(dropRowSchema, { message: 'Add at least one drop' })
      .min(1, 'Add at least one drop')
      .max(TREASURE_CHEST_DROPS_MAX, `At most ${TREASURE_CHEST_DROPS_MAX} drops`),
  }),
);
const checkDrops = (input: { drops: { itemId: number }[] }, ctx: z.RefinementCtx) => noItemTwice(input.drops, ctx, 'drops');

export const treasureChestCreateSchema = lazy(() => treasureChestFields.superRefine(checkDrops));
export type TreasureChestCreate = z.infer<typeof treasureChestCreateSchema>;
export const treasureChestUpdateSchema = lazy(() => treasureChestFields.extend({ version: versionSchema }).superRefine(checkDrops));
export type TreasureChestUpdate = z.infer<typeof treasureChestUpdateSchema>;

export const treasureChestSchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    name: z.string(),
    rarity: z.enum(TREASURE_CHEST_RARITIES),
    openCost: z.number().int(),
    costCurrency: z.enum(SHOP_CURRENCIES),
    /** In the order the admin set; `chance` is the percent a player is shown (dropChances). */
    drops: z.array(z.object({ itemId: z.number().int(), quantity: z.number().int(), weight: z.number().int(), chance: z.number() })),
  }),
);
export type TreasureChest = z.infer<typeof treasureChestSchema>;

export const treasureChestQuerySchema = lazy(() =>
  listQuerySchema.extend({ rarity: optionalQueryEnum(TREASURE_CHEST_RARITIES, 'Pick a rarity') }),
);
export const TREASURE_CHEST_SORTS = ['name', 'rarity', 'openCost', 'updatedAt'] as const;

export const treasureChestsResource = defineResource({
  scope: 'economy',
  path: '/treasure-chests',
  target: 'treasureChest',
  noun: 'treasure chest',
  schemas: {
    record: treasureChestSchema,
    create: treasureChestCreateSchema,
    update: treasureChestUpdateSchema,
    query: treasureChestQuerySchema,
  },
  sorts: TREASURE_CHEST_SORTS,
  defaultSort: { sort: 'name', order: 'asc' },
  csv: {
    filename: 'treasure-chests.csv',
    columns: ['id', 'name', 'rarity', 'openCost', 'costCurrency', 'version', 'updatedAt', 'updatedBy'],
  },
});
