import { z } from 'zod';
import { actionLogSchema, type ActionLog } from './actionLogs';
import { maintenanceStatusSchema, maintenanceSwitchSchema, type MaintenanceStatus, type MaintenanceSwitch } from './maintenance';
import { distributionSchema, type Distribution } from './presentDistributions';
import { lazy } from './lazy';

/** A present distribution that is due or sending, with its progress. */
export type ActiveDistribution = Pick<Distribution, 'id' | 'presentName' | 'status' | 'recipientCount' | 'deliveredCount' | 'scheduledAt'>;

/** How many active distributions the dashboard lists (the next due first); the page lists them all. */
export const DASHBOARD_DISTRIBUTIONS = 5;

/** How many days the dashboard's per-day series cover (today included); its toggles show the last 1, 7 or 30. */
export const DASHBOARD_SERIES_DAYS = 30;

/** One UTC day of a per-day series ('YYYY-MM-DD'); today's is the day so far. */
export interface DashboardDay {
  day: string;
  battles: number;
}

/** Figures over time: players seen lately and battles started per day. */
export interface DashboardActivity {
  /** Players seen in the last hour, 24 hours and 7 days (their last-seen time). */
  playersActive: { hour: number; day: number; week: number };
  /** Battles started per day, oldest first: the rolled days of the last DASHBOARD_SERIES_DAYS and today so far. */
  battlesPerDay: DashboardDay[];
}

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
  /** Figures over time (optional: a BFF of an earlier release sends none). */
  activity?: DashboardActivity;
}

/** GET /dashboard/summary's answer (DashboardSummary), as the API documents it. */
export const dashboardSummarySchema = lazy(() =>
  z.object({
    maintenance: maintenanceStatusSchema.pick({ enabled: true, plannedStart: true, plannedEnd: true }),
    nextMaintenanceSwitch: maintenanceSwitchSchema.pick({ switchTo: true, dueAt: true }).nullable().optional(),
    recentActions: z.array(actionLogSchema),
    live: z
      .object({
        battles: z.number().int(),
        distributions: z.object({
          count: z.number().int(),
          next: z.array(
            distributionSchema.pick({
              id: true,
              presentName: true,
              status: true,
              recipientCount: true,
              deliveredCount: true,
              scheduledAt: true,
            }),
          ),
        }),
      })
      .optional(),
    activity: z
      .object({
        playersActive: z.object({ hour: z.number().int(), day: z.number().int(), week: z.number().int() }),
        battlesPerDay: z.array(z.object({ day: z.string(), battles: z.number().int() })),
      })
      .optional(),
  }),
);
