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
