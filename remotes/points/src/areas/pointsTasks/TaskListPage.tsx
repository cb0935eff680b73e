import { POINTS_TASK_STATUSES, POINTS_TASK_TYPES, pointsTaskResource, type PointsTask } from '@phoenix/contract';
import { EnumFilters, ResourceListPage, useListController, useTranslation } from '@phoenix/shell';
import { Badge, formatDateTime, formatNumber, truncate, type BadgeTone } from '@phoenix/ui';

const STATUS_TONE: Record<PointsTask['status'], BadgeTone> = { scheduled: 'info', active: 'success', ended: 'neutral' };

/** Tasks players complete for points; the status (active / scheduled / ended) comes from the window. */
export default function TaskListPage() {
  const { t } = useTranslation('points');
  const list = useListController(pointsTaskResource);
  return (
    <ResourceListPage
      list={list}
      title={t('tasks.title')}
      description={t('tasks.description')}
      searchLabel={t('tasks.search')}
      labelOf={(task) => truncate(task.title, 40)}
      filters={
        <EnumFilters
          list={list}
          t={t}
          prefix="tasks"
          filters={[
            ['status', POINTS_TASK_STATUSES, 'statuses'],
            ['type', POINTS_TASK_TYPES, 'types'],
          ]}
        />
      }
      columns={[
        { key: 'title', sortable: true, width: '28%', header: t('tasks.titleField'), render: (task) => task.title },
        {
          key: 'type',
          sortable: true,
          header: t('tasks.type'),
          render: (task) => <Badge $tone="info">{t(`tasks.types.${task.type}`)}</Badge>,
        },
        {
          key: 'status',
          header: t('tasks.status'),
          render: (task) => <Badge $tone={STATUS_TONE[task.status]}>{t(`tasks.statuses.${task.status}`)}</Badge>,
        },
        { key: 'rewardPoints', sortable: true, header: t('tasks.rewardPoints'), render: (task) => formatNumber(task.rewardPoints) },
        {
          key: 'resetTime',
          header: t('tasks.recurrence'),
          render: (task) => (task.resetTime ? t('tasks.dailyAt', { time: task.resetTime }) : t('tasks.once')),
        },
        { key: 'startsAt', sortable: true, header: t('tasks.startsAt'), render: (task) => formatDateTime(task.startsAt) },
        { key: 'endsAt', sortable: true, header: t('tasks.endsAt'), render: (task) => formatDateTime(task.endsAt) },
      ]}
    />
  );
}
