import { PRESENT_STATUSES, presentsResource, type Present } from '@phoenix/contract';
import { EnumFilters, ResourceListPage, useListController, useTranslation } from '@phoenix/shell';
import { Badge, formatDateTime, formatTimeWindow, updatedColumn } from '@phoenix/ui';
import { ItemRowsSummary } from '../items/ItemRowsSummary';

const tone = { upcoming: 'info', claimable: 'success', ended: 'neutral' } as const;

export default function PresentListPage() {
  const { t } = useTranslation('present');
  const list = useListController(presentsResource);
  return (
    <ResourceListPage
      list={list}
      searchLabel={t('presents.search')}
      deleteBody={() => t('presents.deleteBody')}
      filters={<EnumFilters list={list} filters={[['status', PRESENT_STATUSES, 'statuses']]} />}
      columns={[
        { key: 'name', sortable: true, render: (p: Present) => p.name },
        { key: 'items', render: (p: Present) => <ItemRowsSummary rows={p.items} /> },
        {
          key: 'startsAt',
          field: 'period',
          sortable: true,
          render: (p: Present) => formatTimeWindow(p.startsAt, p.endsAt),
        },
        {
          key: 'status',
          render: (p: Present) => <Badge $tone={tone[p.status]}>{t(`presents.statuses.${p.status}`)}</Badge>,
        },
        {
          key: 'distributedAt',
          render: (p: Present) => (p.distributedAt ? formatDateTime(p.distributedAt) : t('common.no')),
        },
        updatedColumn(),
      ]}
    />
  );
}
