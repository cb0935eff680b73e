// bench/battles-list.mjs: the battle list at 1,000,000 battles (generated set-based, see
// features/battles/repository.ts generateBattles), p50/p95 per filter and sort.
import path from 'node:path';
import { sql, type Kysely } from './deps';
import { createDb, type DbTarget } from './deps';
import { migrateToLatest } from '../../bff/src/db/migrate';
import { generateBattles } from '../../bff/src/features/battles/repository';
import { startBff, timedGet, type RunningBff } from './bff';
import { type BenchTarget, DEFAULT_PG_URL } from './databases';
import { ownMigrationTables } from './scratchDatabases';
import { ms, percentile, printTable } from './stats';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 30);
const BATCH = 100_000;
const SCHEMA = 'battles_bench';

const VARIANTS: [name: string, query: string][] = [
  ['status=ongoing (newest first)', 'status=ongoing&sort=startedAt&order=desc'],
  ['status=finished (newest first)', 'status=finished&sort=startedAt&order=desc'],
  ['status=force_ended (newest first)', 'status=force_ended&sort=startedAt&order=desc'],
  ['status=finished, sort endedAt desc', 'status=finished&sort=endedAt&order=desc'],
  ['status=finished, sort id asc', 'status=finished&sort=id&order=asc'],
  ['status=ongoing + mode=ranked', 'status=ongoing&mode=ranked&sort=startedAt&order=desc'],
  ['status=finished, page 100 × 50', 'status=finished&sort=startedAt&order=desc&page=100&pageSize=50'],
  ['no filter (newest first)', 'sort=startedAt&order=desc'],
  ['playerId=12345', 'playerId=12345&sort=startedAt&order=desc'],
  [
    'from/to one day',
    `from=${encodeURIComponent('2026-10-01T00:00:00Z')}&to=${encodeURIComponent('2026-10-02T00:00:00Z')}&sort=startedAt&order=desc`,
  ],
];

function targets(): BenchTarget[] {
  const wanted = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',').map((s) => s.trim());
  const dataDir = path.resolve(__dirname, '..', '.data', `pglite-battles-${ROWS}`);
  const url = process.env.BENCH_PG_URL ?? DEFAULT_PG_URL;
  const inSchema = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${SCHEMA}`)}`;
  const all: BenchTarget[] = [
    { name: 'pglite', db: { kind: 'pglite', dataDir }, env: { PGLITE_DATA_DIR: dataDir } },
    { name: 'postgres', db: { kind: 'postgres', connectionString: url, searchPath: SCHEMA }, env: { DATABASE_URL: inSchema } },
  ];
  return all.filter((t) => wanted.includes(t.name));
}

async function prepare(target: BenchTarget): Promise<number> {
  if (target.db.kind === 'postgres') {
    const admin = createDb({ ...(target.db as DbTarget & { kind: 'postgres' }), searchPath: undefined });
    await sql`create schema if not exists ${sql.id(SCHEMA)}`.execute(admin);
    await ownMigrationTables(admin, SCHEMA);
    await admin.destroy();
  }
  const db: Kysely<any> = createDb(target.db);
  try {
    await migrateToLatest(db);
    const count = async () => Number((await sql<{ n: string }>`select count(*) as n from battles`.execute(db)).rows[0].n);
    let have = await count();
    if (have < ROWS) {
      const started = Date.now();
      const now = new Date('2026-11-01T00:00:00Z');
      while (have < ROWS) {
        await generateBattles(db, Math.min(BATCH, ROWS - have), now, { players: 100_000, spanDays: 365 });
        have = await count();
        console.log(`[${target.name}]   ${have} battles (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      }
      await sql`vacuum analyze`.execute(db);
    }
    return have;
  } finally {
    await db.destroy();
  }
}

async function measure(bff: RunningBff, query: string): Promise<number[]> {
  const get = async () => {
    const result = await timedGet(bff, `/battles?${query}`);
    if (result.status !== 200) throw new Error(`${query}: ${result.status} ${result.body.slice(0, 300)}`);
    return result.ms;
  };
  for (let i = 0; i < 2; i++) await get(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await get());
  return times;
}

async function main() {
  for (const target of targets()) {
    const rows = await prepare(target);
    const bff = await startBff(target);
    try {
      const table: string[][] = [];
      for (const [name, query] of VARIANTS) {
        const times = await measure(bff, query);
        table.push([name, ms(percentile(times, 50)), ms(percentile(times, 95))]);
      }
      console.log(`\n[${target.name}] GET /battles at ${rows.toLocaleString('en-US')} battles, ${RUNS} runs each`);
      printTable(['variant', 'p50', 'p95'], table);
    } finally {
      await bff.stop();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
