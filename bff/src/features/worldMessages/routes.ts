import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import {
  WORLD_MESSAGE_ONLY_SCHEDULED,
  worldMessageCancelSchema,
  worldMessageResource,
  type WorldMessage,
  type WorldMessageCreate,
  type WorldMessageState,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import type { WorldMessageRow } from '../../db/schema';
import { sortKey } from '../../db/ordering';
import { versionedResource } from '../../db/versionedResource';
import { validationFailed } from '../../http/errors';
import { registerResourceRoutes, versionedChange } from '../../http/resourceRoutes';

/** Same expression as the index in migration 0006 (info 1 < warning 2 < critical 3). */
const severityRank = sql`(case severity when 'info' then 1 when 'warning' then 2 else 3 end)`;

/** The same rule as the SQL filter below. */
export function worldMessageStateAt(
  row: Pick<WorldMessageRow, 'display_start' | 'display_end' | 'cancelled_at'>,
  now: Date,
): WorldMessageState {
  if (row.cancelled_at) return 'cancelled';
  if (now < row.display_start) return 'scheduled';
  if (now < row.display_end) return 'showing';
  return 'ended';
}

/** Row → API shape (state as of `now`). Also what the action log stores as before/after. */
export function toWorldMessage(row: WorldMessageRow, now: Date): WorldMessage {
  return {
    id: row.id,
    message: row.message,
    severity: row.severity,
    displayStart: row.display_start.toISOString(),
    displayEnd: row.display_end.toISOString(),
    state: worldMessageStateAt(row, now),
    cancelledAt: row.cancelled_at ? row.cancelled_at.toISOString() : null,
    cancelledBy: row.cancelled_by,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

/** A broadcast whose window is already over would never be shown: refuse it. */
function checkNotOver(input: WorldMessageCreate, now: Date): void {
  if (Date.parse(input.displayEnd) <= now.getTime()) {
    throw validationFailed({ displayEnd: ['Display end must be in the future'] });
  }
}

/**
 * World messages: broadcasts with a display window; `state` is derived from it (in SQL too).
 * Edit (PUT) and cancel only while scheduled (409 otherwise); never deleted. Without a sort:
 * newest display start first.
 */
export const worldMessages = versionedResource(worldMessageResource, {
  table: 'world_messages',
  toApi: toWorldMessage,
  toColumns: (input) => ({
    message: input.message,
    severity: input.severity,
    display_start: input.displayStart,
    display_end: input.displayEnd,
  }),
  sortKeys: {
    displayStart: sortKey('display_start', 'plain'),
    displayEnd: sortKey('display_end', 'plain'),
    severity: severityRank,
    createdAt: sortKey('created_at', 'plain'),
  },
  defaultOrder: [
    ['display_start', 'desc'],
    ['id', 'desc'],
  ],
  search: ['message'],
  filters: [
    (qb, query) => (query.severity ? qb.where('severity', '=', query.severity) : qb),
    (qb, query, now) => {
      switch (query.state) {
        case 'cancelled':
          return qb.where('cancelled_at', 'is not', null);
        case 'scheduled':
          return qb.where('cancelled_at', 'is', null).where('display_start', '>', now);
        case 'showing':
          return qb.where('cancelled_at', 'is', null).where('display_start', '<=', now).where('display_end', '>', now);
        case 'ended':
          return qb.where('cancelled_at', 'is', null).where('display_end', '<=', now);
        default:
          return qb;
      }
    },
  ],
  validate: checkNotOver,
  frozen: (row, now, verb) =>
    worldMessageStateAt(row, now) === 'scheduled'
      ? null
      : verb === 'cancel'
        ? WORLD_MESSAGE_ONLY_SCHEDULED.cancel
        : WORLD_MESSAGE_ONLY_SCHEDULED.edit,
});

export default function registerWorldMessageRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResourceRoutes(app, ctx, worldMessages);

  app.post(
    `${worldMessageResource.path}/:id/cancel`,
    versionedChange(ctx, worldMessageCancelSchema, (trx, id, { version }, actor, now) =>
      worldMessages.change(trx, id, version, 'cancel', { cancelled_at: now, cancelled_by: actor.email }, actor.email, now),
    ),
  );
}
