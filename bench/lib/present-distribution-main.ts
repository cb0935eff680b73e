// bench/present-distribution.mjs: one present to 1,000,000 players, timed, run twice.
import { sql, type Kysely } from './deps';
import { onScratchDatabases } from './scratchDatabases';
import { migrateToLatest } from '../../bff/src/db/migrate';
import type { Database } from '../../bff/src/db/schema';
import { resolveSettings, type AppContext } from '../../bff/src/context';
import { runDistribution } from '../../bff/src/features/presentDistributions/run';

const PLAYERS = Number(process.env.PLAYERS ?? 1_000_000);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function bench(name: string, db: Kysely<Database>) {
  await migrateToLatest(db);
  let started = performance.now();
  // Players set-based: one statement, every 20th banned (a banned player receives nothing).
  await sql`insert into players (id, name, status, created_at)
    select i, 'player ' || i, case when i % 20 = 0 then 'banned' else 'active' end, now() from generate_series(1, ${PLAYERS}) as i`.execute(
    db,
  );
  console.log(`[${name}] ${PLAYERS.toLocaleString('en-US')} players generated in ${seconds(performance.now() - started)}`);
  const now = new Date();
  const present = await db
    .insertInto('presents')
    .values({
      name: 'Bench gift',
      description: '',
      starts_at: now,
      ends_at: new Date(now.getTime() + 86_400_000),
      items: JSON.stringify([{ itemId: 1, quantity: 100 }]),
      version: 1,
      created_at: now,
      updated_at: now,
      updated_by: 'bench',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const active = Number((await sql<{ n: string }>`select count(*) as n from players where status = 'active'`.execute(db)).rows[0].n);
  const distribution = await db
    .insertInto('present_distributions')
    .values({
      present_id: present.id,
      present_name: 'Bench gift',
      target: 'all',
      player_ids: [],
      recipient_count: active,
      status: 'scheduled',
      scheduled_at: now,
      created_by: 'bench',
      version: 1,
      created_at: now,
      updated_at: now,
      updated_by: 'bench',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ctx: AppContext = { db, now: () => new Date(), settings: resolveSettings({}) };

  started = performance.now();
  await runDistribution(ctx, distribution.id);
  const first = performance.now() - started;
  const count = async () =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from present_deliveries where distribution_id = ${distribution.id}`.execute(db))
        .rows[0].n,
    );
  const delivered = await count();
  // Again from scratch (as after a crash before the final update): the primary key refuses every repeat.
  await db.updateTable('present_distributions').set({ status: 'running', cursor_player_id: 0 }).where('id', '=', distribution.id).execute();
  started = performance.now();
  await runDistribution(ctx, distribution.id);
  const second = performance.now() - started;
  const after = await count();
  const row = await db
    .selectFrom('present_distributions')
    .select(['status', 'delivered_count'])
    .where('id', '=', distribution.id)
    .executeTakeFirstOrThrow();
  console.log(
    `[${name}] distribution to ${active.toLocaleString('en-US')} active players: ${seconds(first)} (${Math.round(delivered / (first / 1000)).toLocaleString('en-US')} deliveries/s), ` +
      `${delivered.toLocaleString('en-US')} rows; run again: ${seconds(second)}, ${after.toLocaleString('en-US')} rows (${after === delivered ? 'none twice' : 'DUPLICATES'}); ` +
      `status ${row.status}, delivered_count ${row.delivered_count.toLocaleString('en-US')}`,
  );
  if (delivered !== active || after !== delivered || row.delivered_count !== active) process.exitCode = 1;
}

onScratchDatabases('pglite', 'present_bench', bench).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
