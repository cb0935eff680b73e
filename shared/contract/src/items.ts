import { z } from 'zod';
import { listQuerySchema } from './common';
import { optionalQueryEnum, wholeNumber } from './fields';
import { lazy } from './lazy';

/**
 * The item catalogue every present, shop item, chest and season reward points at. It comes from
 * the game (seeded by migration 0030); the console reads and searches it, never edits it.
 */
export const ITEM_KINDS = ['currency', 'consumable', 'equipment', 'cosmetic', 'material'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const itemSchema = lazy(() =>
  z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    kind: z.enum(ITEM_KINDS),
    /** One character shown as the item's icon, on its colour (#rrggbb). */
    glyph: z.string(),
    colour: z.string(),
  }),
);
export type Item = z.infer<typeof itemSchema>;

/** GET /items: q matches name or code; kind filters. Ordered by name. */
export const itemQuerySchema = lazy(() =>
  listQuerySchema.extend({
    kind: optionalQueryEnum(ITEM_KINDS, 'Pick an item kind'),
  }),
);
export type ItemQuery = z.infer<typeof itemQuerySchema>;

export const ITEMS_PATH = '/items';

/** One row of items given or sold: a catalogue item and how many. */
export const ITEM_QUANTITY_MAX = 1_000_000;
export const itemQuantityRowSchema = lazy(() =>
  z.object({
    itemId: z.coerce
      .number({ message: 'Pick an item' })
      .check(wholeNumber('Pick an item'))
      .min(1, 'Pick an item')
      .max(2_147_483_647, 'Pick an item'),
    quantity: z.coerce
      .number({ message: 'Enter a quantity' })
      .check(wholeNumber('The quantity is a whole number'))
      .min(1, 'The quantity is at least 1')
      .max(ITEM_QUANTITY_MAX, 'The quantity is at most 1,000,000'),
  }),
);
export type ItemQuantityRow = z.infer<typeof itemQuantityRowSchema>;

/** Adds "This item is already listed" on every repeat of an item in `rows` (at `<path>.<i>.itemId`). */
export function noItemTwice(rows: readonly { itemId: number }[], ctx: z.RefinementCtx, path = 'items'): void {
  const seen = new Set<number>();
  rows.forEach((row, index) => {
    if (seen.has(row.itemId)) ctx.addIssue({ code: 'custom', path: [path, index, 'itemId'], message: 'This item is already listed' });
    seen.add(row.itemId);
  });
}
