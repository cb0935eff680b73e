import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Spends a sign-in's second-factor challenge once its answer (a code, a passkey) was accepted, in
 * the answer's transaction: false when another answer spent it first (the statement decides).
 */
export async function spendSignInChallenge(trx: Transaction<Database>, challengeId: number, now: Date): Promise<boolean> {
  const spent = await trx
    .updateTable('sign_in_challenges')
    .set({ used_at: now })
    .where('id', '=', challengeId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

/** A wrong answer counts against the challenge (it stops opening anything after a few). */
export async function countWrongAnswer(db: Kysely<Database>, challengeId: number): Promise<void> {
  await db
    .updateTable('sign_in_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', challengeId)
    .execute();
}
