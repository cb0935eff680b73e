import type { Kysely, Transaction } from 'kysely';
import { ADMIN_SORTS, type AdminAccount, type AdminStatus, type ListQuery } from '@phoenix/contract';
import type { AdminRow, Database } from '../../db/schema';
import { sortKey } from '../../db/ordering';
import { likeEscape } from '../../http/validate';

export type AdminSort = (typeof ADMIN_SORTS)[number];

const sortKeys = {
  email: sortKey('email', 'text'),
  role: sortKey('role', 'plain'),
  status: sortKey('status', 'text'),
  lastSignInAt: sortKey('last_sign_in_at', 'plain'),
  createdAt: sortKey('created_at', 'plain'),
} satisfies Record<AdminSort, unknown>;

/** Emails are compared and stored trimmed and lower-cased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function toAdminAccount(row: AdminRow): AdminAccount {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.status,
    lastSignInAt: row.last_sign_in_at ? row.last_sign_in_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  };
}

function filtered(db: Kysely<Database>, query: Pick<ListQuery, 'q'>) {
  const q = query.q?.trim();
  return q ? db.selectFrom('admins').where('email', 'ilike', `%${likeEscape(q)}%`) : db.selectFrom('admins');
}

export async function listAdmins(
  db: Kysely<Database>,
  query: ListQuery,
  sort: AdminSort | undefined,
): Promise<{ items: AdminAccount[]; total: number }> {
  const count = await filtered(db, query)
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, query)
    .selectAll()
    .orderBy(sortKeys[sort ?? 'email'], query.order)
    .orderBy('id', query.order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { items: rows.map(toAdminAccount), total: Number(count.total) };
}

export async function findAdminByEmail(db: Kysely<Database>, email: string): Promise<AdminRow | undefined> {
  return db.selectFrom('admins').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export async function lockAdmin(trx: Transaction<Database>, id: number): Promise<AdminRow | undefined> {
  return trx.selectFrom('admins').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertAdmin(
  trx: Transaction<Database>,
  input: { email: string; passwordHash: string; role: number; now: Date },
): Promise<AdminRow> {
  return trx
    .insertInto('admins')
    .values({
      email: normaliseEmail(input.email),
      password_hash: input.passwordHash,
      role: input.role,
      status: 'active',
      created_at: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setAdminStatus(trx: Transaction<Database>, id: number, status: AdminStatus): Promise<AdminRow> {
  return trx.updateTable('admins').set({ status }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function recordSignIn(trx: Transaction<Database>, id: number, now: Date): Promise<void> {
  await trx.updateTable('admins').set({ last_sign_in_at: now }).where('id', '=', id).execute();
}
