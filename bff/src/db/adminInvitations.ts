import type { Kysely, Transaction } from 'kysely';
import { hashToken, newToken } from '@phoenix/server/auth';
import type { Database } from './schema';

// Invitation links (migration 0062), issued by the admins area and spent by the public
// invitation routes (features/auth): here, so that neither feature imports the other.

export type InvitationKind = 'invite' | 'reset';

/**
 * A new single-use link for an account (in the transaction that creates or resets it): the older
 * open links of the account stop working. The token is returned once, for the mail; only its hash is kept.
 */
export async function issueInvitation(
  trx: Transaction<Database>,
  input: { adminId: number; kind: InvitationKind; sentTo: string; by: string; ttlMs: number; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const { adminId, now } = input;
  await trx
    .updateTable('admin_invitations')
    .set({ revoked_at: now })
    .where('admin_id', '=', adminId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + input.ttlMs);
  await trx
    .insertInto('admin_invitations')
    .values({
      admin_id: adminId,
      kind: input.kind,
      token_hash: hashToken(token),
      sent_to: input.sentTo,
      created_by: input.by,
      expires_at: expiresAt,
      created_at: now,
    })
    .execute();
  return { token, expiresAt };
}

/** The open invitation a token names (unspent, not replaced, not expired) with its account, or undefined. */
export function findOpenInvitation(db: Kysely<Database>, token: string, now: Date) {
  return db
    .selectFrom('admin_invitations as i')
    .innerJoin('admins as a', 'a.id', 'i.admin_id')
    .select(['i.id', 'i.kind', 'i.expires_at', 'a.id as adminId', 'a.email', 'a.status', 'a.password_hash'])
    .where('i.token_hash', '=', hashToken(token))
    .where('i.used_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', now)
    .executeTakeFirst();
}

/** Spends an invitation once: false when another call spent or replaced it meanwhile. */
export async function spendInvitation(trx: Transaction<Database>, id: number, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable('admin_invitations')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
