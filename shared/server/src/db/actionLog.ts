import type { ActionLog } from '@phoenix/contract';
import { sql, type Transaction } from 'kysely';
import { currentRequestId } from '../requestId';
import { toJson } from './json';
import type { ActionLogRow, ServerDatabase } from './schema';

/** Who did it. `id` is null for the system (seed, CLI). */
export interface LogActor {
  id: number | null;
  email: string;
}

/** What happened: e.g. { action: 'constantVariable.update', targetType: 'constantVariable', ... }. */
export interface ActionLogEntry {
  /** '<feature>.<verb>', e.g. 'constantVariable.create'. Filters match it exactly or by prefix. */
  action: string;
  targetType: string;
  targetId: string | number | null;
  /** The record before the change (API shape), null on create. */
  before: unknown;
  /** The record after the change (API shape), null on delete. */
  after: unknown;
  /**
   * A bulk operation's records (every one, not a sample): written to action_log_targets in the same
   * transaction, so `GET /action-logs?target=player:42` finds the entry too.
   */
  targets?: { type: string; ids: readonly number[] };
}

/**
 * The chain this process's rows go into (migration 0061): one per service, so the BFF's and the
 * points API's instances never wait on each other's head. The points API sets `points` at start.
 */
let chain = 'bff';
export function setActionLogChain(name: string): void {
  chain = name;
}

/**
 * Writes one action-log row. Takes the transaction of the change so both commit or neither. The
 * request's id comes from the request context (requestId.ts, entered by http/requestContext.ts): every feature's change
 * carries it without passing it along.
 */
export async function writeActionLog(trx: Transaction<any>, actor: LogActor, entry: ActionLogEntry, at: Date): Promise<void> {
  const { id } = await (trx as Transaction<ServerDatabase>)
    .insertInto('action_logs')
    .values({
      admin_id: actor.id,
      admin_email: actor.email,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId === null ? null : String(entry.targetId),
      before: toJson(entry.before),
      after: toJson(entry.after),
      created_at: at,
      request_id: currentRequestId(),
      chain,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (entry.targets && entry.targets.ids.length > 0) {
    // One statement whatever the count: the ids travel as one integer[] literal, unnested.
    await sql`insert into action_log_targets (log_id, target_type, target_id)
      select ${id}, ${entry.targets.type}, t::text from unnest(${`{${entry.targets.ids.join(',')}}`}::integer[]) as t`.execute(trx);
  }
}

/** Row → API shape (the action-log pages and the dashboard). */
export function toActionLog(row: ActionLogRow): ActionLog {
  return {
    id: row.id,
    adminId: row.admin_id,
    adminEmail: row.admin_email,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.created_at.toISOString(),
  };
}
