import { z } from 'zod';
import { listQuerySchema } from './common';

export interface ActionLog {
  id: number;
  adminId: number | null;
  adminEmail: string;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export const actionLogQuerySchema = listQuerySchema.extend({
  admin: z.string().max(254).optional(),
  action: z.string().max(100).optional(),
  target: z.string().max(100).optional(),
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
});
export type ActionLogQuery = z.infer<typeof actionLogQuerySchema>;

export const ACTION_LOG_SORTS = ['createdAt', 'adminEmail', 'action', 'targetType'] as const;
