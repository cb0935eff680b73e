import { SEASON_STATUSES, seasonsResource, type Season } from '@phoenix/contract';
import { EnumFilters, ResourceListPage, useListController, useTranslation } from '@phoenix/shell';
import { Badge, formatNumber, formatTimeWindow, updatedColumn, type BadgeTone } from '@phoenix/ui';

const TONE: Record<Season['status'], BadgeTone> = { upcoming: 'info', active: 'success', ended: 'neutral' };

export default function SeasonListPage() {
  const { t } = useTranslation('present');
  const list = useListController(seasonsResource);
  return (
    <ResourceListPage
      list={list}
      searchLabel={t('seasons.search')}
      editable={(s) => s.status !== 'ended'}
      deletable={(s) => s.status === 'upcoming'}
      filters={<EnumFilters list={list} filters={[['status', SEASON_STATUSES, 'statuses']]} />}
      columns={[
        { key: 'name', sortable: true, render: (s) => s.name },
        { key: 'startsAt', field: 'period', sortable: true, render: (s) => formatTimeWindow(s.startsAt, s.endsAt) },
        {
          key: 'status',
          render: (s) => <Badge $tone={TONE[s.status]}>{t(`seasons.statuses.${s.status}`)}</Badge>,
        },
        { key: 'premiumPrice', render: (s) => formatNumber(s.premiumPrice) },
        { key: 'tiers', render: (s) => formatNumber(s.tiers.length) },
        updatedColumn(),
      ]}
    />
  );
}
