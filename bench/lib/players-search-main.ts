// bench/players-search.mjs: the player searches of the user page at 1,000,000 players.
import { createHash } from 'node:crypto';
import { sql } from './deps';
import { createDb } from './deps';
import { renameGeneratedPlayers } from '../../bff/src/features/players/repository';
import { FIRST_NAMES, playerNameOf } from '../../bff/src/features/players/names';
import { benchTargets, prepareDatabase, type BenchTarget } from './databases';
import { startBff } from './bff';
import { ms, percentile } from './stats';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 30);
/** p95 a search should stay under: PostgreSQL as deployed, PGlite (embedded, single process) looser. */
const TARGET_P95 = { postgres: 50, pglite: 150 } as const;

/** The generator's wallet of player `id` (features/players/repository.ts seedLocalPlayers), upper-cased. */
const walletOf = (id: number) =>
  `0x${createHash('md5').update(`wallet-${id}`).digest('hex')}${createHash('md5').update(`salt-${id}`).digest('hex').slice(0, 8)}`.toUpperCase();

/** Each kind cycles through different values, so no answer is served from a warm page alone. */
function kinds(players: number): [name: string, query: (i: number) => string][] {
  const id = (i: number) => 1 + ((i * 7_919) % players);
  return [
    ['exact id', (i) => `by=id&q=${id(i)}`],
    // Generated names (names.ts): 3,600 first/last pairs, then the same pairs numbered 2, 3, …
    // A full name with its number matches itself and the ten numbered after it (…7, …70–79).
    ['name prefix, selective (~10 rows)', (i) => `by=name&q=${encodeURIComponent(playerNameOf(id(i)).toLowerCase())}`],
    // A first name alone: ~1/60 of all players (~16,700), so the count is capped.
    ['name prefix, broad (capped count)', (i) => `by=name&q=${encodeURIComponent(FIRST_NAMES[i % FIRST_NAMES.length].toUpperCase())}`],
    ['wallet (exact, any case)', (i) => `by=wallet&q=${walletOf(id(i))}`],
    ['status=banned, sort level desc', (i) => `status=banned&sort=level&order=desc&page=${1 + (i % 5)}`],
    ['level 10–12, sort last seen', (i) => `levelMin=10&levelMax=12&sort=lastSeenAt&order=desc&page=${1 + (i % 5)}`],
    // A first and last name without the number: ~280 players each.
    ['name prefix + status=active', (i) => `by=name&q=${encodeURIComponent(playerNameOf(1 + (id(i) % 3600)).toLowerCase())}&status=active`],
    ['sort name asc (no search)', (i) => `sort=name&order=asc&page=${1 + (i % 5)}`],
    ['sort created desc (no search)', (i) => `sort=createdAt&order=desc&page=${1 + (i % 5)}`],
  ];
}

/** A bench database filled before the names were realistic keeps its rows: give them today's names. */
async function renameOlderPlayers(target: BenchTarget, players: number) {
  const db = createDb(target.db);
  try {
    const renamed = await renameGeneratedPlayers(db, players);
    if (renamed > 0) {
      console.log(`[${target.name}] ${renamed} players renamed to the generator's names`);
      await sql`vacuum analyze players`.execute(db);
    }
  } finally {
    await db.destroy();
  }
}

async function main() {
  for (const target of benchTargets(ROWS)) {
    const filled = await prepareDatabase(target, { actionLogs: 0, players: ROWS }, (line) => console.log(line));
    await renameOlderPlayers(target, filled.players);
    // The database may hold more than ROWS (prepareDatabase only adds): say what was searched.
    console.log(`[${target.name}] ${filled.players.toLocaleString('en-US')} players`);
    const bff = await startBff(target);
    try {
      for (const [name, query] of kinds(filled.players)) {
        const call = async (i: number) => {
          const started = performance.now();
          const response = await fetch(`${bff.url}/players?pageSize=20&${query(i)}`, { headers: { token: bff.token } });
          const body = (await response.json()) as { items: unknown[]; total: number };
          if (response.status !== 200) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
          return { ms: performance.now() - started, rows: body.items.length };
        };
        for (let i = 0; i < 3; i++) await call(RUNS + i);
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push(await call(i));
        const times = runs.map((r) => r.ms);
        const p95 = percentile(times, 95);
        const target95 = TARGET_P95[target.name];
        const found = runs.filter((r) => r.rows > 0).length;
        console.log(
          `[${target.name}] ${name}: p50 ${ms(percentile(times, 50))}, p95 ${ms(p95)} ` +
            `(${found}/${RUNS} found rows; target p95 ≤ ${target95} ms: ${p95 <= target95 ? 'met' : 'NOT met'})`,
        );
      }
    } finally {
      await bff.stop();
    }
  }
  console.log(`${RUNS} requests per kind.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
