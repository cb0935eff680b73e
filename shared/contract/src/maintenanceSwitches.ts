import { z } from 'zod';

/**
 * The maintenance window switches maintenance by itself: on at `plannedStart`, off at
 * `plannedEnd` (a durable job each). Saving a different window cancels the pending switches and
 * schedules the new window's (only times still ahead). A manual switch (a save that flips
 * `enabled` with the window unchanged) wins: made once the window has started (or when it has no
 * start), it cancels the window's pending switches, so maintenance stays as the admin left it; made
 * before the start, it leaves them (switching on early still ends at the planned end). A switch
 * due when maintenance is already in that state is skipped. Each automatic switch is a save logged
 * by the system actor MAINTENANCE_SYSTEM_ACTOR.
 */
export const MAINTENANCE_SYSTEM_ACTOR = 'system (maintenance window)';

export const maintenanceSwitchSchema = z.object({
  id: z.number().int(),
  switchTo: z.enum(['on', 'off']),
  dueAt: z.string(),
  state: z.enum(['pending', 'done', 'skipped', 'cancelled']),
  /** Why it was cancelled: 'window moved' or 'manual switch'. */
  reason: z.string().nullable(),
  settledAt: z.string().nullable(),
});
export type MaintenanceSwitch = z.infer<typeof maintenanceSwitchSchema>;

/** GET /maintenance/switches: the next automatic switch (the countdown) and the latest settled ones. */
export interface MaintenanceSchedule {
  next: MaintenanceSwitch | null;
  pending: MaintenanceSwitch[];
  recent: MaintenanceSwitch[];
}
export const MAINTENANCE_SWITCHES_PATH = '/maintenance/switches';
