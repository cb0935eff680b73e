import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DISTRIBUTION_STATUSES, presentDistributionsResource, type Distribution, type DistributionCancel } from '@phoenix/contract';
import {
  EnumFilters,
  ResourceListPage,
  resourceKeys,
  useListController,
  useLiveStatus,
  useRecordAction,
  useTranslation,
} from '@phoenix/shell';
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

/**
 * Present 配布: the send panel, then every distribution with its status and progress: live (the host's
 * stream refreshes it on each batch), or refreshed every 2 s while one is due or running when the stream is down.
 */
export default function PresentDistributionPage() {
  const { t } = useTranslation('present');
  const list = useListController(presentDistributionsResource);
  const queryClient = useQueryClient();
  const items = list.data?.items ?? [];
  const active = items.some((d) => d.status === 'running' || (d.status === 'scheduled' && Date.parse(d.scheduledAt) <= Date.now()));
  const live = useLiveStatus() === 'open';
  useEffect(() => {
    if (!active || live) return;
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(presentDistributionsResource.path.slice(1)) });
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, live, queryClient]);

  const cancel = useRecordAction<typeof presentDistributionsResource, DistributionCancel>(presentDistributionsResource, {
    action: 'cancel',
    body: (d) => ({ version: d.version }),
    confirm: (d) => ({
      title: t('presentDistributions.cancelTitle', { name: d.presentName }),
      body: t('presentDistributions.cancelBody', { ...counted(d.recipientCount), at: formatDateTime(d.scheduledAt) }),
      okText: t('presentDistributions.cancelOk'),
      cancelText: t('presentDistributions.keepIt'),
    }),
    success: (d) => t('presentDistributions.cancelled', { name: d.presentName }),
    failure: (error) => {
      const current = error.current as Distribution | undefined;
      return error.isConflict && current
        ? t('presentDistributions.alreadyState', { state: t(`presentDistributions.statuses.${current.status}`) })
        : error;
    },
  });

  return (
    <ResourceListPage
      list={list}
      searchLabel={t('presentDistributions.search')}
      before={<SendDistribution />}
      filters={<EnumFilters list={list} filters={[['status', DISTRIBUTION_STATUSES, 'statuses']]} />}
      rowChanges={(d) =>
        d.status === 'scheduled' && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => cancel.run(d)}
            disabled={cancel.pendingId === d.id}
            aria-label={t('presentDistributions.cancelLabel', { name: d.presentName, id: d.id })}
          >
            {t('presentDistributions.cancel')}
          </Button>
        )
      }
      columns={[
        { key: 'presentName', field: 'present', render: (d) => d.presentName },
        {
          key: 'target',
          field: 'recipients',
          render: (d) =>
            d.target === 'all'
              ? t('presentDistributions.targets.all')
              : d.target === 'segment'
                ? t('presentDistributions.segmentOf', { id: d.segmentId ?? '—' })
                : t('presentDistributions.listOf', counted(d.listedIds)),
        },
        {
          key: 'status',
          sortable: true,
          render: (d) => <Badge $tone={TONE[d.status]}>{t(`presentDistributions.statuses.${d.status}`)}</Badge>,
        },
        {
          key: 'progress',
          render: (d) => `${formatNumber(d.deliveredCount)} / ${formatNumber(d.recipientCount)}`,
        },
        { key: 'scheduledAt', sortable: true, render: (d) => formatDateTime(d.scheduledAt) },
        {
          key: 'createdAt',
          field: 'sentBy',
          sortable: true,
          render: (d) => t('presentDistributions.byAt', { who: d.createdBy ?? '—', at: formatDateTime(d.createdAt) }),
        },
      ]}
    />
  );
}
