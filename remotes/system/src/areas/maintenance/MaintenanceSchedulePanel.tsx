import { useQueryClient } from '@tanstack/react-query';
import { maintenanceDocument, MAINTENANCE_SWITCHES_PATH, type MaintenanceSchedule } from '@phoenix/contract';
import { resourceKeys, useDocument, useTranslation } from '@phoenix/shell';
import { Countdown, formatDateTime, Panel } from '@phoenix/ui';
import { useId } from 'react';

const SCHEDULE = MAINTENANCE_SWITCHES_PATH.slice(1);

/**
 * The planned window's next automatic switch with its countdown; when it is due, the schedule and
 * the document are read again (the job runs within a second or two), so the page shows the switch.
 */
export function MaintenanceSchedulePanel() {
  const { t } = useTranslation('system');
  const titleId = useId();
  const queryClient = useQueryClient();
  const schedule = useDocument<MaintenanceSchedule>(SCHEDULE, { toastErrors: false });
  const next = schedule.data?.next;
  const reload = () =>
    setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(SCHEDULE) });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(maintenanceDocument.path.slice(1)) });
    }, 2000);
  return (
    <Panel aria-labelledby={titleId}>
      <h2 id={titleId}>{t('maintenance.schedule.title')}</h2>
      {next ? (
        <p data-testid="maintenance-next-switch">
          {t(next.switchTo === 'on' ? 'maintenance.schedule.nextOn' : 'maintenance.schedule.nextOff', { at: formatDateTime(next.dueAt) })}{' '}
          <Countdown key={next.id} to={next.dueAt} onElapsed={reload} />
        </p>
      ) : (
        <p>{schedule.error ? t('maintenance.schedule.unavailable') : t('maintenance.schedule.none')}</p>
      )}
      <p>{t('maintenance.schedule.rule')}</p>
    </Panel>
  );
}
