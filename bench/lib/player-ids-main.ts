// bench/bff-player-ids.mjs: POST /players/validate-ids with 100,000 ids against 1,000,000 players.
import { benchTargets, prepareDatabase } from './databases';
import { startBff } from './bff';
import { ms, percentile } from './stats';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 10);
const TARGET_P95_PG = 200;

/** 100,000 ids, half of them players (the top of the id range), half unknown, in a scrambled order. */
function ids(players: number): number[] {
  const list = Array.from({ length: 100_000 }, (_, i) => players - 50_000 + 1 + i);
  for (let i = list.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1); // deterministic shuffle
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

async function main() {
  for (const target of benchTargets(ROWS)) {
    const filled = await prepareDatabase(target, { actionLogs: ROWS, players: ROWS }, (line) => console.log(line));
    const bff = await startBff(target);
    try {
      const body = JSON.stringify({ ids: ids(filled.players) });
      const call = async () => {
        const started = performance.now();
        const response = await fetch(`${bff.url}/players/validate-ids`, {
          method: 'POST',
          headers: { token: bff.token, 'content-type': 'application/json' },
          body,
        });
        const result = (await response.json()) as { unknown: number[] };
        if (response.status !== 200) throw new Error(`validate-ids: ${response.status} ${JSON.stringify(result)}`);
        return { ms: performance.now() - started, unknown: result.unknown.length };
      };
      for (let i = 0; i < 2; i++) await call();
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await call());
      const times = runs.map((r) => r.ms);
      const p95 = percentile(times, 95);
      const verdict = target.name === 'postgres' ? ` (target ≤ ${TARGET_P95_PG} ms: ${p95 <= TARGET_P95_PG ? 'met' : 'NOT met'})` : '';
      console.log(
        `[${target.name}] validate 100,000 ids (${(body.length / 1024).toFixed(0)} KiB body) against ${filled.players.toLocaleString('en-US')} players, ` +
          `${runs[0].unknown.toLocaleString('en-US')} unknown: p50 ${ms(percentile(times, 50))}, p95 ${ms(p95)}${verdict}`,
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
