import { z } from 'zod';
import { versionSchema } from './common';
import { defineDocument } from './resource';
import { isoDateTimeSchema, endAfterStart } from './fields';
import { playerIdListSchema } from './players';
import { lazy } from './lazy';

export const MAINTENANCE_MESSAGE_MAX = 1000;

/**
 * PUT /maintenance: the whole document. `allowedPlayerIds` omitted = keep the current list
 * (so a plain on/off switch need not resend 100,000 ids); the BFF dedupes and sorts it.
 */
export const maintenanceUpdateSchema = lazy(() =>
  z
    .object({
      enabled: z.boolean({ message: 'Enabled is true or false' }),
      message: z.string().max(MAINTENANCE_MESSAGE_MAX, 'Message is at most 1,000 characters').default(''),
      plannedStart: isoDateTimeSchema.nullable().default(null),
      plannedEnd: isoDateTimeSchema.nullable().default(null),
      allowedPlayerIds: playerIdListSchema.optional(),
      version: versionSchema,
    })
    .superRefine((input, ctx) => {
      if (input.enabled && input.message.trim() === '') {
        ctx.addIssue({ code: 'custom', path: ['message'], message: 'Tell players why' });
      }
    })
    .check(endAfterStart('plannedEnd', 'plannedStart', 'Planned end must be after planned start')),
);
export type MaintenanceUpdate = z.infer<typeof maintenanceUpdateSchema>;

/** GET /maintenance: the game's maintenance status, one document. */
export const maintenanceStatusSchema = lazy(() =>
  z.object({
    enabled: z.boolean(),
    message: z.string(),
    plannedStart: z.string().nullable(),
    plannedEnd: z.string().nullable(),
    /** Players let in during maintenance: unique, ascending. */
    allowedPlayerIds: z.array(z.number().int()),
    version: versionSchema,
    updatedAt: z.string(),
    updatedBy: z.string().nullable(),
  }),
);
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;

/** The game's maintenance status: one versioned document. */
export const maintenanceDocument = defineDocument({
  scope: 'operations',
  path: '/maintenance',
  target: 'maintenance',
  noun: 'maintenance status',
  schemas: { record: maintenanceStatusSchema, update: maintenanceUpdateSchema },
});

/**
 * What the action log stores as before/after of a maintenance change: the document without the
 * (possibly 100,000-long) id list, with its size; `after` also names the ids added and removed
 * (at most MAINTENANCE_LOG_ID_SAMPLE each; the counts are exact).
 */
export interface MaintenanceLogSnapshot extends Omit<MaintenanceStatus, 'allowedPlayerIds'> {
  allowedPlayerCount: number;
  allowedPlayerIdsAdded?: number[];
  allowedPlayerIdsAddedCount?: number;
  allowedPlayerIdsRemoved?: number[];
  allowedPlayerIdsRemovedCount?: number;
}
export const MAINTENANCE_LOG_ID_SAMPLE = 1000;

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

export const maintenanceSwitchSchema = lazy(() =>
  z.object({
    id: z.number().int(),
    switchTo: z.enum(['on', 'off']),
    dueAt: z.string(),
    state: z.enum(['pending', 'done', 'skipped', 'cancelled']),
    /** Why it was cancelled: 'window moved' or 'manual switch'. */
    reason: z.string().nullable(),
    settledAt: z.string().nullable(),
  }),
);
export type MaintenanceSwitch = z.infer<typeof maintenanceSwitchSchema>;

/** GET /maintenance/switches: the next automatic switch (the countdown) and the latest settled ones. */
export interface MaintenanceSchedule {
  next: MaintenanceSwitch | null;
  pending: MaintenanceSwitch[];
  recent: MaintenanceSwitch[];
}
export const MAINTENANCE_SWITCHES_PATH = '/maintenance/switches';
export const maintenanceScheduleSchema = lazy(() =>
  z.object({
    next: maintenanceSwitchSchema.nullable(),
    pending: z.array(maintenanceSwitchSchema),
    recent: z.array(maintenanceSwitchSchema),
  }),
);
