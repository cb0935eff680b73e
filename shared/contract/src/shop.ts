import { z } from 'zod';
import { listQuerySchema, versionedRecordShape, versionSchema } from './common';
import { defineResource } from './resource';
import { isoDateTimeSchema, endAfterStart, optionalQueryEnum, queryBooleanSchema, wholeNumber } from './fields';
import { itemQuantityRowSchema } from './items';
import { lazy } from './lazy';

export const SHOP_CURRENCIES = ['coin', 'gem', 'points'] as const;
export type ShopCurrency = (typeof SHOP_CURRENCIES)[number];
export const SHOP_PRICE_MAX = 100_000_000;
export const SHOP_STOCK_MAX = 100_000_000;

const shopItemFields = lazy(() =>
  z.object({
    ...itemQuantityRowSchema.shape,
    price: z.coerce
      .number({ message: 'Enter a price' })
      .check(wholeNumber('The price is a whole number'))
      .min(1, 'The price is at least 1')
      .max(SHOP_PRICE_MAX, 'The price is at most 100,000,000'),
    currency: z.enum(SHOP_CURRENCIES, { message: 'Pick a currency' }),
    /** null: unlimited. */
    stock: z
      .number({ message: 'Enter a stock or pick unlimited' })
      .check(wholeNumber('The stock is a whole number'))
      .min(0, 'The stock is at least 0')
      .max(SHOP_STOCK_MAX, 'The stock is at most 100,000,000')
      .nullable(),
    saleStart: isoDateTimeSchema,
    /** null: on sale until disabled. */
    saleEnd: isoDateTimeSchema.nullable().default(null),
    enabled: z.boolean({ message: 'Enabled is true or false' }).default(true),
  }),
);

const checkPeriod = () => endAfterStart('saleEnd', 'saleStart', 'The sale end must be after its start');

export const shopItemCreateSchema = lazy(() => shopItemFields.check(checkPeriod()));
export type ShopItemCreate = z.infer<typeof shopItemCreateSchema>;
export const shopItemUpdateSchema = lazy(() => shopItemFields.extend({ version: versionSchema }).check(checkPeriod()));
export type ShopItemUpdate = z.infer<typeof shopItemUpdateSchema>;

export const shopItemSchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    itemId: z.number().int(),
    quantity: z.number().int(),
    price: z.number().int(),
    currency: z.enum(SHOP_CURRENCIES),
    stock: z.number().int().nullable(),
    saleStart: z.string(),
    saleEnd: z.string().nullable(),
    enabled: z.boolean(),
    /** Position in the shop (1 = first). */
    sortOrder: z.number().int(),
    /** Enabled, within its sale period and in stock, by the server clock. */
    onSaleNow: z.boolean(),
  }),
);
export type ShopItem = z.infer<typeof shopItemSchema>;

export const shopItemQuerySchema = lazy(() =>
  listQuerySchema.extend({
    currency: optionalQueryEnum(SHOP_CURRENCIES, 'Pick coin, gem or points'),
    enabled: queryBooleanSchema,
    onSale: queryBooleanSchema,
  }),
);
export type ShopItemQuery = z.infer<typeof shopItemQuerySchema>;

/** POST /shop-items/:id/move: one place up or down in the shop's order. */
export const shopItemMoveSchema = lazy(() =>
  z.object({ direction: z.enum(['up', 'down'], { message: 'Move up or down' }), version: versionSchema }),
);
export type ShopItemMove = z.infer<typeof shopItemMoveSchema>;

export const SHOP_ITEM_SORTS = ['sortOrder', 'price', 'saleStart', 'updatedAt'] as const;

/** What the shop sells: a catalogue item and quantity at a price, in the shop's order. */
export const shopItemsResource = defineResource({
  scope: 'content',
  path: '/shop-items',
  target: 'shopItem',
  noun: 'shop item',
  schemas: { record: shopItemSchema, create: shopItemCreateSchema, update: shopItemUpdateSchema, query: shopItemQuerySchema },
  sorts: SHOP_ITEM_SORTS,
  defaultSort: { sort: 'sortOrder', order: 'asc' },
  csv: {
    filename: 'shop-items.csv',
    columns: [
      'id',
      'sortOrder',
      'itemId',
      'quantity',
      'price',
      'currency',
      'stock',
      'saleStart',
      'saleEnd',
      'enabled',
      'onSaleNow',
      'version',
      'updatedAt',
      'updatedBy',
    ],
  },
});
