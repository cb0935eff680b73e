import type { Kysely } from 'kysely';
import { FORCE_END_REASON_MAX } from '@phoenix/contract';
import type { Database } from './schema';

/**
 * The live-game operations two battle-remote features share (the maintenance force end and the
 * global sign-out); here because a feature never imports another. Each runs in the caller's
 * transaction, as one statement whose WHERE re-checks the state of every row it locks: a battle
 * that finished on its own meanwhile, or a session that ended, is left as it is.
 */

/** Counted on the partial index of ongoing battles (migration 0043). */
export async function countOngoingBattles(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('battles')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', '=', 'ongoing')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ends every battle ongoing at the moment of the statement; returns how many. */
export async function forceEndOngoingBattles(db: Kysely<Database>, by: string, reason: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('battles')
    .set((eb) => ({
      status: 'force_ended' as const,
      ended_at: now,
      winner_player_id: null,
      force_ended_by: by,
      force_end_reason: reason.slice(0, FORCE_END_REASON_MAX),
      version: eb('version', '+', 1),
      updated_at: now,
      updated_by: by,
    }))
    .where('status', '=', 'ongoing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Open player game sessions (ended_at is null), counted on their partial index (migration 0012). */
export async function countOpenSessions(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('player_sessions')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('ended_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ends every open player session as 'global_sign_out'; sessions already ended keep their end. */
export async function endOpenSessions(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .updateTable('player_sessions')
    .set({ ended_at: now, end_reason: 'global_sign_out' })
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
