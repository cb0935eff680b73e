import { LOTTERY_STATUSES, lotteryRoundResource, type LotteryRound } from '@phoenix/contract';
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
  const list = useListController(lotteryRoundResource);
  return (
    <ResourceListPage
      list={list}
      title={t('lottery.title')}
      description={t('lottery.description')}
      searchLabel={t('lottery.search')}
      labelOf={(round) => round.name}
      filters={<EnumFilters list={list} t={t} prefix="lottery" filters={[['status', LOTTERY_STATUSES, 'statuses']]} />}
      columns={[
        { key: 'name', sortable: true, header: t('lottery.name'), render: (r) => r.name },
        {
          key: 'status',
          header: t('lottery.status'),
          render: (r) => <Badge $tone={STATUS_TONE[r.status]}>{t(`lottery.statuses.${r.status}`)}</Badge>,
        },
        { key: 'ticketPrice', sortable: true, header: t('lottery.ticketPrice'), render: (r) => formatNumber(r.ticketPrice) },
        { key: 'ticketCount', header: t('lottery.ticketsSold'), render: (r) => formatNumber(r.ticketCount) },
        { key: 'prizes', header: t('lottery.prizes'), render: (r) => <PrizeList prizes={r.prizes} /> },
        { key: 'drawAt', sortable: true, header: t('lottery.drawAt'), render: (r) => formatDateTime(r.drawAt) },
        updatedColumn(),
      ]}
    />
  );
}
