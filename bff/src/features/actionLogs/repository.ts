import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ActionLog, ActionLogQuery } from '@phoenix/contract';
import { ACTION_LOG_SORTS } from '@phoenix/contract';
import {
  toActionLog,
  sortKey,
  distinctValues,
  cappedCountOfBranches,
  pageRowsOfBranches,
  assertPageWithinCap,
  cappedCount,
  keysetBatches,
  pageRows,
  type CappedTotal,
} from '@phoenix/server/db';
import type { ActionLogRow, Database } from '../../db/schema';
import { likeEscape } from '@phoenix/server/http';

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
 * 'type:id' (with an id, also the bulk entries that listed it); q = substring of email, action, target type or id (an id of 1–2 characters: the whole id); from/to = created_at bounds.
 *
 * At a million rows no substring test may run row by row: emails, actions and target types are
 * few distinct values, so a substring of them is first matched against those values (a loose
 * index scan, see db/distinctValues.ts) and the rows are then found by index equality; target
 * ids are many, so their substring search uses the trigram index (migration 0010).
 *
 * `base()` is every filter but q and a record's id; `branches` are q and the record (see
 * searchBranches, recordBranches) as disjoint branches, null without either; `exported()` is every
 * filter as the CSV export reads it.
 */
async function filtered(db: Kysely<Database>, query: ActionLogQuery) {
  const admin = query.admin?.trim();
  const q = query.q?.trim();
  const action = query.action?.trim();
  const target = query.target ? parseTarget(query.target) : null;
  const [adminMatch, actionMatch, qValues, targetTypes] = await Promise.all([
    admin ? containing(db, 'admin_email', admin) : null,
    action ? actionsMatching(db, action) : null,
    q ? Promise.all(SEARCHED_COLUMNS.map((column) => valuesContaining(db, column, q))) : null,
    q && q.length < 3 ? distinctValues(db, 'action_logs', sql<string>`${sql.ref('target_type')}`) : null,
  ]);
  const base = () => {
    let qb = db.selectFrom('action_logs');
    if (adminMatch) qb = qb.where(adminMatch);
    if (actionMatch) qb = qb.where(actionMatch);
    if (target && target.id === null) qb = qb.where('target_type', '=', target.type);
    if (query.from) qb = qb.where('created_at', '>=', new Date(query.from));
    if (query.to) qb = qb.where('created_at', '<=', new Date(query.to));
    return qb;
  };
  const record = target?.id != null ? recordBranches(target.type, target.id) : null;
  const search = q && qValues ? searchBranches(q, qValues, targetTypes) : null;
  const branches = record && search ? crossBranches(record, search) : (record ?? search);
  // The CSV export walks `exported()` in keyset order. A record's history is a few rows: as one
  // UNION ALL of its disjoint branches each batch reads only them (as one OR no index serves it).
  // A search alone stays one OR: its matches are dense, so walking the list's own index finds a
  // batch in a few pages, where a union would sort every match again for each batch.
  const exported = () => {
    if (!branches) return base();
    if (!record) return base().where((eb) => eb.or(branches.map((branch) => branch.match)));
    const parts = sql.join(
      branches.map((branch) => base().selectAll().where(branch.only)),
      sql` union all `,
    );
    return db.selectFrom(sql<ActionLogRow>`(${parts})`.as('action_logs'));
  };
  return { base, branches, exported };
}

/** 'type' or 'type:id' (the id may itself hold colons). */
function parseTarget(target: string): { type: string; id: string | null } {
  const [type, ...rest] = target.trim().split(':');
  return { type: type!, id: rest.length ? rest.join(':') : null };
}

/**
 * A record's history as two branches, each an index range: its own entries (target_type,
 * target_id, created_at, id: migration 0055) and the bulk entries that listed it
 * (action_log_targets, then the primary key). As one OR (`own or id in (…)`) no index serves both
 * sides and PostgreSQL read the whole table: 4–5 s at a million rows.
 */
function recordBranches(type: string, id: string): SearchBranch[] {
  const own = sql<boolean>`(${sql.ref('target_type')} = ${type} and ${sql.ref('target_id')} = ${id})`;
  const listed = sql<boolean>`${sql.ref('action_logs.id')} in (select ${sql.ref('log_id')} from ${sql.table('action_log_targets')} where ${sql.ref('action_log_targets.target_type')} = ${type} and ${sql.ref('action_log_targets.target_id')} = ${id})`;
  return [
    { only: own, match: own },
    // A bulk entry's own target may be null: `is distinct from` keeps it in this branch (`<>` would drop it).
    {
      only: sql<boolean>`(${listed} and (${sql.ref('target_type')}, ${sql.ref('target_id')}) is distinct from (${type}, ${id}))`,
      match: listed,
    },
  ];
}

/** Both sets of branches at once: every pair, still disjoint (each side's `only` is). */
function crossBranches(left: readonly SearchBranch[], right: readonly SearchBranch[]): SearchBranch[] {
  return left.flatMap((a) =>
    right.map((b) => ({ only: sql<boolean>`(${a.only} and ${b.only})`, match: sql<boolean>`(${a.match} and ${b.match})` })),
  );
}

/** The columns the search box matches through their distinct values (target ids: trigram index). */
const SEARCHED_COLUMNS = ['admin_email', 'action', 'target_type'] as const;
type SearchedColumn = (typeof SEARCHED_COLUMNS)[number];
/**
 * Past this many value branches a search is run as one OR instead: that many matching values
 * make matches dense, found quickly by walking the list's own index, and planning a union of
 * that many branches would cost more than it saves.
 */
export const MAX_SEARCH_BRANCHES = 24;

