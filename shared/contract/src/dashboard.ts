import type { ActionLog } from './actionLogs';
import type { MaintenanceStatus, MaintenanceSwitch } from './maintenance';
import type { Distribution } from './presentDistributions';

/** A present distribution that is due or sending, with its progress. */
export type ActiveDistribution = Pick<Distribution, 'id' | 'presentName' | 'status' | 'recipientCount' | 'deliveredCount' | 'scheduledAt'>;

/** How many active distributions the dashboard lists (the next due first); the page lists them all. */
export const DASHBOARD_DISTRIBUTIONS = 5;

/** GET /dashboard/summary. */
export interface DashboardSummary {
  maintenance: Pick<MaintenanceStatus, 'enabled' | 'plannedStart' | 'plannedEnd'>;
  /** The next automatic switch of the planned window (its countdown), null when none is pending. */
  nextMaintenanceSwitch?: Pick<MaintenanceSwitch, 'switchTo' | 'dueAt'> | null;
  /** The 5 newest action-log entries, newest first. */
  recentActions: ActionLog[];
  /** Live figures (optional: a BFF of an earlier release sends none). */
  live?: {
    /** Battles in progress now. */
    battles: number;
    /** Distributions scheduled or sending: how many, and the first few by due time. */
    distributions: { count: number; next: ActiveDistribution[] };
  };
}
