// bench/bff-lists.mjs: GET /action-logs p50/p95 at 1,000,000 rows for every filter and sort the
// API offers, on PGlite and on PostgreSQL, then /health while the heaviest list queries run.
import os from 'node:os';
import { benchTargets, prepareDatabase, type BenchTarget } from './databases';
import { startBff, timedGet, type RunningBff } from './bff';
import { ms, percentile, printTable } from './stats';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 30);
/** The targets (150 / 50 ms before); /health under load: unchanged. */
const TARGET_P95 = { pglite: 75, postgres: 25, health: 50 };

/** Every filter and every sort of GET /action-logs (shared/contract actionLogQuerySchema, ACTION_LOG_SORTS). */
const VARIANTS: [name: string, query: string][] = [
  ['default (newest first)', ''],
  ['sort createdAt asc', 'sort=createdAt&order=asc'],
  ['sort adminEmail asc', 'sort=adminEmail&order=asc'],
  ['sort adminEmail desc', 'sort=adminEmail&order=desc'],
  ['sort action asc', 'sort=action&order=asc'],
  ['sort action desc', 'sort=action&order=desc'],
  ['sort targetType asc', 'sort=targetType&order=asc'],
  ['sort targetType desc', 'sort=targetType&order=desc'],
  ['admin= busiest admin', 'admin=alice.00'],
  ['admin= a rare admin', 'admin=julia.39'],
  ['admin= 2 letters', 'admin=an'],
  ['action= exact', 'action=news.update'],
  ['action= prefix', 'action=constantVariable'],
  ['action= rare exact', 'action=admin.create'],
  ['target= type', 'target=worldMessage'],
  ['target= type:id', 'target=player:1234'],
  ['q= common word', 'q=restrict'],
  ['q= rare word', 'q=maintenance'],
  ['q= an id', 'q=98765'],
  ['q= no match', 'q=zzzzqqq'],
  ['from/to last 7 days', `from=${iso(-7)}&to=${iso(0)}`],
  ['from/to a month, a year ago', `from=${iso(-400)}&to=${iso(-370)}`],
  ['action + admin, sort adminEmail', 'action=news&admin=bob&sort=adminEmail&order=asc'],
  ['target + q, sort action desc', 'target=present&q=distribute&sort=action&order=desc'],
  ['deepest page (500 × 20)', 'page=500&pageSize=20'],
  ['deepest page (50 × 200)', 'page=50&pageSize=200'],
];

/** The machine's load, printed with each table: the 2 cores are shared, so timings move with it. */
function loadAverage(): string {
  return `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`;
}

function iso(days: number): string {
  return encodeURIComponent(new Date(Date.parse('2026-11-01T00:00:00Z') + days * 86_400_000).toISOString());
}

async function measure(bff: RunningBff, path: string, runs: number): Promise<number[]> {
  for (let i = 0; i < 2; i++) await check(bff, path); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await check(bff, path)).ms);
  return times;
}

async function check(bff: RunningBff, path: string) {
  const result = await timedGet(bff, path);
  if (result.status !== 200) throw new Error(`${path}: ${result.status} ${result.body.slice(0, 300)}`);
  return result;
}

/** /health every 20 ms while `workers` loops run the heaviest list queries back to back. */
async function healthUnderLoad(bff: RunningBff, heaviest: string[], workers: number, samples: number) {
  let running = true;
  let listCalls = 0;
  const loops = Array.from({ length: workers }, async (_, w) => {
    for (let i = w; running; i++) {
      await check(bff, `/action-logs?${heaviest[i % heaviest.length]}`);
      listCalls++;
    }
  });
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const response = await fetch(`${bff.url}/health`);
    await response.text();
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 20));
  }
  running = false;
  await Promise.all(loops);
  return { times, listCalls };
}

async function benchTarget(target: BenchTarget) {
  const filled = await prepareDatabase(target, { actionLogs: ROWS, players: ROWS }, (line) => console.log(line));
  const bff = await startBff(target);
  try {
    console.log(
      `\n[${target.name}] ${filled.actionLogs.toLocaleString('en-US')} action-log rows; ${RUNS} runs per variant after 2 warm-ups; ${loadAverage()}`,
    );
    const results: { name: string; query: string; p50: number; p95: number; total: string }[] = [];
    // HEALTH_ONLY=1: skip the list table, load /health with the three heaviest variants of past runs
    // (or HEALTH_VARIANTS='name|name|name').
    // ONLY='name|name': just these variants (to re-measure a few side by side).
    const only = process.env.ONLY?.split('|');
    const variants = process.env.HEALTH_ONLY === '1' ? [] : VARIANTS.filter(([name]) => !only || only.includes(name));
    // One pass over every variant first: the first variants measured no longer pay for a cold
    // server (JIT, the database's caches, PGlite's worker) that the later ones find warm.
    for (const [, query] of variants) await check(bff, `/action-logs?${query}`);
    for (const [name, query] of variants) {
      const times = await measure(bff, `/action-logs?${query}`, RUNS);
      const page = JSON.parse((await check(bff, `/action-logs?${query}`)).body) as { total: number; totalCapped?: boolean };
      results.push({
        name,
        query,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        total: `${page.total}${page.totalCapped ? '+' : ''}`,
      });
    }
    const limit = TARGET_P95[target.name];
    printTable(
      ['variant', 'total', 'p50', 'p95', `p95 ≤ ${limit} ms`],
      results.map((r) => [r.name, r.total, ms(r.p50), ms(r.p95), r.p95 <= limit ? 'yes' : 'NO']),
    );
    console.log(`[${target.name}] after the list table: ${loadAverage()}`);
    const worst = Math.max(...results.map((r) => r.p95));
    if (results.length)
      console.log(`[${target.name}] worst list p95: ${ms(worst)} (target ≤ ${limit} ms: ${worst <= limit ? 'met' : 'NOT met'})`);

    const idle = await healthUnderLoad(bff, [], 0, 100);
    const heaviest = results.length
      ? [...results].sort((a, b) => b.p95 - a.p95).slice(0, 3)
      : VARIANTS.filter(([name]) =>
          (
            process.env.HEALTH_VARIANTS?.split('|') ?? ['target + q, sort action desc', 'action + admin, sort adminEmail', 'q= common word']
          ).includes(name),
        ).map(([name, query]) => ({ name, query }));
    const loaded = await healthUnderLoad(
      bff,
      heaviest.map((r) => r.query),
      3,
      200,
    );
    console.log(
      `[${target.name}] /health idle: p50 ${ms(percentile(idle.times, 50))}, p95 ${ms(percentile(idle.times, 95))}; ` +
        `with 3 clients running the 3 heaviest lists (${heaviest.map((r) => r.name).join(' | ')}; ${loaded.listCalls} list calls): ` +
        `p50 ${ms(percentile(loaded.times, 50))}, p95 ${ms(percentile(loaded.times, 95))} ` +
        `(target ≤ ${TARGET_P95.health} ms: ${percentile(loaded.times, 95) <= TARGET_P95.health ? 'met' : 'NOT met'})`,
    );
  } finally {
    await bff.stop();
  }
}

async function main() {
  for (const target of benchTargets(ROWS)) await benchTarget(target);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
