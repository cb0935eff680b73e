import type { PermissionScope } from '@phoenix/contract';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import {
  WORLD_MESSAGE_END_REFUSED,
  WORLD_MESSAGE_LIVE_LOCKED,
  WORLD_MESSAGE_ONLY_SCHEDULED,
  worldMessageCancelSchema,
  worldMessageEndSchema,
  worldMessagesResource,
  type WorldMessage,
  type WorldMessageCreate,
  type WorldMessageState,
  type WorldMessageUpdate,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { type Outcome, sortKey } from '@phoenix/server/db';
import type { WorldMessageRow } from '../../db/schema';
import { versionedResource } from '../../db/versioned';
import { validationFailed, registerResourceRoutes, versionedChange } from '@phoenix/server/http';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'content';

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

/** Once showing, players have seen the window and severity: only the text may still be corrected. */
function checkLiveEdit(row: WorldMessageRow, input: WorldMessageUpdate, now: Date): void {
  if (worldMessageStateAt(row, now) !== 'showing') return;
  const changed: Record<string, string[]> = {};
  if (Date.parse(input.displayStart) !== row.display_start.getTime()) changed.displayStart = [WORLD_MESSAGE_LIVE_LOCKED];
  if (Date.parse(input.displayEnd) !== row.display_end.getTime()) changed.displayEnd = [WORLD_MESSAGE_LIVE_LOCKED];
  if (input.severity !== row.severity) changed.severity = [WORLD_MESSAGE_LIVE_LOCKED];
  if (Object.keys(changed).length) throw validationFailed(changed);
}

function frozenFor(row: WorldMessageRow, now: Date, verb: string): string | null {
  const state = worldMessageStateAt(row, now);
  switch (verb) {
    case 'end':
      return state === 'showing' ? null : WORLD_MESSAGE_END_REFUSED[state];
    case 'cancel':
      return state === 'scheduled' ? null : WORLD_MESSAGE_ONLY_SCHEDULED.cancel;
    default: // update: the text of a showing one too (checkLiveEdit)
      return state === 'scheduled' || state === 'showing' ? null : WORLD_MESSAGE_ONLY_SCHEDULED.edit;
  }
}

/**
 * World messages: broadcasts with a display window; `state` is derived from it (in SQL too).
 * Edit (PUT) while scheduled, only the text while showing; cancel while scheduled; end now while
 * showing (409 otherwise); never deleted. Without a sort: newest display start first.
 */
export const worldMessages = versionedResource(worldMessagesResource, {
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
  validateChange: checkLiveEdit,
  frozen: frozenFor,
});

/**
 * End a showing message now (the server's clock): its display end moves to now, so it stops
 * showing at once; the original end stays in the action log's `before`.
 */
async function endNow(trx: Parameters<typeof worldMessages.change>[0], id: number, version: number, by: string, now: Date) {
  const { row, before } = await worldMessages.lockVersion(trx, id, version, now, 'end');
  // The table requires end > start: a message that started this very millisecond ends 1 ms later.
  const end = row.display_start < now ? now : new Date(row.display_start.getTime() + 1);
  const after = toWorldMessage(await worldMessages.updateRow(trx, id, { display_end: end }, by, now), now);
  const outcome: Outcome<WorldMessage> = {
    result: after,
    log: { action: 'worldMessage.end', targetType: 'worldMessage', targetId: id, before, after },
  };
  return outcome;
}

export default function registerWorldMessageRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResourceRoutes(app, ctx, worldMessages);

  app.post(
    `${worldMessagesResource.path}/:id/cancel`,
    versionedChange(
      ctx,
      worldMessageCancelSchema,
      (trx, id, { version }, actor, now) =>
        worldMessages.change(trx, id, version, 'cancel', { cancelled_at: now, cancelled_by: actor.email }, actor.email, now),
      worldMessages.definition.schemas.record,
    ),
  );

  app.post(
    `${worldMessagesResource.path}/:id/end`,
    versionedChange(
      ctx,
      worldMessageEndSchema,
      (trx, id, { version }, actor, now) => endNow(trx, id, version, actor.email, now),
      worldMessages.definition.schemas.record,
    ),
  );
}
