import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';

/**
 * Action-log data at a realistic size, set-based (one INSERT … SELECT generate_series per chunk, no
 * round trip per row) and deterministic (setseed): the benchmarks (bench/lib/generate.ts) and the
 * plan suite (test/plans) fill their databases with it.
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
export async function fillActionLogs(db: Kysely<Database>, count: number, now: Date, onProgress?: (done: number) => void): Promise<void> {
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

/**
 * What bulk operations list in action_log_targets (a bulk ban, a policy's members, a present to a
 * list of players): every 100th log row becomes a bulk entry naming 100 players, so the table holds
 * as many rows as action_logs (one per log row on average) and a player appears in about one.
 */
export async function fillActionLogTargets(db: Kysely<Database>, count: number, players: number): Promise<void> {
  const chunk = 200_000;
  for (let done = 0; done < count; done += chunk) {
    const size = Math.min(chunk, count - done);
    await sql`select setseed(${0.05 + (done / count) * 0.9})`.execute(db);
    await sql`
      insert into action_log_targets (log_id, target_type, target_id)
      select l.id, 'player', (1 + floor(random() * ${players}))::int::text
      from (select id from action_logs where id % 100 = 0 order by id offset ${done / 100} limit ${Math.ceil(size / 100)}) l
      cross join generate_series(1, 100)`.execute(db);
  }
}

/**
 * The player-side tables a live game grows (sessions, bans, policy members, present deliveries),
 * `perPlayer` rows of each per player in 1..players, on top of whatever the local seed made. The
 * policies and the distribution they point at must exist (the local seed makes them).
 */
export async function fillPlayerActivity(db: Kysely<Database>, players: number, now: Date): Promise<void> {
  await sql`
    insert into player_sessions (player_id, started_at, ended_at, end_reason)
    select 1 + (i % ${players}), ${now}::timestamptz - make_interval(secs => i % 5000000),
      case when i % 20 = 0 then null else ${now}::timestamptz - make_interval(secs => i % 5000000 - 600) end,
      case when i % 20 = 0 then null else 'logout' end
    from generate_series(1, ${players}::integer) as i`.execute(db);
  await sql`
    insert into player_bans (player_id, reason, banned_at, banned_by, ends_at, lifted_at, lifted_by, lift_reason)
    select 1 + ((i * 7) % ${players}), 'Cheating', ${now}::timestamptz - make_interval(days => i % 700), 'ops@phoenix.local',
      null, case when i % 3 = 0 then ${now}::timestamptz - make_interval(days => i % 300) end,
      case when i % 3 = 0 then 'ops@phoenix.local' end, case when i % 3 = 0 then 'Appeal' end
    from generate_series(1, ${Math.ceil(players / 4)}::integer) as i`.execute(db);
  await sql`
    insert into policy_members (policy_id, player_id, added_at, added_by)
    select p.id, i, ${now}::timestamptz - make_interval(mins => i % 100000), 'ops@phoenix.local'
    from (select min(id) as id from policies) as p cross join generate_series(1, ${players}::integer) as i
    where p.id is not null
    on conflict do nothing`.execute(db);
  await sql`
    insert into present_deliveries (distribution_id, player_id, present_id, delivered_at, claimed_at)
    select d.id, i, d.present_id, ${now}::timestamptz - make_interval(mins => i % 100000),
      case when i % 2 = 0 then ${now}::timestamptz - make_interval(mins => i % 50000) end
    from (select id, present_id from present_distributions order by id limit 1) as d cross join generate_series(1, ${players}::integer) as i
    on conflict do nothing`.execute(db);
}

/**
 * A bulk load is many times faster into a bare table, then one index build per index (a GIN
 * trigram index maintained row by row is the slowest part): drops the table's secondary indexes,
 * loads, recreates them from their own definitions (exactly what the migrations made). On one
 * connection, so that the memory setting applies to the index builds.
 */
export async function withoutSecondaryIndexes(
  db: Kysely<Database>,
  table: string,
  load: (db: Kysely<Database>) => Promise<void>,
): Promise<void> {
  await db.connection().execute(async (connection) => {
    const { rows } = await sql<{ name: string; definition: string }>`
      select i.indexname as name, i.indexdef as definition
      from pg_indexes i
      join pg_class c on c.relname = i.indexname and c.relnamespace = (select oid from pg_namespace where nspname = i.schemaname)
      join pg_index x on x.indexrelid = c.oid
      where i.tablename = ${table} and i.schemaname = current_schema() and not x.indisprimary and not x.indisunique`.execute(connection);
    for (const { name } of rows) await sql`drop index ${sql.id(name)}`.execute(connection);
    await load(connection);
    await sql`set maintenance_work_mem = '256MB'`.execute(connection);
    for (const { definition } of rows) await sql.raw(definition).execute(connection);
  });
}
