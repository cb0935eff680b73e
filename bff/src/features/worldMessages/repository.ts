import { sql, type Kysely, type Transaction } from 'kysely';
import {
  WORLD_MESSAGE_SORTS,
  type WorldMessage,
  type WorldMessageCreate,
  type WorldMessageQuery,
  type WorldMessageState,
} from '@phoenix/contract';
import type { Database, WorldMessageRow } from '../../db/schema';
import { sortKey } from '../../db/ordering';
import { likeEscape } from '../../http/validate';

export type WorldMessageSort = (typeof WORLD_MESSAGE_SORTS)[number];

/** Same expression as the index in migration 0006 (info 1 < warning 2 < critical 3). */
const severityRank = sql`(case severity when 'info' then 1 when 'warning' then 2 else 3 end)`;

const sortKeys = {
  displayStart: sortKey('display_start', 'plain'),
  displayEnd: sortKey('display_end', 'plain'),
  severity: severityRank,
  createdAt: sortKey('created_at', 'plain'),
} satisfies Record<WorldMessageSort, unknown>;

/** The same rule as the SQL filter below. */
export function worldMessageStateAt(
  row: Pick<WorldMessageRow, 'display_start' | 'display_end' | 'cancelled_at'>,
  now: Date,
): WorldMessageState {
  if (row.cancelled_at) return 'cancelled';
  if (now < row.display_start) return 'scheduled';
  if (now < row.display_end) return 'showing';
  return 'ended';
}

/** Row → API shape (state as of `now`). Also what the action log stores as before/after. */
export function toWorldMessage(row: WorldMessageRow, now: Date): WorldMessage {
  return {
    id: row.id,
    message: row.message,
    severity: row.severity,
    displayStart: row.display_start.toISOString(),
    displayEnd: row.display_end.toISOString(),
    state: worldMessageStateAt(row, now),
    cancelledAt: row.cancelled_at ? row.cancelled_at.toISOString() : null,
    cancelledBy: row.cancelled_by,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

function filtered(db: Kysely<Database>, query: WorldMessageQuery, now: Date) {
  let qb = db.selectFrom('world_messages');
  const q = query.q?.trim();
  if (q) qb = qb.where('message', 'ilike', `%${likeEscape(q)}%`);
  if (query.severity) qb = qb.where('severity', '=', query.severity);
  switch (query.state) {
    case 'cancelled':
      qb = qb.where('cancelled_at', 'is not', null);
      break;
    case 'scheduled':
      qb = qb.where('cancelled_at', 'is', null).where('display_start', '>', now);
      break;
    case 'showing':
      qb = qb.where('cancelled_at', 'is', null).where('display_start', '<=', now).where('display_end', '>', now);
      break;
    case 'ended':
      qb = qb.where('cancelled_at', 'is', null).where('display_end', '<=', now);
      break;
  }
  return qb;
}

/** Without a sort: newest display start first. */
function ordered(db: Kysely<Database>, query: WorldMessageQuery, sort: WorldMessageSort | undefined, now: Date) {
  const qb = filtered(db, query, now).selectAll();
  if (!sort) return qb.orderBy('display_start', 'desc').orderBy('id', 'desc');
  return qb.orderBy(sortKeys[sort], query.order).orderBy('id', query.order);
}

export async function listWorldMessages(
  db: Kysely<Database>,
  query: WorldMessageQuery,
  sort: WorldMessageSort | undefined,
  now: Date,
): Promise<{ items: WorldMessage[]; total: number }> {
  const count = await filtered(db, query, now)
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await ordered(db, query, sort, now)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { items: rows.map((row) => toWorldMessage(row, now)), total: Number(count.total) };
}

export async function exportWorldMessages(
  db: Kysely<Database>,
  query: WorldMessageQuery,
  sort: WorldMessageSort | undefined,
  now: Date,
  maxRows: number,
): Promise<WorldMessage[]> {
  const rows = await ordered(db, query, sort, now).limit(maxRows).execute();
  return rows.map((row) => toWorldMessage(row, now));
}

export async function findWorldMessage(db: Kysely<Database>, id: number): Promise<WorldMessageRow | undefined> {
  return db.selectFrom('world_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lockWorldMessage(trx: Transaction<Database>, id: number): Promise<WorldMessageRow | undefined> {
  return trx.selectFrom('world_messages').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertWorldMessage(
  trx: Transaction<Database>,
  input: WorldMessageCreate,
  by: string,
  now: Date,
): Promise<WorldMessageRow> {
  return trx
    .insertInto('world_messages')
    .values({
      message: input.message,
      severity: input.severity,
      display_start: input.displayStart,
      display_end: input.displayEnd,
      cancelled_at: null,
      cancelled_by: null,
      version: 1,
      created_at: now,
      updated_at: now,
      updated_by: by,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateWorldMessage(
  trx: Transaction<Database>,
  id: number,
  input: WorldMessageCreate,
  by: string,
  now: Date,
): Promise<WorldMessageRow> {
  return trx
    .updateTable('world_messages')
    .set((eb) => ({
      message: input.message,
      severity: input.severity,
      display_start: input.displayStart,
      display_end: input.displayEnd,
      version: eb('version', '+', 1),
      updated_at: now,
      updated_by: by,
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function cancelWorldMessage(
  trx: Transaction<Database>,
  id: number,
  by: string,
  now: Date,
): Promise<WorldMessageRow> {
  return trx
    .updateTable('world_messages')
    .set((eb) => ({
      cancelled_at: now,
      cancelled_by: by,
      version: eb('version', '+', 1),
      updated_at: now,
      updated_by: by,
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
