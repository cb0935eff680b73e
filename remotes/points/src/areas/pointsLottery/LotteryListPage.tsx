import { LOTTERY_STATUSES, lotteryRoundsResource, type LotteryRound } from '@phoenix/contract';
import { EnumFilters, ResourceListPage, useListController, useTranslation } from '@phoenix/shell';
import { Badge, formatDateTime, formatNumber, updatedColumn, type BadgeTone } from '@phoenix/ui';
import { PrizeList } from './PrizeList';
import './i18n';

export const STATUS_TONE: Record<LotteryRound['status'], BadgeTone> = {
  open: 'info',
  drawing: 'warning',
  drawn: 'neutral',
  cancelled: 'danger',
};

export default function LotteryListPage() {
  const { t } = useTranslation('points');
  const list = useListController(lotteryRoundsResource);
  return (
    <ResourceListPage
      list={list}
      searchLabel={t('pointsLottery.search')}
      filters={<EnumFilters list={list} filters={[['status', LOTTERY_STATUSES, 'statuses']]} />}
      columns={[
        { key: 'name', sortable: true, render: (r) => r.name },
        {
          key: 'status',
          render: (r) => <Badge $tone={STATUS_TONE[r.status]}>{t(`pointsLottery.statuses.${r.status}`)}</Badge>,
        },
        { key: 'ticketPrice', sortable: true, render: (r) => formatNumber(r.ticketPrice) },
        { key: 'ticketCount', render: (r) => formatNumber(r.ticketCount) },
        { key: 'prizes', render: (r) => <PrizeList prizes={r.prizes} /> },
        { key: 'drawAt', sortable: true, render: (r) => formatDateTime(r.drawAt) },
        updatedColumn(),
      ]}
    />
  );
}
