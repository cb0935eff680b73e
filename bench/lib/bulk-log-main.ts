// bench/bulkLog.mjs: the bulk ban (players/service.ts banPlayers) of IDS players in one
// transaction with its action-log row, with the row's per-id targets and without them (the same
// statement, the targets dropped before writing the log), alternated, median of RUNS each.
// The bound: with targets at most 2× without.
import { sql, writeActionLog, type Kysely } from './deps';
import { onScratchDatabases } from './scratchDatabases';
import { migrateToLatest } from '../../bff/src/db/migrate';
import type { Database } from '../../bff/src/db/schema';
import { banPlayers } from '../../bff/src/features/players/service';

const IDS = Number(process.env.IDS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const actor = { id: 1, email: 'bench@test.local', role: 2 };

async function bench(name: string, db: Kysely<Database>) {
  await migrateToLatest(db);
  await sql`insert into players (id, name, status, created_at)
    select i, 'player ' || i, 'active', now() from generate_series(1, ${IDS}) as i`.execute(db);
  await sql`analyze players`.execute(db);
  const ids = Array.from({ length: IDS }, (_, i) => i + 1);
  const timed = { with: [] as number[], without: [] as number[] };
  for (let run = 0; run < RUNS * 2; run++) {
    const variant = run % 2 === 0 ? 'with' : 'without';
    await sql`update players set status = 'active', ban_ends_at = null`.execute(db);
    await sql`delete from player_bans`.execute(db);
    const started = performance.now();
    await db.transaction().execute(async (trx) => {
      const now = new Date();
      const { log } = await banPlayers(trx, actor, { ids, reason: 'bench', endsAt: null }, now);
      if (log.targets?.ids.length !== IDS) throw new Error(`expected ${IDS} targets, got ${log.targets?.ids.length}`);
      await writeActionLog(trx, actor, variant === 'with' ? log : { ...log, targets: undefined }, now);
    });
    timed[variant].push(performance.now() - started);
  }
  const targets = Number((await sql<{ n: string }>`select count(*) as n from action_log_targets`.execute(db)).rows[0]!.n);
  const withTargets = median(timed.with);
  const without = median(timed.without);
  const ratio = withTargets / without;
  console.log(
    `[${name}] bulk ban of ${IDS.toLocaleString('en-US')} ids, median of ${RUNS}: with per-id targets ${withTargets.toFixed(0)} ms, ` +
      `without ${without.toFixed(0)} ms, ratio ${ratio.toFixed(2)}× (bound 2×); ${targets.toLocaleString('en-US')} target rows written`,
  );
  if (ratio > 2 || targets !== IDS * RUNS) process.exitCode = 1;
}

void onScratchDatabases('postgres', 'bulk_log_bench', bench);
