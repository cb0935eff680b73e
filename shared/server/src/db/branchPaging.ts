import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { TOTAL_CAP, type CappedTotal, type KeysetTerm } from './paging';

/**
 * Paging a list whose filter is an OR of branches (the action log's search box). An OR
 * across columns has no single index that returns its rows in list order, so PostgreSQL reads
 * every match and sorts them. Split into branches that each have such an index, every branch
 * reads only its first `page × pageSize` rows in list order, and PostgreSQL merges the ordered
 * branches (Merge Append) and stops as soon as the page is full.
 *
 * Counting needs disjoint branches (each excludes the earlier branches' conditions), so that a
 * plain union is exact and stops at the cap. Paging takes them overlapping (each its plain
 * condition, checked in the index): the merge is in (key, id) order, so a row found by two
 * branches comes out twice in a row and is dropped there, as the merge goes.
 */
export type Branch = SelectQueryBuilder<any, any, any>;

/**
 * `count(*)` of the union of disjoint branches, capped like cappedCount: the union is read branch
 * after branch and stops at cap + 1 rows.
 */
export async function cappedCountOfBranches(db: Kysely<any>, branches: readonly Branch[], cap = TOTAL_CAP): Promise<CappedTotal> {
  if (branches.length === 0) return { total: 0, totalCapped: false };
  const parts = branches.map((branch) => branch.select(sql<number>`1`.as('one')).limit(cap + 1));
  const { rows } = await sql<{ total: string | number }>`
    select count(*) as total from (select 1 from (${union(parts)}) as branches limit ${cap + 1}) as capped`.execute(db);
  const counted = Number(rows[0]?.total ?? 0);
  return counted > cap ? { total: cap, totalCapped: true } : { total: counted, totalCapped: false };
}

/**
 * One page of the union in `terms` order (the same page as pageRows over the OR of the branches):
 * each branch's first `page × pageSize` ids in that order, merged without repeats, the page cut
 * out of the merge, then only the page's rows read from the table. The branches may overlap.
 */
export async function pageRowsOfBranches<Row>(
  db: Kysely<any>,
  table: string,
  branches: readonly Branch[],
  terms: readonly KeysetTerm[],
  page: number,
  pageSize: number,
): Promise<Row[]> {
  if (branches.length === 0) return [];
  const keys = terms.map((_, i) => `__key_${i}`);
  const parts = branches.map((branch) =>
    terms
      .reduce(
        (acc, term) => acc.orderBy(term.key as never, term.direction),
        branch.select([sql.ref(`${table}.id`).as('__id'), ...terms.map((term, i) => sql`${term.key}`.as(keys[i]))]),
      )
      .limit(page * pageSize),
  );
  const merged = terms.reduce(
    (acc, term, i) => acc.orderBy(sql.ref(`branches.${keys[i]}`), term.direction),
    db
      .selectFrom(sql`(${union(parts)})`.as('branches'))
      .select(sql.ref('branches.__id').as('id'))
      .groupBy([...keys.map((key) => sql.ref(`branches.${key}`)), sql.ref('branches.__id')]),
  );
  const ids = merged.limit(pageSize).offset((page - 1) * pageSize);
  const rows = terms.reduce(
    (acc, term) => acc.orderBy(term.key as never, term.direction),
    db.selectFrom(table).selectAll().where('id', 'in', ids),
  );
  return (await rows.execute()) as Row[];
}

function union(parts: readonly Branch[]) {
  return sql.join(parts, sql` union all `);
}
