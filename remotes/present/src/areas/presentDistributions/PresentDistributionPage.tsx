import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DISTRIBUTION_STATUSES, presentDistributionResource, type Distribution, type DistributionCancel } from '@phoenix/contract';
import { EnumFilters, ResourceListPage, resourceKeys, useListController, useRecordAction, useTranslation } from '@phoenix/shell';
import { Badge, Button, formatDateTime, formatNumber, type BadgeTone } from '@phoenix/ui';
import { SendDistribution, counted } from './SendDistribution';

const TONE: Record<Distribution['status'], BadgeTone> = {
  scheduled: 'info',
  running: 'warning',
  done: 'success',
  cancelled: 'neutral',
  failed: 'danger',
};
const REFRESH_MS = 2000;

/** Present 配布: the send panel, then every distribution with its status and progress (refreshed while one is due or running). */
export default function PresentDistributionPage() {
  const { t } = useTranslation('present');
  const list = useListController(presentDistributionResource);
  const queryClient = useQueryClient();
  const items = list.data?.items ?? [];
  const active = items.some((d) => d.status === 'running' || (d.status === 'scheduled' && Date.parse(d.scheduledAt) <= Date.now()));
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(presentDistributionResource.path.slice(1)) });
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, queryClient]);

  const cancel = useRecordAction<typeof presentDistributionResource, DistributionCancel>(presentDistributionResource, {
    action: 'cancel',
    body: (d) => ({ version: d.version }),
    confirm: (d) => ({
      title: t('distribution.cancelTitle', { name: d.presentName }),
      body: t('distribution.cancelBody', { ...counted(d.recipientCount), at: formatDateTime(d.scheduledAt) }),
      okText: t('distribution.cancelOk'),
      cancelText: t('distribution.keepIt'),
    }),
    success: (d) => t('distribution.cancelled', { name: d.presentName }),
    failure: (error) => {
      const current = error.current as Distribution | undefined;
      return error.isConflict && current ? t('distribution.alreadyState', { state: t(`distribution.statuses.${current.status}`) }) : error;
    },
  });

  return (
    <ResourceListPage
      list={list}
      title={t('distribution.title')}
      description={t('distribution.description')}
      searchLabel={t('distribution.search')}
      labelOf={(d) => d.presentName}
      before={<SendDistribution />}
      filters={<EnumFilters list={list} t={t} prefix="distribution" filters={[['status', DISTRIBUTION_STATUSES, 'statuses']]} />}
      rowActions={(d) =>
        d.status === 'scheduled' && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => cancel.run(d)}
            disabled={cancel.pendingId === d.id}
            aria-label={t('distribution.cancelLabel', { name: d.presentName, id: d.id })}
          >
            {t('distribution.cancel')}
          </Button>
        )
      }
      columns={[
        { key: 'presentName', header: t('distribution.present'), render: (d) => d.presentName },
        {
          key: 'target',
          header: t('distribution.recipients'),
          render: (d) => (d.target === 'all' ? t('distribution.targets.all') : t('distribution.listOf', counted(d.listedIds))),
        },
        {
          key: 'status',
          sortable: true,
          header: t('distribution.status'),
          render: (d) => <Badge $tone={TONE[d.status]}>{t(`distribution.statuses.${d.status}`)}</Badge>,
        },
        {
          key: 'progress',
          header: t('distribution.progress'),
          render: (d) => `${formatNumber(d.deliveredCount)} / ${formatNumber(d.recipientCount)}`,
        },
        { key: 'scheduledAt', sortable: true, header: t('distribution.scheduledAt'), render: (d) => formatDateTime(d.scheduledAt) },
        {
          key: 'createdAt',
          sortable: true,
          header: t('distribution.sentBy'),
          render: (d) => t('distribution.byAt', { who: d.createdBy ?? '—', at: formatDateTime(d.createdAt) }),
        },
      ]}
    />
  );
}
