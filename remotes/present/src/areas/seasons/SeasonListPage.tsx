import { SEASON_STATUSES, seasonResource, type Season } from '@phoenix/contract';
import { EnumFilters, ResourceListPage, useListController, useTranslation } from '@phoenix/shell';
import { Badge, formatNumber, formatTimeWindow, updatedColumn, type BadgeTone } from '@phoenix/ui';

const TONE: Record<Season['status'], BadgeTone> = { upcoming: 'info', active: 'success', ended: 'neutral' };

export default function SeasonListPage() {
  const { t } = useTranslation('present');
  const list = useListController(seasonResource);
  return (
    <ResourceListPage
      list={list}
      title={t('seasons.title')}
      description={t('seasons.description')}
      searchLabel={t('seasons.search')}
      labelOf={(s) => s.name}
      editable={(s) => s.status !== 'ended'}
      deletable={(s) => s.status === 'upcoming'}
      filters={<EnumFilters list={list} t={t} prefix="seasons" filters={[['status', SEASON_STATUSES, 'statuses']]} />}
      columns={[
        { key: 'name', sortable: true, header: t('seasons.name'), render: (s) => s.name },
        { key: 'startsAt', sortable: true, header: t('seasons.period'), render: (s) => formatTimeWindow(s.startsAt, s.endsAt) },
        {
          key: 'status',
          header: t('seasons.status'),
          render: (s) => <Badge $tone={TONE[s.status]}>{t(`seasons.statuses.${s.status}`)}</Badge>,
        },
        { key: 'premiumPrice', header: t('seasons.premiumPrice'), render: (s) => formatNumber(s.premiumPrice) },
        { key: 'tiers', header: t('seasons.tiers'), render: (s) => formatNumber(s.tiers.length) },
        updatedColumn(),
      ]}
    />
  );
}
