import { sql, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { InvalidInputError } from '../errors';

/**
 * Paging a list that may hold millions of rows, the same for every list:
 *  - the total is counted up to TOTAL_CAP + 1 rows only: past the cap the page says
 *    `total: TOTAL_CAP, totalCapped: true` and the pager shows "10,000+";
 *  - offset paging stops at the cap too (a page must start within the first TOTAL_CAP rows):
 *    the deepest reachable offset is what the capped total lets a pager reach, and an offset
 *    scan of 10,000 index entries stays cheap. Older rows are one click away by reversing the
 *    sort or narrowing the dates; the CSV export streams everything (keyset, below).
 */
export const TOTAL_CAP = 10_000;

export interface CappedTotal {
  total: number;
  totalCapped: boolean;
}

/** count(*) over at most TOTAL_CAP + 1 matching rows: never scans a million rows per page. */
export async function cappedCount(db: Kysely<any>, filtered: SelectQueryBuilder<any, any, any>, cap = TOTAL_CAP): Promise<CappedTotal> {
  const limited = filtered.select(sql<number>`1`.as('one')).limit(cap + 1);
  const row = await db
    .selectFrom(limited.as('capped'))
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  const counted = Number(row.total);
  return counted > cap ? { total: cap, totalCapped: true } : { total: counted, totalCapped: false };
}

/** Refuses a page that starts past the cap (see TOTAL_CAP): a 400 on `page`. */
export function assertPageWithinCap(page: number, pageSize: number, cap = TOTAL_CAP): void {
  if ((page - 1) * pageSize >= cap) {
    throw new InvalidInputError(
      {
        page: [`Only the first ${cap.toLocaleString('en-US')} rows can be paged: reverse the sort or narrow the filters to see older ones`],
      },
      'This page is too deep',
    );
  }
}

/**
 * One page of `filtered` in `terms` order. The offset is walked over ids only (an index-only scan
 * when the sort has its (key, id) index), then just the page's rows are read: a page 500 deep
 * reads 20 rows from the table, not 10,000.
 */
export async function pageRows<Row>(
  db: Kysely<any>,
  table: string,
  filtered: SelectQueryBuilder<any, any, any>,
  terms: readonly KeysetTerm[],
  page: number,
  pageSize: number,
): Promise<Row[]> {
  const order = (qb: SelectQueryBuilder<any, any, any>) => terms.reduce((acc, term) => acc.orderBy(term.key as never, term.direction), qb);
  const ids = order(filtered.select(sql.ref(`${table}.id`).as('id')))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return (await order(db.selectFrom(table).selectAll().where('id', 'in', ids)).execute()) as Row[];
}

/** One ORDER BY term of a keyset walk: a column or expression, its direction, and whether it can be null. */
export interface KeysetTerm {
  key: Expression<unknown> | RawBuilder<unknown>;
  direction: 'asc' | 'desc';
  /** false when the column is NOT NULL: allows the index-friendly row comparison. */
  nullable: boolean;
}

/**
 * Every row of `query` in `terms` order (the last term must be unique, e.g. id), fetched in batches
 * of `batchSize` with keyset conditions: constant memory, no long transaction or cursor holding a
 * connection between batches (on PGlite, which has one connection, other requests run in between).
 * Rows inserted or changed while the walk runs may or may not appear; none is returned twice.
 */
export async function* keysetBatches<Row>(
  query: SelectQueryBuilder<any, any, any>,
  terms: readonly KeysetTerm[],
  batchSize: number,
): AsyncGenerator<Row[]> {
  const keyAliases = terms.map((_, i) => `__keyset_${i}`);
  const typeAliases = terms.map((_, i) => `__keyset_type_${i}`);
  // Keys travel as text so that nothing is lost on the way (timestamps keep their microseconds),
  // with their SQL type, to be cast back in the next condition (PGlite types a bare parameter
  // strictly: a 'true' string is not a boolean).
  let qb = terms.reduce(
    (acc, term, i) =>
      acc.select([sql<string | null>`(${term.key})::text`.as(keyAliases[i]), sql<string>`pg_typeof(${term.key})::text`.as(typeAliases[i])]),
    query,
  );
  qb = terms.reduce((acc, term) => acc.orderBy(term.key as never, term.direction), qb);
  let last: KeyValue[] | null = null;
  for (;;) {
    const page = (last ? qb.where(after(terms, last)) : qb).limit(batchSize);
    const rows = (await page.execute()) as Record<string, unknown>[];
    if (rows.length === 0) return;
    const tail = rows[rows.length - 1];
    last = terms.map((_, i) => {
      const text = (tail[keyAliases[i]] ?? null) as string | null;
      return text === null ? null : sql`${text}::text::${sql.raw(String(tail[typeAliases[i]]))}`;
    });
    for (const row of rows) for (const alias of [...keyAliases, ...typeAliases]) delete row[alias];
    yield rows as Row[];
    if (rows.length < batchSize) return;
  }
}

/** A key of the last row: null, or its text cast back to its SQL type (from pg_typeof, never from input). */
type KeyValue = RawBuilder<unknown> | null;

/** The condition "comes after `last` in `terms` order" (ASC puts nulls last, DESC first, as PostgreSQL does). */
function after(terms: readonly KeysetTerm[], last: readonly KeyValue[]): RawBuilder<boolean> {
  const uniform = terms.every((t) => t.direction === terms[0].direction);
  if (uniform && terms.every((t, i) => !t.nullable && last[i] !== null)) {
    // (k1, k2, id) > (v1, v2, vid): one index range scan on an index of exactly these keys.
    const keys = sql.join(terms.map((t) => t.key));
    const values = sql.join(last as RawBuilder<unknown>[]);
    return terms[0].direction === 'asc' ? sql<boolean>`(${keys}) > (${values})` : sql<boolean>`(${keys}) < (${values})`;
  }
  const alternatives = terms.map((term, i) => {
    const equalBefore = terms.slice(0, i).map((t, j) => (last[j] === null ? sql`${t.key} is null` : sql`${t.key} = ${last[j]}`));
    return sql.join([...equalBefore, strictlyAfter(term, last[i])], sql` and `);
  });
  return sql<boolean>`(${sql.join(
    alternatives.map((a) => sql`(${a})`),
    sql` or `,
  )})`;
}

function strictlyAfter(term: KeysetTerm, value: KeyValue): RawBuilder<unknown> {
  if (term.direction === 'asc') return value === null ? sql`false` : sql`(${term.key} > ${value} or ${term.key} is null)`;
  return value === null ? sql`${term.key} is not null` : sql`${term.key} < ${value}`;
}
