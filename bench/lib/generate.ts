import { sql, type Kysely } from './deps';
import { seedLocalPlayers } from '../../bff/src/features/players/repository';

/**
 * Bench data, set-based (one INSERT … SELECT generate_series per chunk, no round trip per row) and
 * deterministic (setseed): reusable by every area's benchmark through bench/lib/databases.ts.
 */

/** What an admin console logs: action, its target type, how many targets of that type exist, weight. */
const ACTIONS: readonly [action: string, targetType: string, targets: number, weight: number][] = [
  ['player.restrict', 'player', 1_000_000, 18],
  ['player.unrestrict', 'player', 1_000_000, 6],
  ['present.distribute', 'present', 20_000, 14],
  ['present.create', 'present', 20_000, 4],
  ['present.update', 'present', 20_000, 6],
  ['news.create', 'news', 5_000, 3],
  ['news.update', 'news', 5_000, 7],
  ['news.delete', 'news', 5_000, 1],
  ['constantVariable.create', 'constantVariable', 300, 1],
  ['constantVariable.update', 'constantVariable', 300, 8],
  ['constantVariable.delete', 'constantVariable', 300, 1],
  ['activeFlag.toggle', 'activeFlag', 200, 6],
  ['activeFlag.update', 'activeFlag', 200, 2],
  ['worldMessage.create', 'worldMessage', 3_000, 3],
  ['worldMessage.cancel', 'worldMessage', 3_000, 1],
  ['maintenance.update', 'maintenance', 1, 2],
  ['shopItem.update', 'shopItem', 800, 5],
  ['battle.forceEnd', 'battle', 400_000, 4],
  ['policy.update', 'policy', 150, 2],
  ['admin.create', 'admin', 40, 1],
  ['admin.disable', 'admin', 40, 1],
  ['season.update', 'season', 60, 2],
  ['points.taskUpdate', 'pointsTask', 1_200, 2],
];

/** 40 admins; a few do most of the work (the spread is skewed, as in real consoles). */
const FIRST_NAMES = ['alice', 'bob', 'chen', 'dana', 'emeka', 'farah', 'goro', 'hana', 'ivan', 'julia'];
export const BENCH_ADMIN_COUNT = 40;

/** Appends `count` action-log rows spread over two years before `now`. */
export async function fillActionLogs(db: Kysely<any>, count: number, now: Date, onProgress?: (done: number) => void): Promise<void> {
  const actions = sql.join(
    ACTIONS.map(
      ([action, targetType, targets, weight], k) => sql`(${k}::int, ${action}::text, ${targetType}::text, ${targets}::int, ${weight}::int)`,
    ),
  );
  const names = sql.join(FIRST_NAMES.map((n) => sql`${n}::text`));
  const chunk = 100_000;
  for (let done = 0; done < count; done += chunk) {
    const size = Math.min(chunk, count - done);
    await sql`select setseed(${(done / count) * 0.9})`.execute(db);
    await sql`
      with action_kinds (k, action, target_type, targets, weight) as (values ${actions}),
      weighted as (
        select k, action, target_type, targets,
          sum(weight) over (order by k) - weight as lo, sum(weight) over (order by k) as hi,
          sum(weight) over () as total
        from action_kinds
      ),
      draws as (
        select i, random() as pick, random() as who, random() as what, random() as age
        from generate_series(1, ${size}::int) as i
      )
      insert into action_logs (admin_id, admin_email, action, target_type, target_id, before, after, created_at)
      select
        a.n + 1,
        (array[${names}])[1 + a.n % ${FIRST_NAMES.length}] || '.' || lpad(a.n::text, 2, '0') || '@phoenix-games.example',
        w.action,
        w.target_type,
        t.id::text,
        case when w.action like '%.create' then null
             else jsonb_build_object('id', t.id, 'version', 1 + d.i % 7, 'status', 'active') end,
        case when w.action like '%.delete' then null
             else jsonb_build_object('id', t.id, 'version', 2 + d.i % 7, 'status', case when d.i % 3 = 0 then 'paused' else 'active' end) end,
        ${now}::timestamptz - d.age * interval '730 days'
      from draws d
      join weighted w on d.pick * w.total >= w.lo and d.pick * w.total < w.hi
      cross join lateral (select floor(${BENCH_ADMIN_COUNT} * power(d.who, 2.5))::int as n) a
      cross join lateral (select 1 + floor(w.targets * power(d.what, 1.5))::int as id) t`.execute(db);
    onProgress?.(done + size);
  }
}

/** Players with ids 1..count (the BFF's own set-based seed statement). */
export async function fillPlayers(db: Kysely<any>, count: number, now: Date): Promise<void> {
  await seedLocalPlayers(db, count, now);
}

export async function countRows(db: Kysely<any>, table: string): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0].n);
}
