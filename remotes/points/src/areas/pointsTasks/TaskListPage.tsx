import { POINTS_TASK_STATUSES, POINTS_TASK_TYPES, pointsTasksResource, type PointsTask } from '@phoenix/contract';
import { EnumFilters, ResourceListPage, useListController, useTranslation } from '@phoenix/shell';
import { Badge, formatDateTime, formatNumber, type BadgeTone } from '@phoenix/ui';

const STATUS_TONE: Record<PointsTask['status'], BadgeTone> = { scheduled: 'info', active: 'success', ended: 'neutral' };

/** Tasks players complete for points; the status (active / scheduled / ended) comes from the window. */
export default function TaskListPage() {
  const { t } = useTranslation('points');
  const list = useListController(pointsTasksResource);
  return (
    <ResourceListPage
      list={list}
      searchLabel={t('pointsTasks.search')}
      filters={
        <EnumFilters
          list={list}
          filters={[
            ['status', POINTS_TASK_STATUSES, 'statuses'],
            ['type', POINTS_TASK_TYPES, 'types'],
          ]}
        />
      }
      columns={[
        { key: 'title', sortable: true, width: '28%', render: (task) => task.title },
        {
          key: 'type',
          sortable: true,
          render: (task) => <Badge $tone="info">{t(`pointsTasks.types.${task.type}`)}</Badge>,
        },
        {
          key: 'status',
          render: (task) => <Badge $tone={STATUS_TONE[task.status]}>{t(`pointsTasks.statuses.${task.status}`)}</Badge>,
        },
        { key: 'rewardPoints', sortable: true, render: (task) => formatNumber(task.rewardPoints) },
        {
          key: 'resetTime',
          render: (task) => (task.resetTime ? t('pointsTasks.dailyAt', { time: task.resetTime }) : t('pointsTasks.once')),
        },
        { key: 'startsAt', sortable: true, render: (task) => formatDateTime(task.startsAt) },
        { key: 'endsAt', sortable: true, render: (task) => formatDateTime(task.endsAt) },
      ]}
    />
  );
}
