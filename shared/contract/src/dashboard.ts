import type { ActionLog } from './actionLogs';
import type { MaintenanceStatus } from './maintenance';

/** GET /dashboard/summary. */
export interface DashboardSummary {
  maintenance: Pick<MaintenanceStatus, 'enabled' | 'plannedStart' | 'plannedEnd'>;
  /** The 5 newest action-log entries, newest first. */
  recentActions: ActionLog[];
}
