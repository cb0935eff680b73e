import { z } from 'zod';
import { listQuerySchema, versionedRecordShape, versionSchema } from './common';
import { defineResource } from './resource';
import { isoDateTimeSchema, optionalQueryEnum, wholeNumber } from './fields';
import { playerIdListSchema } from './players';
import { lazy } from './lazy';

export const DISTRIBUTION_STATUSES = ['scheduled', 'running', 'done', 'cancelled', 'failed'] as const;
export type DistributionStatus = (typeof DISTRIBUTION_STATUSES)[number];
export const DISTRIBUTION_TARGETS = ['all', 'list', 'segment'] as const;
export type DistributionTarget = (typeof DISTRIBUTION_TARGETS)[number];

/**
 * Who receives it: every active player, the listed ids that are players, or the active members of a
 * segment (its criteria copied when it is created; its members fixed when the send starts).
 */
const recipientsShape = {
  target: lazy(() => z.enum(DISTRIBUTION_TARGETS, { message: 'Pick all players or a list of ids' })),
  playerIds: lazy(() => playerIdListSchema.default([])),
  segmentId: lazy(() =>
    z
      .number({ message: 'Pick a segment' })
      .check(wholeNumber('Pick a segment'))
      .min(1, 'Pick a segment')
      .max(2_147_483_647, 'Pick a segment')
      .nullable()
      .default(null),
  ),
};
function checkRecipients(input: { target: DistributionTarget; playerIds: number[]; segmentId: number | null }, ctx: z.RefinementCtx) {
  if (input.target === 'list' && input.playerIds.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['playerIds'], message: 'Add at least one player id' });
  }
  if (input.target === 'segment' && input.segmentId === null) {
    ctx.addIssue({ code: 'custom', path: ['segmentId'], message: 'Pick a segment' });
  }
}

/**
 * How far in the past a scheduled time may be and still mean "now": the admin's clock and the
 * server's differ a little, and a time picked a few seconds ago is no typo.
 */
export const SCHEDULE_CLOCK_SKEW_MS = 60_000;
export const SCHEDULED_IN_THE_PAST = 'Pick a time in the future, or send it now';

/** True when a scheduled time is in the past beyond the clock skew (a typo: it is refused, never sent at once). */
export function isScheduledInThePast(scheduledAt: string | null | undefined, now: Date): boolean {
  if (!scheduledAt) return false;
  const at = Date.parse(scheduledAt);
  return !Number.isNaN(at) && at < now.getTime() - SCHEDULE_CLOCK_SKEW_MS;
}

/** POST /present-distributions/preview → how many players would receive it. */
export const distributionPreviewSchema = lazy(() => z.object(recipientsShape).superRefine(checkRecipients));
export type DistributionPreviewInput = z.infer<typeof distributionPreviewSchema>;
export interface DistributionPreview {
  recipients: number;
  /** Listed ids that are not players (they receive nothing). */
  unknownIds: number;
}
/** POST /present-distributions/preview's answer (DistributionPreview). */
export const distributionPreviewResultSchema = lazy(() => z.object({ recipients: z.number().int(), unknownIds: z.number().int() }));

export const distributionCreateSchema = lazy(() =>
  z
    .object({
      presentId: z.coerce.number({ message: 'Pick a present' }).int().min(1, 'Pick a present').max(2_147_483_647, 'Pick a present'),
      ...recipientsShape,
      /**
       * null: now. Otherwise an instant in the future (entered in the admin's time zone, sent as
       * ISO); up to SCHEDULE_CLOCK_SKEW_MS in the past counts as now, earlier is refused.
       */
      scheduledAt: isoDateTimeSchema.nullable().default(null),
      /**
       * The recipient count the admin confirmed (the preview's figure). Required for all players:
       * the server refuses (409, the new figure as `current`) if more players would receive it now.
       */
      confirmedRecipients: z
        .number({ message: 'Confirm the number of recipients' })
        .int()
        .min(0)
        .max(2_147_483_647)
        .nullable()
        .default(null),
    })
    .superRefine((input, ctx) => {
      checkRecipients(input, ctx);
      if (input.target !== 'list' && input.confirmedRecipients === null) {
        ctx.addIssue({ code: 'custom', path: ['confirmedRecipients'], message: 'Confirm the number of players who will receive it' });
      }
    }),
);
export type DistributionCreate = z.infer<typeof distributionCreateSchema>;

/** POST /present-distributions/:id/cancel: only while it is scheduled. */
export const distributionCancelSchema = lazy(() => z.object({ version: versionSchema }));
export type DistributionCancel = z.infer<typeof distributionCancelSchema>;

export const distributionSchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    presentId: z.number().int(),
    presentName: z.string(),
    target: z.enum(DISTRIBUTION_TARGETS),
    /** How many ids were listed (0 for all players; a segment's members once its send started). */
    listedIds: z.number().int(),
    /** The segment it was sent to (target 'segment'), null otherwise or once that segment is deleted. */
    segmentId: z.number().int().nullable(),
    /** Players counted when it was created (the preview's figure). */
    recipientCount: z.number().int(),
    /** Players who have received it so far (the progress). */
    deliveredCount: z.number().int(),
    status: z.enum(DISTRIBUTION_STATUSES),
    scheduledAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    error: z.string().nullable(),
    createdBy: z.string().nullable(),
  }),
);
export type Distribution = z.infer<typeof distributionSchema>;

export const distributionQuerySchema = lazy(() =>
  listQuerySchema.extend({
    status: optionalQueryEnum(DISTRIBUTION_STATUSES, 'Pick a status'),
  }),
);
export type DistributionQuery = z.infer<typeof distributionQuerySchema>;

export const DISTRIBUTION_SORTS = ['scheduledAt', 'createdAt', 'status'] as const;

/** Sending a present to players: created (now or scheduled), listed, cancelled; never edited or deleted. */
export const presentDistributionsResource = defineResource({
  scope: 'economy',
  path: '/present-distributions',
  target: 'presentDistribution',
  noun: 'distribution',
  schemas: {
    record: distributionSchema,
    create: distributionCreateSchema,
    update: distributionCancelSchema,
    query: distributionQuerySchema,
  },
  sorts: DISTRIBUTION_SORTS,
  defaultSort: { sort: 'scheduledAt', order: 'desc' },
  csv: {
    filename: 'present-distributions.csv',
    columns: [
      'id',
      'presentId',
      'presentName',
      'target',
      'listedIds',
      'segmentId',
      'recipientCount',
      'deliveredCount',
      'status',
      'scheduledAt',
      'startedAt',
      'finishedAt',
      'error',
      'createdAt',
      'createdBy',
    ],
  },
  remove: false,
});
