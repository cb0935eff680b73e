import { SHOP_CURRENCIES, shopItemsResource, type ShopItem, type ShopItemMove } from '@phoenix/contract';
import { EnumFilters, ResourceListPage, useListController, useRecordAction, useTranslation } from '@phoenix/shell';
import { Badge, Button, formatNumber, formatTimeWindow, updatedColumn } from '@phoenix/ui';
import { ItemName } from '../items/ItemName';

export default function ShopListPage() {
  const { t } = useTranslation('present');
  const list = useListController(shopItemsResource);
  const moveSpec = (direction: ShopItemMove['direction']) => ({
    action: 'move',
    body: (item: ShopItem) => ({ direction, version: item.version }),
    confirm: null, // a move is undone by the opposite move
    success: (item: ShopItem) => t(`shop.moved.${direction}`, { position: item.sortOrder }),
  });
  const up = useRecordAction<typeof shopItemsResource, ShopItemMove>(shopItemsResource, moveSpec('up'));
  const down = useRecordAction<typeof shopItemsResource, ShopItemMove>(shopItemsResource, moveSpec('down'));
  const items = list.data?.items ?? [];
  const ordered = !list.sort || list.sort === 'sortOrder';
  const label = (item: ShopItem) => `#${item.sortOrder}`;
  return (
    <ResourceListPage
      list={list}
      filters={
        <EnumFilters
          list={list}
          filters={[
            ['currency', SHOP_CURRENCIES, 'currencies'],
            ['enabled', ['true', 'false'], 'yesNo'],
            ['onSale', ['true', 'false'], 'yesNo'],
          ]}
        />
      }
      rowChanges={(item) =>
        ordered && (
          <>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => up.run(item)}
              disabled={up.pendingId === item.id || (list.page === 1 && items[0]?.id === item.id)}
              aria-label={t('shop.moveUp', { label: label(item) })}
            >
              ↑
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => down.run(item)}
              disabled={down.pendingId === item.id}
              aria-label={t('shop.moveDown', { label: label(item) })}
            >
              ↓
            </Button>
          </>
        )
      }
      columns={[
        { key: 'sortOrder', sortable: true, render: (s) => s.sortOrder },
        { key: 'item', render: (s) => <ItemName id={s.itemId} quantity={s.quantity} /> },
        {
          key: 'price',
          sortable: true,
          render: (s) => `${formatNumber(s.price)} ${t(`shop.currencies.${s.currency}`)}`,
        },
        { key: 'stock', render: (s) => (s.stock === null ? t('shop.unlimited') : formatNumber(s.stock)) },
        {
          key: 'saleStart',
          field: 'period',
          sortable: true,
          render: (s) => formatTimeWindow(s.saleStart, s.saleEnd, t('shop.noEnd')),
        },
        {
          key: 'onSaleNow',
          render: (s) =>
            s.onSaleNow ? (
              <Badge $tone="success">{t('shop.fields.onSale')}</Badge>
            ) : (
              <Badge $tone="neutral">{s.enabled ? t('shop.notOnSale') : t('shop.disabled')}</Badge>
            ),
        },
        updatedColumn(),
      ]}
    />
  );
}
