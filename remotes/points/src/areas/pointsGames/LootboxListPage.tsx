import { basisPointsToPercent, lootboxesResource } from '@phoenix/contract';
import { ResourceListPage, useListController, useTranslation } from '@phoenix/shell';
import { formatNumber, updatedColumn } from '@phoenix/ui';
import { useRewardLabel } from './RewardFields';

/** The lootboxes: name, price in points, rewards with the percent a player is shown. */
export default function LootboxListPage() {
  const { t } = useTranslation('points');
  const list = useListController(lootboxesResource);
  const rewardLabel = useRewardLabel();
  return (
    <ResourceListPage
      list={list}
      searchLabel={t('lootbox.search')}
      columns={[
        { key: 'name', sortable: true, render: (box) => box.name },
        { key: 'price', sortable: true, render: (box) => formatNumber(box.price) },
        {
          key: 'rewards',
          render: (box) => (
            <ul style={{ margin: 0, paddingLeft: '1rem' }}>
              {box.rewards.map((reward, i) => (
                <li key={i}>
                  {rewardLabel(reward)} — {t('games.percent', { value: basisPointsToPercent(reward.probability) })}
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
