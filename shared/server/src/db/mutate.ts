import type { Transaction } from 'kysely';
import type { ServerContext } from '../context';
import { takeCommitHook } from './commitHook';
import { writeActionLog, type ActionLogEntry, type LogActor } from './actionLog';
import type { ServerDatabase } from './schema';

export type { ActionLogEntry, LogActor } from './actionLog';

/** What a mutation returns to `mutate`: its result and the action-log entry describing it. */
export type Outcome<T> = { result: T; log: ActionLogEntry };

/**
 * The shape of every mutation: `work` changes data inside a transaction and returns its result
 * plus the action-log entry describing the change; the entry is written in the same transaction.
 * Throwing (e.g. a 409 conflict) rolls everything back. An approved change request's commit hook
 * (db/commitHook.ts) runs last in the same transaction.
 */
export async function mutate<T, DB extends ServerDatabase = ServerDatabase>(
  ctx: ServerContext<DB>,
  actor: LogActor,
  work: (trx: Transaction<DB>, now: Date) => Promise<Outcome<T>>,
): Promise<T> {
  const now = ctx.now();
  const hook = takeCommitHook();
  return ctx.db.transaction().execute(async (trx) => {
    const { result, log } = await work(trx, now);
    await writeActionLog(trx, actor, log, now);
    if (hook) await hook(trx, now, result);
    return result;
  });
}
