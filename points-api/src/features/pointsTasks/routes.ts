import type { FastifyInstance } from 'fastify';
import { pointsTasksResource, type PointsTask, type PointsTaskStatus, type PermissionScope } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { sortKey } from '@phoenix/server/db';
import { versionedResource, type RowOf } from '../../db/versioned';
import { registerResourceRoutes } from '@phoenix/server/http';

/**
 * The permission scope of this feature's routes (shared/contract permissions.ts): the points
 * programme is the economy role's; a route may name its own.
 */
export const scope: PermissionScope = 'economy';

type TaskRow = RowOf<'points.tasks'>;

/** The same rule as the SQL status filter below. */
export function taskStatusAt(row: Pick<TaskRow, 'starts_at' | 'ends_at'>, now: Date): PointsTaskStatus {
  if (now < row.starts_at) return 'scheduled';
  if (now < row.ends_at) return 'active';
  return 'ended';
}

function toTask(row: TaskRow, now: Date): PointsTask {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    rewardPoints: row.reward_points,
    link: row.link,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    resetTime: row.reset_time,
    status: taskStatusAt(row, now),
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

/**
 * Tasks (social, daily, on-chain) with a reward and an active window; a daily task recurs at its
 * reset time (UTC). Status is derived from the window, in SQL for the filter too. Logged as
 * pointsTask.create / .update / .delete in the BFF's action log.
 */
export const pointsTasks = versionedResource(pointsTasksResource, {
  table: 'points.tasks',
  toApi: toTask,
  toColumns: (input) => ({
    title: input.title,
    type: input.type,
    reward_points: input.rewardPoints,
    link: input.link,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    reset_time: input.type === 'daily' ? input.resetTime : null,
  }),
  sortKeys: {
    title: sortKey('title', 'text'),
    type: sortKey('type', 'plain'),
    rewardPoints: sortKey('reward_points', 'plain'),
    startsAt: sortKey('starts_at', 'plain'),
    endsAt: sortKey('ends_at', 'plain'),
    updatedAt: sortKey('updated_at', 'plain'),
  },
  search: ['title'],
  filters: [
    (qb, query) => (query.type ? qb.where('type', '=', query.type) : qb),
    (qb, query, now) => {
      switch (query.status) {
        case 'scheduled':
          return qb.where('starts_at', '>', now);
        case 'active':
          return qb.where('starts_at', '<=', now).where('ends_at', '>', now);
        case 'ended':
          return qb.where('ends_at', '<=', now);
        default:
          return qb;
      }
    },
  ],
});

export default function registerPointsTaskRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResourceRoutes(app, ctx, pointsTasks);
}
