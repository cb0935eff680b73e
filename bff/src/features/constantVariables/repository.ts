import type { Kysely, Transaction } from 'kysely';
import {
  CONSTANT_VARIABLE_SORTS,
  type ConstantVariable,
  type ConstantVariableCreate,
  type ListQuery,
} from '@phoenix/contract';
import type { ConstantVariableRow, Database } from '../../db/schema';
import { sortKey } from '../../db/ordering';
import { likeEscape } from '../../http/validate';

export type ConstantVariableSort = (typeof CONSTANT_VARIABLE_SORTS)[number];

const sortKeys = {
  key: sortKey('key', 'text'),
  type: sortKey('type', 'text'),
  value: sortKey('value', 'text'),
  description: sortKey('description', 'text'),
  updatedAt: sortKey('updated_at', 'plain'),
} satisfies Record<ConstantVariableSort, unknown>;

/** Row → API shape (camelCase, ISO dates). Also what the action log stores as before/after. */
export function toConstantVariable(row: ConstantVariableRow): ConstantVariable {
  return {
    id: row.id,
    key: row.key,
    type: row.type,
    value: row.value,
    description: row.description,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

/** q: case-insensitive substring of key or description. */
function filtered(db: Kysely<Database>, query: Pick<ListQuery, 'q'>) {
  let qb = db.selectFrom('constant_variables');
  const q = query.q?.trim();
  if (q) {
    const like = `%${likeEscape(q)}%`;
    qb = qb.where((eb) => eb.or([eb('key', 'ilike', like), eb('description', 'ilike', like)]));
  }
  return qb;
}

function ordered(db: Kysely<Database>, query: ListQuery, sort: ConstantVariableSort | undefined) {
  return filtered(db, query)
    .selectAll()
    .orderBy(sortKeys[sort ?? 'key'], query.order)
    .orderBy('id', query.order);
}

export async function listConstantVariables(
  db: Kysely<Database>,
  query: ListQuery,
  sort: ConstantVariableSort | undefined,
): Promise<{ items: ConstantVariable[]; total: number }> {
  const count = await filtered(db, query)
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await ordered(db, query, sort)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { items: rows.map(toConstantVariable), total: Number(count.total) };
}

export async function exportConstantVariables(
  db: Kysely<Database>,
  query: ListQuery,
  sort: ConstantVariableSort | undefined,
  maxRows: number,
): Promise<ConstantVariable[]> {
  const rows = await ordered(db, query, sort).limit(maxRows).execute();
  return rows.map(toConstantVariable);
}

export async function findConstantVariable(db: Kysely<Database>, id: number): Promise<ConstantVariableRow | undefined> {
  return db.selectFrom('constant_variables').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Reads a row and locks it until the transaction ends (the version check can't race). */
export async function lockConstantVariable(
  trx: Transaction<Database>,
  id: number,
): Promise<ConstantVariableRow | undefined> {
  return trx.selectFrom('constant_variables').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function keyTaken(trx: Transaction<Database>, key: string, exceptId?: number): Promise<boolean> {
  let qb = trx.selectFrom('constant_variables').select('id').where('key', '=', key);
  if (exceptId !== undefined) qb = qb.where('id', '<>', exceptId);
  return (await qb.executeTakeFirst()) !== undefined;
}

export async function insertConstantVariable(
  trx: Transaction<Database>,
  input: ConstantVariableCreate,
  by: string,
  now: Date,
): Promise<ConstantVariableRow> {
  return trx
    .insertInto('constant_variables')
    .values({
      key: input.key,
      type: input.type,
      value: input.value,
      description: input.description,
      version: 1,
      created_at: now,
      updated_at: now,
      updated_by: by,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateConstantVariable(
  trx: Transaction<Database>,
  id: number,
  input: ConstantVariableCreate,
  by: string,
  now: Date,
): Promise<ConstantVariableRow> {
  return trx
    .updateTable('constant_variables')
    .set((eb) => ({
      key: input.key,
      type: input.type,
      value: input.value,
      description: input.description,
      version: eb('version', '+', 1),
      updated_at: now,
      updated_by: by,
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteConstantVariable(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('constant_variables').where('id', '=', id).execute();
}
