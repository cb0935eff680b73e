import { TREASURE_CHEST_RARITIES, treasureChestsResource, type TreasureChest } from '@phoenix/contract';
import { EnumFilters, ResourceListPage, useListController, useTranslation } from '@phoenix/shell';
import { Badge, formatNumber, updatedColumn, type BadgeTone } from '@phoenix/ui';
import { ItemName } from '../items/ItemName';

const RARITY_TONE: Record<TreasureChest['rarity'], BadgeTone> = { common: 'neutral', rare: 'info', epic: 'warning', legendary: 'danger' };

export default function TreasureChestListPage() {
  const { t } = useTranslation('present');
  const list = useListController(treasureChestsResource);
  return (
    <ResourceListPage
      list={list}
      searchLabel={t('treasureChests.search')}
      filters={<EnumFilters list={list} filters={[['rarity', TREASURE_CHEST_RARITIES, 'rarities']]} />}
      columns={[
        { key: 'name', sortable: true, render: (c) => c.name },
        {
          key: 'rarity',
          sortable: true,
          render: (c) => <Badge $tone={RARITY_TONE[c.rarity]}>{t(`treasureChests.rarities.${c.rarity}`)}</Badge>,
        },
        {
          key: 'openCost',
          sortable: true,
          render: (c) => `${formatNumber(c.openCost)} ${t(`shop.currencies.${c.costCurrency}`)}`,
        },
        {
          key: 'drops',
          render: (c) => (
            <ul style={{ margin: 0, paddingLeft: '1rem' }}>
              {c.drops.map((d) => (
                <li key={d.itemId}>
                  <ItemName id={d.itemId} quantity={d.quantity} /> — {t('treasureChests.percent', { value: d.chance.toFixed(2) })}
                </li>
              ))}
            </ul>
          ),
        },
        updatedColumn(),
      ]}
    />
  );
}
