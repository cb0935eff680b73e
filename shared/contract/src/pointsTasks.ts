import { z } from 'zod';
import { listQuerySchema, versionedRecordShape, versionSchema } from './common';
import { defineResource } from './resource';
import { isoDateTimeSchema, endAfterStart, optionalQueryEnum, wholeNumber } from './fields';
import { POINTS_MAX } from './pointsSettings';
import { lazy } from './lazy';

export const POINTS_TASK_TYPES = ['social', 'daily', 'onChain'] as const;
export type PointsTaskType = (typeof POINTS_TASK_TYPES)[number];

/** Derived from the window, never stored: scheduled (now < start), active (start <= now < end), ended. */
export const POINTS_TASK_STATUSES = ['scheduled', 'active', 'ended'] as const;
export type PointsTaskStatus = (typeof POINTS_TASK_STATUSES)[number];

/** A daily task comes back every day at this UTC time ('HH:MM'); other types have none. */
export const RESET_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const pointsTaskFields = lazy(() =>
  z.object({
    title: z.string({ message: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title is at most 200 characters'),
    type: z.enum(POINTS_TASK_TYPES, { message: 'Pick social, daily or on-chain' }),
    rewardPoints: z
      .number({ message: 'Enter a number of points' })
      .check(wholeNumber('Points are whole numbers'))
      .min(1, 'A task rewards at least 1 point')
      .max(POINTS_MAX, 'At most 1,000,000,000 points'),
    link: z
      .string()
      .trim()
      .max(2000, 'Link is at most 2,000 characters')
      .refine((value) => value === '' || /^https:\/\/[^\s]+$/.test(value), 'Enter an https:// link')
      .default(''),
    startsAt: isoDateTimeSchema,
    endsAt: isoDateTimeSchema,
    resetTime: z.string().nullable().default(null),
  }),
);

const checkPeriod = () => endAfterStart('endsAt', 'startsAt', 'The end must be after the start');

function checkTask(input: { type: PointsTaskType; startsAt: string; endsAt: string; resetTime: string | null }, ctx: z.RefinementCtx) {
  if (input.type === 'daily' && !(input.resetTime && RESET_TIME_PATTERN.test(input.resetTime))) {
    ctx.addIssue({ code: 'custom', path: ['resetTime'], message: 'A daily task needs its reset time (HH:MM, UTC)' });
  }
  if (input.type !== 'daily' && input.resetTime !== null) {
    ctx.addIssue({ code: 'custom', path: ['resetTime'], message: 'Only a daily task recurs' });
  }
}

export const pointsTaskCreateSchema = lazy(() => pointsTaskFields.superRefine(checkTask).check(checkPeriod()));
export type PointsTaskCreate = z.infer<typeof pointsTaskCreateSchema>;
export const pointsTaskUpdateSchema = lazy(() =>
  pointsTaskFields.extend({ version: versionSchema }).superRefine(checkTask).check(checkPeriod()),
);
export type PointsTaskUpdate = z.infer<typeof pointsTaskUpdateSchema>;

export const pointsTaskSchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    title: z.string(),
    type: z.enum(POINTS_TASK_TYPES),
    rewardPoints: z.number(),
    link: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    resetTime: z.string().nullable(),
    status: z.enum(POINTS_TASK_STATUSES),
  }),
);
export type PointsTask = z.infer<typeof pointsTaskSchema>;

/** GET /tasks: q matches the title; status (derived from the window) and type filter. */
export const pointsTaskQuerySchema = lazy(() =>
  listQuerySchema.extend({
    status: optionalQueryEnum(POINTS_TASK_STATUSES, 'Pick active, scheduled or ended'),
    type: optionalQueryEnum(POINTS_TASK_TYPES, 'Pick social, daily or on-chain'),
  }),
);
export type PointsTaskQuery = z.infer<typeof pointsTaskQuerySchema>;

export const POINTS_TASK_SORTS = ['title', 'type', 'rewardPoints', 'startsAt', 'endsAt', 'updatedAt'] as const;

/** Tasks players complete for points (points API, `pointsApiBase`). */
export const pointsTasksResource = defineResource({
  scope: 'economy',
  path: '/tasks',
  api: 'points',
  target: 'pointsTask',
  noun: 'task',
  schemas: { record: pointsTaskSchema, create: pointsTaskCreateSchema, update: pointsTaskUpdateSchema, query: pointsTaskQuerySchema },
  sorts: POINTS_TASK_SORTS,
  defaultSort: { sort: 'startsAt', order: 'desc' },
  csv: {
    filename: 'points-tasks.csv',
    columns: [
      'id',
      'title',
      'type',
      'rewardPoints',
      'link',
      'startsAt',
      'endsAt',
      'resetTime',
      'status',
      'version',
      'updatedAt',
      'updatedBy',
    ],
  },
});
