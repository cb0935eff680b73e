import { sql, type Kysely } from 'kysely';
import type { ActionLog, ActionLogQuery } from '@phoenix/contract';
import { ACTION_LOG_SORTS } from '@phoenix/contract';
import type { ActionLogRow, Database } from '../../db/schema';
import { sortKey } from '../../db/ordering';
import { assertPageWithinCap, cappedCount, keysetBatches, type CappedTotal } from '../../db/paging';
import { likeEscape } from '../../http/validate';

export type ActionLogSort = (typeof ACTION_LOG_SORTS)[number];

const sortKeys = {
  createdAt: sortKey('created_at', 'plain'),
  adminEmail: sortKey('admin_email', 'text'),
  action: sortKey('action', 'text'),
  targetType: sortKey('target_type', 'text'),
} satisfies Record<ActionLogSort, unknown>;

export function toActionLog(row: ActionLogRow): ActionLog {
  return {
    id: row.id,
    adminId: row.admin_id,
    adminEmail: row.admin_email,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Filters: admin = email substring; action = exact, or a prefix ('constantVariable' matches
 * 'constantVariable.update'; a trailing '*' or '.' also means prefix); target = 'type' or
 * 'type:id'; q = substring of email, action, target type or id; from/to = created_at bounds.
 */
function filtered(db: Kysely<Database>, query: ActionLogQuery) {
  let qb = db.selectFrom('action_logs');
  if (query.admin) qb = qb.where('admin_email', 'ilike', `%${likeEscape(query.admin.trim())}%`);
  if (query.action) {
    const action = query.action.trim();
    if (/[*.]$/.test(action)) {
      const prefix = action.replace(/\*$/, '');
      qb = qb.where('action', 'like', `${likeEscape(prefix)}%`);
    } else {
      qb = qb.where((eb) => eb.or([eb('action', '=', action), eb('action', 'like', `${likeEscape(action)}.%`)]));
    }
  }
  if (query.target) {
    const [type, ...rest] = query.target.trim().split(':');
    qb = qb.where('target_type', '=', type);
    if (rest.length) qb = qb.where('target_id', '=', rest.join(':'));
  }
  if (query.q) {
    const like = `%${likeEscape(query.q.trim())}%`;
    qb = qb.where((eb) =>
      eb.or([
        eb('admin_email', 'ilike', like),
        eb('action', 'ilike', like),
        eb('target_type', 'ilike', like),
        eb('target_id', 'ilike', like),
      ]),
    );
  }
  if (query.from) qb = qb.where('created_at', '>=', new Date(query.from));
  if (query.to) qb = qb.where('created_at', '<=', new Date(query.to));
  return qb;
}

/** Newest first unless a sort is given. Every (key, id) pair has its index (migration 0010). */
function orderTerms(query: ActionLogQuery, sort: ActionLogSort | undefined, orderGiven: boolean) {
  const direction = sort || orderGiven ? query.order : 'desc';
  return [
    { key: sortKeys[sort ?? 'createdAt'], direction, nullable: false },
    { key: sql.ref('id'), direction, nullable: false },
  ] as const;
}

export async function listActionLogs(
  db: Kysely<Database>,
  query: ActionLogQuery,
  sort: ActionLogSort | undefined,
  orderGiven: boolean,
): Promise<{ items: ActionLog[] } & CappedTotal> {
  assertPageWithinCap(query.page, query.pageSize);
  const total = await cappedCount(db, filtered(db, query));
  const rows = await orderTerms(query, sort, orderGiven)
    .reduce((qb, term) => qb.orderBy(term.key, term.direction), filtered(db, query).selectAll())
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { items: rows.map(toActionLog), ...total };
}

/** Every matching entry, in list order, a batch at a time (for the streamed CSV export). */
export async function* exportActionLogs(
  db: Kysely<Database>,
  query: ActionLogQuery,
  sort: ActionLogSort | undefined,
  orderGiven: boolean,
  batchSize: number,
): AsyncGenerator<ActionLog[]> {
  const batches = keysetBatches<ActionLogRow>(filtered(db, query).selectAll(), orderTerms(query, sort, orderGiven), batchSize);
  for await (const rows of batches) yield rows.map(toActionLog);
}

export async function findActionLog(db: Kysely<Database>, id: number): Promise<ActionLog | null> {
  const row = await db.selectFrom('action_logs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toActionLog(row) : null;
}
