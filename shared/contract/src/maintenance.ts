import { z } from 'zod';
import { versionSchema } from './common';
import { isoDateTimeSchema, isStrictlyAfter } from './fields';
import { playerIdListSchema } from './players';

export const MAINTENANCE_MESSAGE_MAX = 1000;

/**
 * PUT /maintenance: the whole document. `allowedPlayerIds` omitted = keep the current list
 * (so a plain on/off switch need not resend 100,000 ids); the BFF dedupes and sorts it.
 */
export const maintenanceUpdateSchema = z
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
    if (!isStrictlyAfter(input.plannedEnd, input.plannedStart)) {
      ctx.addIssue({ code: 'custom', path: ['plannedEnd'], message: 'Planned end must be after planned start' });
    }
  });
export type MaintenanceUpdate = z.infer<typeof maintenanceUpdateSchema>;

/** GET /maintenance: the game's maintenance status, one document. */
export interface MaintenanceStatus {
  enabled: boolean;
  message: string;
  plannedStart: string | null;
  plannedEnd: string | null;
  /** Players let in during maintenance: unique, ascending. */
  allowedPlayerIds: number[];
  version: number;
  updatedAt: string;
  updatedBy: string | null;
}

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
