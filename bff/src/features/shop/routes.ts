import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { shopItemMoveSchema, shopItemsResource, type ShopItemCreate, type ShopItemMove, type ShopItemUpdate } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { assertCatalogueItems } from '../../db/items';
import { sortKey } from '@phoenix/server/db';
import type { Database } from '../../db/schema';
import { versionedResource, type RowOf } from '../../db/versioned';
import { conflict, registerResourceRoutes, versionedChange } from '@phoenix/server/http';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'content';

const onSaleAt = (row: RowOf<'shop_items'>, now: Date) =>
  row.enabled && row.sale_start <= now && (row.sale_end === null || now < row.sale_end) && (row.stock === null || row.stock > 0);

const fields = (input: ShopItemCreate | ShopItemUpdate) => ({
  item_id: input.itemId,
  quantity: input.quantity,
  price: input.price,
  currency: input.currency,
  stock: input.stock,
  sale_start: input.saleStart,
  sale_end: input.saleEnd,
  enabled: input.enabled,
});

const base = versionedResource(shopItemsResource, {
  table: 'shop_items',
  toApi: (row, now) => ({
    id: row.id,
    itemId: row.item_id,
    quantity: row.quantity,
    price: row.price,
    currency: row.currency,
    stock: row.stock,
    saleStart: row.sale_start.toISOString(),
    saleEnd: row.sale_end ? row.sale_end.toISOString() : null,
    enabled: row.enabled,
    sortOrder: row.sort_order,
    onSaleNow: onSaleAt(row, now),
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  }),
  // A new item goes last; its place changes only by moving it (toChanges leaves it alone).
  toColumns: (input) => ({
    ...fields(input),
    sort_order: sql<number>`(select coalesce(max(sort_order), 0) + 1 from shop_items)` as unknown as number,
  }),
  toChanges: fields,
  sortKeys: {
    sortOrder: sortKey('sort_order', 'plain'),
    price: sortKey('price', 'plain'),
    saleStart: sortKey('sale_start', 'plain'),
    updatedAt: sortKey('updated_at', 'plain'),
  },
  filters: [
    (qb, query) => (query.currency ? qb.where('currency', '=', query.currency) : qb),
    (qb, query) => (query.enabled === undefined ? qb : qb.where('enabled', '=', query.enabled)),
    (qb, query, now) => {
      if (query.onSale === undefined) return qb;
      const onSale = sql<boolean>`(enabled and sale_start <= ${now} and (sale_end is null or sale_end > ${now}) and (stock is null or stock > 0))`;
      return qb.where(query.onSale ? onSale : sql<boolean>`not ${onSale}`);
    },
  ],
});

/** Swaps places with the neighbour above or below (both rows locked, both versions bumped). */
async function move(trx: Transaction<Database>, id: number, { direction, version }: ShopItemMove, by: string, now: Date) {
  const { row, before } = await base.lockVersion(trx, id, version, now, 'move');
  const up = direction === 'up';
  const neighbour = await trx
    .selectFrom('shop_items')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('sort_order', up ? '<' : '>', row.sort_order),
        eb.and([eb('sort_order', '=', row.sort_order), eb('id', up ? '<' : '>', row.id)]),
      ]),
    )
    .orderBy('sort_order', up ? 'desc' : 'asc')
    .orderBy('id', up ? 'desc' : 'asc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!neighbour) throw conflict(before, up ? 'This shop item is already first' : 'This shop item is already last');
  const [mine, theirs] =
    neighbour.sort_order === row.sort_order
      ? [neighbour.sort_order + (up ? -1 : 1), row.sort_order]
      : [neighbour.sort_order, row.sort_order];
  await base.updateRow(trx, neighbour.id, { sort_order: theirs }, by, now);
  return base.change(trx, id, version, 'move', { sort_order: mine }, by, now);
}

/**
 * Shop: catalogue items sold at a price in coin, gem or points, with a stock (or unlimited), a sale
 * period, an order (move up / down) and an enabled switch; "on sale now" is derived.
 */
export const shopItems = {
  ...base,
  async create(trx: Transaction<Database>, input: ShopItemCreate, by: string, now: Date) {
    await assertCatalogueItems(trx, [input], () => 'itemId');
    return base.create(trx, input, by, now);
  },
  async update(trx: Transaction<Database>, id: number, input: ShopItemUpdate, by: string, now: Date) {
    await assertCatalogueItems(trx, [input], () => 'itemId');
    return base.update(trx, id, input, by, now);
  },
};

export default function registerShopRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResourceRoutes(app, ctx, shopItems);
  app.post(
    `${shopItemsResource.path}/:id/move`,
    versionedChange(
      ctx,
      shopItemMoveSchema,
      (trx, id, input, actor, now) => move(trx, id, input, actor.email, now),
      shopItemsResource.schemas.record,
    ),
  );
}
