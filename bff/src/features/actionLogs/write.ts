import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import { toJson } from '../../db/json';
import type { Database } from '../../db/schema';

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
}

/** What a mutation returns to `mutate`: its result and the action-log entry describing it. */
export type Outcome<T> = { result: T; log: ActionLogEntry };

/** Writes one action-log row. Takes the transaction of the change so both commit or neither. */
export async function writeActionLog(
  trx: Transaction<Database>,
  actor: LogActor,
  entry: ActionLogEntry,
  at: Date,
): Promise<void> {
  await trx
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
    })
    .execute();
}

/**
 * The shape of every mutation: `work` changes data inside a transaction and returns its result
 * plus the action-log entry describing the change; the entry is written in the same transaction.
 * Throwing (e.g. a 409 conflict) rolls everything back.
 */
export async function mutate<T>(
  ctx: AppContext,
  actor: LogActor,
  work: (trx: Transaction<Database>, now: Date) => Promise<Outcome<T>>,
): Promise<T> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const { result, log } = await work(trx, now);
    await writeActionLog(trx, actor, log, now);
    return result;
  });
}
