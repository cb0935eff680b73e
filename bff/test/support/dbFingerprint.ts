import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';

/**
 * "Did this request change the database?", cheaply and exactly.
 *  - Fast path: PostgreSQL gives a transaction id to a transaction only when it writes (or locks
 *    rows). If the next unassigned id is where it was, nothing was written.
 *  - Otherwise, per table: the row count and the newest row version's transaction id (xmin).
 *    An insert or update leaves a row whose xmin is newer than any before; a delete lowers the
 *    count; a rolled-back write leaves no visible row. So equal means no committed change.
 */
export interface DbWatcher {
  /** Call before a request. */
  mark(): Promise<void>;
  /**
   * After the request: the tables whose content differs from the mark (empty = unchanged).
   * Leaves the watcher marked at the current state, so a run of checks needs no mark() between.
   */
  changedTables(ignore?: readonly string[]): Promise<string[]>;
}

export async function watchDatabase(db: Kysely<Database>): Promise<DbWatcher> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_migration%'
    order by table_name`.execute(db);
  const contentQuery = sql.join(
    tables.map(
      ({ name }) =>
        sql`select ${name}::text as name, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as hash from ${sql.id(name)}`,
    ),
    sql` union all `,
  );
  const content = async () => {
    const { rows } = await sql<{ name: string; hash: string }>`${contentQuery}`.execute(db);
    return new Map(rows.map((r) => [r.name, r.hash]));
  };
  const nextXid = async (): Promise<string | null> => {
    try {
      const { rows } = await sql<{ xid: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`.execute(db);
      return rows[0]!.xid;
    } catch {
      return null; // no snapshot functions: always compare content
    }
  };

  let markedXid: string | null = null;
  let markedContent: Map<string, string> | null = null;
  let contentXid: string | null = null;
  return {
    async mark() {
      markedXid = await nextXid();
      // The content is recomputed only when something was written since it was last taken.
      if (!markedContent || markedXid === null || markedXid !== contentXid) {
        markedContent = await content();
        contentXid = markedXid;
      }
    },
    async changedTables(ignore = []) {
      const xid = await nextXid();
      if (xid !== null && xid === markedXid) return [];
      markedXid = xid;
      const now = await content();
      const changed = [...now.keys()].filter((name) => now.get(name) !== markedContent!.get(name));
      markedContent = now;
      contentXid = xid;
      // A log row moves its chain's head with it (migration 0061): one record, two tables.
      const ignored = ignore.includes('action_logs') ? [...ignore, 'action_log_chains'] : ignore;
      return changed.filter((name) => !ignored.includes(name));
    },
  };
}
