import type { ActionLog } from './actionLogs';
import type { MaintenanceStatus, MaintenanceSwitch } from './maintenance';

/** GET /dashboard/summary. */
export interface DashboardSummary {
  maintenance: Pick<MaintenanceStatus, 'enabled' | 'plannedStart' | 'plannedEnd'>;
  /** The next automatic switch of the planned window (its countdown), null when none is pending. */
  nextMaintenanceSwitch?: Pick<MaintenanceSwitch, 'switchTo' | 'dueAt'> | null;
  /** The 5 newest action-log entries, newest first. */
  recentActions: ActionLog[];
}
