import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Actor } from '../context';
import type { ServerDatabase } from '../db/schema';
import type { Applies } from './changeControl';

/**
 * Daily budgets (issue "Trust II"): per-call thresholds let many small calls add up to one big
 * one, so some operations also count per admin per UTC day. What was used is read from the action
 * log — never from memory — so every instance counts the same rows, and a change request applied
 * later counts too (its row is written by the requester's account).
 */

const DAY_MS = 86_400_000;

/** Midnight UTC of `now`'s day: every admin's budget starts afresh then, on every instance. */
export const utcDayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * What `actor` used of a budget today: the sum of `amount` (an expression on an action-log row,
 * e.g. its `after`'s count) over their rows of `actions` in the current UTC day. By admin id, not
 * email: an address change does not start a new budget.
 */
export async function usedToday(
  db: Kysely<any>,
  actor: Actor | null,
  actions: readonly string[],
  amount: RawBuilder<unknown>,
  now: Date,
): Promise<number> {
  if (!actor) return 0; // only an admin's call reaches a global operation's route (the auth guard)
  const start = utcDayStart(now);
  const row = await (db as Kysely<ServerDatabase>)
    .selectFrom('action_logs')
    .select(sql<string | number | null>`sum(${amount})`.as('used'))
    .where('admin_id', '=', actor.id)
    .where('action', 'in', actions)
    .where('created_at', '>=', start)
    .where('created_at', '<', new Date(start.getTime() + DAY_MS))
    .executeTakeFirstOrThrow();
  return Number(row.used ?? 0);
}

export interface DailyBudget {
  /** What is counted, in the 428's words: 'adjustment points', 'player ids in id-list operations'. */
  what: string;
  /** Its unit: 'points', 'ids'. */
  unit: string;
  limit: number;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * A call of `size` after `used` today: within the budget (not global), or past it, saying what is
 * left. `includesThisCall` (the recheck in the change's transaction): `used` already counts it.
 */
export function pastBudget(budget: DailyBudget, used: number, size: number, includesThisCall = false): Applies {
  if (includesThisCall) used -= size;
  if (used + size <= budget.limit) return false;
  const left = Math.max(0, budget.limit - used);
  return {
    note:
      `Your daily budget of ${budget.what} is used up: ${count(left)} of ${count(budget.limit)} ${budget.unit} left today (UTC), ` +
      `this call needs ${count(size)}.`,
  };
}
