import type { LotteryPrize } from '@phoenix/contract';
import { useTranslation } from '@phoenix/shell';
import { formatNumber } from '@phoenix/ui';

export function PrizeList({ prizes }: { prizes: readonly LotteryPrize[] }) {
  const { t } = useTranslation('points');
  return (
    <ul style={{ margin: 0, paddingLeft: '1rem' }}>
      {[...prizes]
        .sort((a, b) => a.rank - b.rank)
        .map((p) => (
          <li key={p.rank}>
            {t('pointsLottery.prizeSummary', { rank: p.rank, reward: formatNumber(p.reward), count: formatNumber(p.count) })}
          </li>
        ))}
    </ul>
  );
}
