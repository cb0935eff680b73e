import { sql, type Kysely } from 'kysely';
import type { ActionLog, ActionLogQuery } from '@phoenix/contract';
import { ACTION_LOG_SORTS } from '@phoenix/contract';
import { toActionLog } from '../../db/actionLog';
import type { ActionLogRow, Database } from '../../db/schema';
import { sortKey } from '../../db/ordering';
import { distinctValues } from '../../db/distinctValues';
import { assertPageWithinCap, cappedCount, keysetBatches, pageRows, type CappedTotal } from '../../db/paging';
import { likeEscape } from '../../http/validate';

export type ActionLogSort = (typeof ACTION_LOG_SORTS)[number];

const sortKeys = {
  createdAt: sortKey('created_at', 'plain'),
  adminEmail: sortKey('admin_email', 'text'),
  action: sortKey('action', 'text'),
  targetType: sortKey('target_type', 'text'),
} satisfies Record<ActionLogSort, unknown>;

/**
 * Filters: admin = email substring; action = exact, or a prefix ('constantVariable' matches
 * 'constantVariable.update'; a trailing '*' or '.' also means prefix); target = 'type' or
 * 'type:id'; q = substring of email, action, target type or id; from/to = created_at bounds.
 *
 * At a million rows no substring test may run row by row: emails, actions and target types are
 * few distinct values, so a substring of them is first matched against those values (a loose
 * index scan, see db/distinctValues.ts) and the rows are then found by index equality; target
 * ids are many, so their substring search uses the trigram index (migration 0010).
 */
async function filtered(db: Kysely<Database>, query: ActionLogQuery) {
  const admin = query.admin?.trim();
  const q = query.q?.trim();
  const action = query.action?.trim();
  const [adminMatch, actionMatch, qMatches] = await Promise.all([
    admin ? containing(db, 'admin_email', admin) : null,
    action ? actionsMatching(db, action) : null,
    q ? Promise.all((['admin_email', 'action', 'target_type'] as const).map((column) => containing(db, column, q))) : null,
  ]);
  return () => {
    let qb = db.selectFrom('action_logs');
    if (adminMatch) qb = qb.where(adminMatch);
    if (actionMatch) qb = qb.where(actionMatch);
    if (query.target) {
      const [type, ...rest] = query.target.trim().split(':');
      qb = qb.where('target_type', '=', type);
      if (rest.length) qb = qb.where('target_id', '=', rest.join(':'));
    }
    if (q && qMatches) {
      qb = qb.where((eb) => eb.or([...qMatches, eb('target_id', 'ilike', `%${likeEscape(q)}%`)]));
    }
    if (query.from) qb = qb.where('created_at', '>=', new Date(query.from));
    if (query.to) qb = qb.where('created_at', '<=', new Date(query.to));
    return qb;
  };
}

/**
 * The action filter: exact ('news.update', which also keeps 'news.update.<verb>'), or a prefix
 * ('constantVariable' matches 'constantVariable.update'; a trailing '*' or '.' also means prefix).
 * Actions are few distinct values: the filter becomes an equality on the matching ones, so one
 * action is a range of the (action, created_at, id) index (migration 0013), already in list order.
 */
async function actionsMatching(db: Kysely<Database>, action: string) {
  const prefix = /[*.]$/.test(action);
  const stem = action.replace(/\*$/, '');
  const matches = (value: string) => (prefix ? value.startsWith(stem) : value === action || value.startsWith(`${action}.`));
  const values = await distinctValues(db, 'action_logs', sql<string>`${sql.ref('action')}`);
  if (values !== null) {
    const hits = values.filter(matches);
    return hits.length ? sql<boolean>`${sql.ref('action')} in (${sql.join(hits)})` : sql<boolean>`false`;
  }
  // Many distinct actions (not expected): the LIKE gives the pattern index a range.
  if (prefix) return sql<boolean>`${sql.ref('action')} like ${`${likeEscape(stem)}%`}`;
  return sql<boolean>`(${sql.ref('action')} like ${`${likeEscape(action)}%`} and (${sql.ref('action')} = ${action} or ${sql.ref('action')} like ${`${likeEscape(action)}.%`}))`;
}

/**
 * Rows whose `column` contains `needle`, ignoring case: resolved against the column's distinct
 * values (walked on its plain index), then an equality on the raw values, which that index
 * serves and counts without reading the table.
 */
async function containing(db: Kysely<Database>, column: 'admin_email' | 'action' | 'target_type', needle: string) {
  const values = await distinctValues(db, 'action_logs', sql<string>`${sql.ref(column)}`);
  // Many distinct values (not expected in a console's log): the plain filter, still correct.
  if (values === null) return sql<boolean>`${sql.ref(column)} ilike ${`%${likeEscape(needle)}%`}`;
  const lowered = needle.toLowerCase();
  const hits = values.filter((value) => value.toLowerCase().includes(lowered));
  if (!hits.length) return sql<boolean>`false`;
  // The same set on the lower(...) sort key too (redundant): a list filtered on a column and sorted
  // by it then scans only the matching range of the sort index.
  // (lowered by the database, like the index, so both agree on every character)
  const sortRange = sql`lower(${sql.ref(column)}) in (${sql.join(hits.map((hit) => sql`lower(${hit})`))})`;
  return sql<boolean>`(${sql.ref(column)} in (${sql.join(hits)}) and ${sortRange})`;
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
  const from = await filtered(db, query);
  const total = await cappedCount(db, from());
  const rows = await pageRows<ActionLogRow>(db, 'action_logs', from(), orderTerms(query, sort, orderGiven), query.page, query.pageSize);
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
  const from = await filtered(db, query);
  const batches = keysetBatches<ActionLogRow>(from().selectAll(), orderTerms(query, sort, orderGiven), batchSize);
  for await (const rows of batches) yield rows.map(toActionLog);
}

export async function findActionLog(db: Kysely<Database>, id: number): Promise<ActionLog | null> {
  const row = await db.selectFrom('action_logs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toActionLog(row) : null;
}
