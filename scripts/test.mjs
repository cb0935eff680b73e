#!/usr/bin/env node
// `npm test`: the whole suite: type check, lint, unit/component and BFF tests (jest), production builds,
// then end-to-end tests in Debian's chromium. Stops at the first failing step.
import fs from 'node:fs';
import path from 'node:path';
import { assertNodeVersion, buildAll, installDependencies, pnpm, repoRoot, run } from './lib/pnpm.mjs';
import { findNginx } from './lib/scaleOut/nginx.mjs';

assertNodeVersion();

const withoutKey = (env, key) => Object.fromEntries(Object.entries(env).filter(([k]) => k !== key));
const skip = new Set(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--skip-'))
    .map((a) => a.slice(7)),
);

const steps = [
  ['install', () => installDependencies()],
  ['typecheck', () => pnpm(['exec', 'tsc', '-p', 'tsconfig.json', '--noEmit'])],
  // ESLint (with the import boundaries) and Prettier's check: `pnpm lint`.
  ['lint', () => pnpm(['run', 'lint'])],
  // BFF tests here run on PGlite (in memory); bff-postgres below runs them on PostgreSQL.
  ['unit', () => pnpm(['exec', 'jest', '--ci'], { env: withoutKey(process.env, 'TEST_DATABASE_URL') })],
  // Query plans at a realistic size (jest.plans.config.cjs): every read query the GET routes of the BFF
  // and the points API run, EXPLAINed (ANALYZE) with 200,000 rows in each large table; fails on a scan that
  // reads a large table whole or a cost past its bound. On PostgreSQL when one is given, else PGlite.
  [
    'plans',
    () => {
      const url = process.env.PHOENIX_TEST_PG_URL || process.env.TEST_DATABASE_URL;
      const env = url ? { ...process.env, TEST_DATABASE_URL: url } : withoutKey(process.env, 'TEST_DATABASE_URL');
      return pnpm(['exec', 'jest', '--ci', '-c', 'jest.plans.config.cjs'], { env });
    },
  ],
  // Release tooling, environments, serving, docker-compose.yml (node:test, no build needed).
  [
    'scripts',
    () => {
      const dir = path.join(repoRoot, 'scripts/test');
      const files = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.test.mjs'))
        .map((f) => path.join(dir, f));
      return run(process.execPath, ['--test', ...files]);
    },
  ],
  // The staking contract: generated ABI up to date with the Solidity source, behaviour on anvil.
  ['contracts', () => run(process.execPath, ['--test', path.join(repoRoot, 'contracts/test')])],
  // The BFF and points API suites again on a real PostgreSQL server, when one is given (.ci/run starts one).
  [
    'bff-postgres',
    () => {
      const url = process.env.PHOENIX_TEST_PG_URL || process.env.TEST_DATABASE_URL;
      if (!url) {
        console.log('no PostgreSQL server given (PHOENIX_TEST_PG_URL / TEST_DATABASE_URL): skipped; .ci/run starts one');
        return Promise.resolve();
      }
      // In band, every file's modules stay in the one process (no worker to recycle): give it room.
      const nodeOptions = [process.env.NODE_OPTIONS, '--max-old-space-size=8192'].filter(Boolean).join(' ');
      return pnpm(['exec', 'jest', '--ci', '--runInBand', '--selectProjects', 'bff', 'points-api'], {
        env: { ...process.env, TEST_DATABASE_URL: url, NODE_OPTIONS: nodeOptions },
      });
    },
  ],
  // Two BFFs and two points APIs on one fresh PostgreSQL database behind Debian's nginx
  // (docker/nginx/phoenix-lb.conf): sessions, throttle, locks, jobs, idempotency, a killed instance.
  [
    'scale-out',
    () => {
      const url = process.env.PHOENIX_TEST_PG_URL || process.env.TEST_DATABASE_URL;
      if (!url) {
        console.log('no PostgreSQL server given (PHOENIX_TEST_PG_URL / TEST_DATABASE_URL): skipped; .ci/run starts one');
        return Promise.resolve();
      }
      if (!findNginx()) {
        console.log("nginx is not installed: skipped; .ci/run installs Debian's nginx (apt-get install nginx)");
        return Promise.resolve();
      }
      return run(process.execPath, [path.join(repoRoot, 'scripts/scaleOut.mjs')], { env: { ...process.env, PHOENIX_TEST_PG_URL: url } });
    },
  ],
  ['build', () => buildAll()],
  ['e2e', () => pnpm(['run', 'test:e2e'])],
];

/** Each step's seconds, printed at the end (and at a failure): where the run's time went, on which Node. */
const timings = [];
function printTimings() {
  const total = timings.reduce((sum, t) => sum + t.seconds, 0);
  const width = Math.max(...timings.map((t) => t.name.length), 'total'.length);
  console.log(`\n== steps on Node ${process.versions.node}`);
  for (const t of timings) console.log(`  ${t.name.padEnd(width)}  ${String(t.seconds).padStart(5)} s  ${t.result}`);
  console.log(`  ${'total'.padEnd(width)}  ${String(total).padStart(5)} s`);
}

for (const [name, step] of steps) {
  if (skip.has(name)) {
    console.log(`\n== ${name}: skipped`);
    timings.push({ name, seconds: 0, result: 'skipped' });
    continue;
  }
  console.log(`\n== ${name}`);
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  try {
    await step();
  } catch (error) {
    console.error(`\n== ${name} FAILED: ${error.message}`);
    timings.push({ name, seconds: seconds(), result: 'FAILED' });
    printTimings();
    process.exit(1);
  }
  console.log(`== ${name}: ok (${seconds()} s)`);
  timings.push({ name, seconds: seconds(), result: 'ok' });
}
printTimings();
