// bench/search.mjs: GET /search at 1,000,000 players, 200 queries of mixed kinds (exact, prefix,
// and the word and substring matches of the trigram indexes, migration 0070).
import { createHash } from 'node:crypto';
import { FIRST_NAMES, LAST_NAMES, playerNameOf } from '../../bff/src/features/players/names';
import { benchTargets, prepareDatabase } from './databases';
import { startBff } from './bff';
import { ms, percentile, printTable } from './stats';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const QUERIES = Number(process.env.QUERIES ?? 200);
/** The issue's bar: under 100 ms p95 at 1,000,000 players. */
const TARGET_P95 = 100;

const walletOf = (id: number) =>
  `0x${createHash('md5').update(`wallet-${id}`).digest('hex')}${createHash('md5').update(`salt-${id}`).digest('hex').slice(0, 8)}`;

/** The kinds that reach the word and substring branches (trigram indexes): their own line in the summary. */
const SUBSTRING_KINDS = new Set(['last name (word)', 'inside a name (substring)', 'no match (3–5 letters)']);

/** Query i of the mix: each kind cycles through different values (no answer only from a warm page). */
function queryOf(i: number, players: number): [kind: string, q: string] {
  const id = 1 + ((i * 7_919) % players);
  const last = LAST_NAMES[(i * 7) % LAST_NAMES.length];
  switch (i % 9) {
    case 6: // "Kim" finds "Julia Kim": no name starts with it, ~1/60 of all players have the word
      return ['last name (word)', last];
    case 7: // "ana" (Tanaka, Nakamura…), "ore" (Moreau): three letters inside a word
      return ['inside a name (substring)', last.slice(1, 4)];
    case 8: // nothing matches: every branch runs to its end (the worst case of the trigram scans)
      return ['no match (3–5 letters)', ['qzx', 'xvq', 'zzyq', 'jqwv', 'kxqzv'][i % 5]];
    case 0:
      return ['player id', String(id)];
    case 1:
      return ['full name', playerNameOf(id).toLowerCase()];
    case 2: // ~1/60 of all players start with it: the prefix scan must stop after 5
      return ['first name (broad)', FIRST_NAMES[i % FIRST_NAMES.length]];
    case 3:
      return ['wallet, upper case', walletOf(id).toUpperCase().replace('0X', '0x')];
    case 4: // one or two letters: the broadest prefixes there are
      return ['1–2 letters', FIRST_NAMES[i % FIRST_NAMES.length].slice(0, 1 + (i % 2))];
    default:
      return ['record name', ['welcome', 'spring', 'maint', 'ember', 'gold', 'chat'][i % 6]];
  }
}

async function main() {
  const env = { ...process.env, BENCH_TARGETS: process.env.BENCH_TARGETS ?? 'postgres' };
  for (const target of benchTargets(ROWS, env)) {
    const filled = await prepareDatabase(target, { actionLogs: 0, players: ROWS }, (line) => console.log(line));
    console.log(`[${target.name}] ${filled.players.toLocaleString('en-US')} players`);
    const bff = await startBff(target);
    try {
      const call = async (q: string) => {
        const started = performance.now();
        const response = await fetch(`${bff.url}/search?q=${encodeURIComponent(q)}`, { headers: { token: bff.token } });
        const body = (await response.json()) as { items: unknown[]; unavailable: string[] };
        if (response.status !== 200 || body.unavailable.length) throw new Error(`${q}: ${response.status} ${JSON.stringify(body)}`);
        return { ms: performance.now() - started, hits: body.items.length };
      };
      for (let i = 0; i < 12; i++) await call(queryOf(QUERIES + i, filled.players)[1]); // warm-up
      const byKind = new Map<string, number[]>();
      const all: number[] = [];
      let empty = 0;
      for (let i = 0; i < QUERIES; i++) {
        const [kind, q] = queryOf(i, filled.players);
        const run = await call(q);
        if (run.hits === 0) empty++;
        all.push(run.ms);
        byKind.set(kind, [...(byKind.get(kind) ?? []), run.ms]);
      }
      printTable(
        ['kind', 'n', 'p50', 'p95'],
        [...byKind].map(([kind, times]) => [kind, times.length, ms(percentile(times, 50)), ms(percentile(times, 95))]),
      );
      // The floor on this machine now: the cheapest admin request there is (a player by primary key).
      const floor: number[] = [];
      for (let i = 0; i < QUERIES / 4; i++) {
        const started = performance.now();
        await (await fetch(`${bff.url}/players/${1 + ((i * 7_919) % filled.players)}`, { headers: { token: bff.token } })).json();
        floor.push(performance.now() - started);
      }
      console.log(`[${target.name}] floor: GET /players/:id p50 ${ms(percentile(floor, 50))}, p95 ${ms(percentile(floor, 95))}`);
      const substring = [...byKind].filter(([kind]) => SUBSTRING_KINDS.has(kind)).flatMap(([, times]) => times);
      console.log(
        `[${target.name}] word and substring queries (${substring.length}): p50 ${ms(percentile(substring, 50))}, ` +
          `p95 ${ms(percentile(substring, 95))}, max ${ms(Math.max(...substring))}`,
      );
      const p95 = percentile(all, 95);
      console.log(
        `[${target.name}] GET /search, ${QUERIES} queries: p50 ${ms(percentile(all, 50))}, p95 ${ms(p95)}, max ${ms(Math.max(...all))} ` +
          `(${QUERIES - empty}/${QUERIES} with hits; target p95 < ${TARGET_P95} ms: ${p95 < TARGET_P95 ? 'met' : 'NOT met'})`,
      );
    } finally {
      await bff.stop();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
