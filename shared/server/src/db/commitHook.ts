import { AsyncLocalStorage } from 'node:async_hooks';
import type { Transaction } from 'kysely';

/**
 * Work that must commit with a mutation it does not know about: an approved change request is
 * marked applied (and logged) in the transaction of the operation it applies, so both commit or
 * neither. The change-request mechanism runs the operation's route with a hook set here;
 * `mutate` takes it (once) and runs it inside its transaction after the change. Throwing from the
 * hook rolls the change back.
 */
export type CommitHook = (trx: Transaction<any>, now: Date, result: unknown) => Promise<void>;

const storage = new AsyncLocalStorage<{ hook: CommitHook | null }>();

/** Runs `fn` (and everything it calls) with `hook` waiting for the first `mutate`. */
export function runWithCommitHook<T>(hook: CommitHook, fn: () => T): T {
  return storage.run({ hook }, fn);
}

/** The waiting hook, taken so that a second mutate in the same call does not run it again. */
export function takeCommitHook(): CommitHook | null {
  const store = storage.getStore();
  if (!store) return null;
  const { hook } = store;
  store.hook = null;
  return hook;
}
