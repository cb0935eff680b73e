import type { Kysely, Transaction } from 'kysely';
import { FLAG_SORTS, type ActiveFlag, type FlagCreate, type FlagQuery } from '@phoenix/contract';
import type { ActiveFlagRow, Database } from '../../db/schema';
import { sortKey } from '../../db/ordering';
import { likeEscape } from '../../http/validate';

export type FlagSort = (typeof FLAG_SORTS)[number];

const sortKeys = {
  key: sortKey('key', 'text'),
  enabled: sortKey('enabled', 'plain'),
  updatedAt: sortKey('updated_at', 'plain'),
} satisfies Record<FlagSort, unknown>;

/** Row → API shape. Also what the action log stores as before/after. */
export function toActiveFlag(row: ActiveFlagRow): ActiveFlag {
  return {
    id: row.id,
    key: row.key,
    description: row.description,
    enabled: row.enabled,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

function filtered(db: Kysely<Database>, query: FlagQuery) {
  let qb = db.selectFrom('active_flags');
  const q = query.q?.trim();
  if (q) {
    const like = `%${likeEscape(q)}%`;
    qb = qb.where((eb) => eb.or([eb('key', 'ilike', like), eb('description', 'ilike', like)]));
  }
  if (query.enabled !== undefined) qb = qb.where('enabled', '=', query.enabled);
  return qb;
}

function ordered(db: Kysely<Database>, query: FlagQuery, sort: FlagSort | undefined) {
  return filtered(db, query)
    .selectAll()
    .orderBy(sortKeys[sort ?? 'key'], query.order)
    .orderBy('id', query.order);
}

export async function listActiveFlags(
  db: Kysely<Database>,
  query: FlagQuery,
  sort: FlagSort | undefined,
): Promise<{ items: ActiveFlag[]; total: number }> {
  const count = await filtered(db, query)
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await ordered(db, query, sort)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { items: rows.map(toActiveFlag), total: Number(count.total) };
}

export async function exportActiveFlags(
  db: Kysely<Database>,
  query: FlagQuery,
  sort: FlagSort | undefined,
  maxRows: number,
): Promise<ActiveFlag[]> {
  const rows = await ordered(db, query, sort).limit(maxRows).execute();
  return rows.map(toActiveFlag);
}

export async function findActiveFlag(db: Kysely<Database>, id: number): Promise<ActiveFlagRow | undefined> {
  return db.selectFrom('active_flags').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lockActiveFlag(trx: Transaction<Database>, id: number): Promise<ActiveFlagRow | undefined> {
  return trx.selectFrom('active_flags').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function flagKeyTaken(trx: Transaction<Database>, key: string): Promise<boolean> {
  return (await trx.selectFrom('active_flags').select('id').where('key', '=', key).executeTakeFirst()) !== undefined;
}

export async function insertActiveFlag(
  trx: Transaction<Database>,
  input: FlagCreate,
  by: string,
  now: Date,
): Promise<ActiveFlagRow> {
  return trx
    .insertInto('active_flags')
    .values({
      key: input.key,
      description: input.description,
      enabled: input.enabled,
      version: 1,
      created_at: now,
      updated_at: now,
      updated_by: by,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateActiveFlag(
  trx: Transaction<Database>,
  id: number,
  changes: { description?: string; enabled: boolean },
  by: string,
  now: Date,
): Promise<ActiveFlagRow> {
  return trx
    .updateTable('active_flags')
    .set((eb) => ({
      ...(changes.description === undefined ? {} : { description: changes.description }),
      enabled: changes.enabled,
      version: eb('version', '+', 1),
      updated_at: now,
      updated_by: by,
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteActiveFlag(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('active_flags').where('id', '=', id).execute();
}