interface SearchBranch {
  /** Rows of this branch and of no earlier one. */
  only: RawBuilder<boolean>;
  /** Rows of this branch (the plain OR term). */
  match: RawBuilder<boolean>;
}

/**
 * The search box as disjoint branches, each served by an index in list order: one per matching
 * email, action and target type (an equality: a range of the (column, created_at, id) or
 * (lower(column), id) index of migrations 0010/0013, or a covering one), then the target id
 * substring (trigram index). `match` is the branch's own condition (pages merge the branches and
 * drop repeats); `only` keeps a row matching several in the first only, for the count: the later
 * branches exclude the earlier columns' values (those columns are NOT NULL, so `not in` is exact).
 * One branch of the plain OR when there are too many values to branch on (see
 * MAX_SEARCH_BRANCHES), or a column's distinct values could not be listed.
 */
function searchBranches(q: string, values: readonly (string[] | null)[], targetTypes: string[] | null): SearchBranch[] {
  const targetId = targetIdMatch(q, targetTypes);
  if (values.some((v) => v === null) || values.reduce((n, v) => n + v!.length, 0) > MAX_SEARCH_BRANCHES) {
    const match = sql<boolean>`(${sql.join(
      [
        ...SEARCHED_COLUMNS.map((column, i) =>
          values[i] === null ? sql`${sql.ref(column)} ilike ${`%${likeEscape(q)}%`}` : valuesIn(column, values[i]!),
        ),
        targetId,
      ],
      sql` or `,
    )})`;
    return [{ only: match, match }];
  }
  const branches: SearchBranch[] = [];
  const earlier: RawBuilder<boolean>[] = [];
  SEARCHED_COLUMNS.forEach((column, i) => {
    for (const value of values[i]!) {
      // The same equality on the lower(...) sort key (redundant): sorted by this column, the
      // branch is then one range of its sort index, in id order.
      const match = sql<boolean>`(${sql.ref(column)} = ${value} and lower(${sql.ref(column)}) = lower(${value}))`;
      branches.push({ only: andNot(match, earlier), match });
    }
    if (values[i]!.length) earlier.push(valuesIn(column, values[i]!));
  });
  branches.push({ only: andNot(targetId, earlier), match: targetId });
  return branches;
}

/**
 * A target id in the search box: a substring of 3 characters or more is found through the trigram
 * index; a trigram index has nothing to look up for 1 or 2 characters, so those are matched whole,
 * as the record's (target_type, target_id) for each target type: one range of migration 0055's
 * index each, where a substring would read the whole table (found by the plan suite).
 */
function targetIdMatch(q: string, targetTypes: string[] | null): RawBuilder<boolean> {
  if (q.length >= 3 || targetTypes === null) return sql<boolean>`${sql.ref('target_id')} ilike ${`%${likeEscape(q)}%`}`;
  if (!targetTypes.length) return sql<boolean>`false`;
  return sql<boolean>`(${sql.ref('target_type')} in (${sql.join(targetTypes)}) and ${sql.ref('target_id')} = ${q})`;
}

function valuesIn(column: SearchedColumn, values: readonly string[]): RawBuilder<boolean> {
  return values.length ? sql<boolean>`${sql.ref(column)} in (${sql.join(values)})` : sql<boolean>`false`;
}

function andNot(condition: RawBuilder<boolean>, excluded: readonly RawBuilder<boolean>[]): RawBuilder<boolean> {
  return excluded.length ? sql<boolean>`(${condition} and not (${sql.join(excluded, sql` or `)}))` : condition;
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

/** The distinct values of `column` that contain `needle`, ignoring case (null: too many values to list). */
async function valuesContaining(db: Kysely<Database>, column: SearchedColumn, needle: string): Promise<string[] | null> {
  const values = await distinctValues(db, 'action_logs', sql<string>`${sql.ref(column)}`);
  if (values === null) return null;
  const lowered = needle.toLowerCase();
  return values.filter((value) => value.toLowerCase().includes(lowered));
}

/**
 * Rows whose `column` contains `needle`, ignoring case: resolved against the column's distinct
 * values (walked on its plain index), then an equality on the raw values, which that index
 * serves and counts without reading the table.
 */
async function containing(db: Kysely<Database>, column: SearchedColumn, needle: string) {
  const hits = await valuesContaining(db, column, needle);
  // Many distinct values (not expected in a console's log): the plain filter, still correct.
  if (hits === null) return sql<boolean>`${sql.ref(column)} ilike ${`%${likeEscape(needle)}%`}`;
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
  const { base, branches } = await filtered(db, query);
  const terms = orderTerms(query, sort, orderGiven);
  if (branches) {
    const disjoint = branches.map((branch) => base().where(branch.only));
    const overlapping = branches.map((branch) => base().where(branch.match));
    const [total, rows] = await Promise.all([
      cappedCountOfBranches(db, disjoint),
      pageRowsOfBranches<ActionLogRow>(db, 'action_logs', overlapping, terms, query.page, query.pageSize),
    ]);
    return { items: rows.map(toActionLog), ...total };
  }
  // The count and the page side by side: on PostgreSQL two connections (PGlite runs them in turn).
  const [total, rows] = await Promise.all([
    cappedCount(db, base()),
    pageRows<ActionLogRow>(db, 'action_logs', base(), terms, query.page, query.pageSize),
  ]);
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
  const { exported } = await filtered(db, query);
  const batches = keysetBatches<ActionLogRow>(exported().selectAll(), orderTerms(query, sort, orderGiven), batchSize);
  for await (const rows of batches) yield rows.map(toActionLog);
}

export async function findActionLog(db: Kysely<Database>, id: number): Promise<ActionLog | null> {
  const row = await db.selectFrom('action_logs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toActionLog(row) : null;
}
