import { z } from 'zod';
import { isoDateTimeSchema } from './fields';
import { listQuerySchema, noBodySchema } from './common';
import { defineResource } from './resource';
import { lazy } from './lazy';

export const actionLogSchema = lazy(() =>
  z.object({
    id: z.number().int(),
    adminId: z.number().int().nullable(),
    adminEmail: z.string(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    createdAt: z.string(),
  }),
);
export type ActionLog = z.infer<typeof actionLogSchema>;

export const actionLogQuerySchema = lazy(() =>
  listQuerySchema.extend({
    admin: z.string().max(254).optional(),
    action: z.string().max(100).optional(),
    target: z.string().max(100).optional(),
    from: isoDateTimeSchema.optional(),
    to: isoDateTimeSchema.optional(),
  }),
);
export type ActionLogQuery = z.infer<typeof actionLogQuerySchema>;

export const ACTION_LOG_SORTS = ['createdAt', 'adminEmail', 'action', 'targetType'] as const;

/** Read-only: written by every mutation in the same transaction. Newest first by default. */
export const actionLogsResource = defineResource({
  scope: 'admins',
  path: '/action-logs',
  target: 'actionLog',
  noun: 'action log entry',
  plural: 'action log entries',
  schemas: { record: actionLogSchema, create: noBodySchema, update: noBodySchema, query: actionLogQuerySchema },
  sorts: ACTION_LOG_SORTS,
  defaultSort: { sort: 'createdAt', order: 'desc' },
  csv: { filename: 'action-logs.csv', columns: ['id', 'createdAt', 'adminEmail', 'action', 'targetType', 'targetId'] },
  remove: false,
});

/**
 * What the record's check found in one chain (one per service: `bff`, `points`): intact through a
 * row, or the first broken link and what is wrong with it. `changed`: the row's contents no longer
 * match its hash; `missing-before`: rows before it were removed; `relinked`: it does not follow
 * the row before it (that row was replaced); `missing-newest`: the chain's head counts rows past
 * the last one left (id null).
 */
export const actionLogChainVerdictSchema = lazy(() =>
  z.object({
    chain: z.string(),
    rows: z.number().int(),
    intactThroughId: z.number().int().nullable(),
    broken: z
      .object({
        id: z.number().int().nullable(),
        seq: z.number().int(),
        reason: z.enum(['changed', 'missing-before', 'relinked', 'missing-newest']),
      })
      .nullable(),
  }),
);
export type ActionLogChainVerdict = z.infer<typeof actionLogChainVerdictSchema>;

/** POST: checks the whole record now (a pass over the table), so it is an operation, not a cached read. */
export const ACTION_LOG_PATHS = { verification: '/action-logs/verification' } as const;
export const actionLogVerificationSchema = lazy(() => z.object({ chains: z.array(actionLogChainVerdictSchema), checkedAt: z.string() }));
export type ActionLogVerification = z.infer<typeof actionLogVerificationSchema>;
