import type { Kysely } from 'kysely';
import type { ActionLog, ActionLogQuery } from '@phoenix/contract';
import { ACTION_LOG_SORTS } from '@phoenix/contract';
import { toActionLog } from '../../db/actionLog';
import type { Database } from '../../db/schema';
import { sortKey } from '../../db/ordering';
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

/** Newest first unless a sort is given. */
function ordered(db: Kysely<Database>, query: ActionLogQuery, sort: ActionLogSort | undefined, orderGiven: boolean) {
  const direction = sort || orderGiven ? query.order : 'desc';
  return filtered(db, query)
    .selectAll()
    .orderBy(sortKeys[sort ?? 'createdAt'], direction)
    .orderBy('id', direction);
}

export async function listActionLogs(
  db: Kysely<Database>,
  query: ActionLogQuery,
  sort: ActionLogSort | undefined,
  orderGiven: boolean,
): Promise<{ items: ActionLog[]; total: number }> {
  const count = await filtered(db, query)
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await ordered(db, query, sort, orderGiven)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { items: rows.map(toActionLog), total: Number(count.total) };
}

export async function exportActionLogs(
  db: Kysely<Database>,
  query: ActionLogQuery,
  sort: ActionLogSort | undefined,
  orderGiven: boolean,
  maxRows: number,
): Promise<ActionLog[]> {
  const rows = await ordered(db, query, sort, orderGiven).limit(maxRows).execute();
  return rows.map(toActionLog);
}

export async function findActionLog(db: Kysely<Database>, id: number): Promise<ActionLog | null> {
  const row = await db.selectFrom('action_logs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toActionLog(row) : null;
}
