#!/usr/bin/env node
// `npm test`: the whole suite: type check, lint, unit/component and BFF tests (jest), production builds,
// then end-to-end tests in Debian's chromium. Stops at the first failing step.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll, installDependencies, pnpm, repoRoot, run } from './lib/pnpm.mjs';
import { runOnSupportedNode } from './lib/node.mjs';
import { findNginx } from './lib/scaleOut/nginx.mjs';

await runOnSupportedNode();

/** Jest workers: every core (jest's default leaves one to itself, which idles on two cores). */
const JEST_WORKERS = Math.max(os.availableParallelism(), 2);
/** scripts/audit.mjs exits 75 when the advisory source did not answer: the table says so. */
const auditOutcome = (error) => {
  if (/exit 75\b/.test(error.message)) return 'NOT AUDITED (advisory source unreachable)';
  throw error;
};
/** The `*.test.mjs` files of a folder: Node 22+'s `--test` takes files and globs, not a folder. */
const testFilesIn = (folder) =>
  fs
    .readdirSync(path.join(repoRoot, folder))
    .filter((f) => f.endsWith('.test.mjs'))
    .map((f) => path.join(repoRoot, folder, f));
const withoutKey = (env, key) => Object.fromEntries(Object.entries(env).filter(([k]) => k !== key));
const skip = new Set(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--skip-'))
    .map((a) => a.slice(7)),
);

// A step is [name, run]; an array of steps runs them side by side (each single-threaded, or waiting on
// the network: on two cores they take about the time of the longest). `run` may resolve with a word
// for the table other than "ok" (the audit's "NOT AUDITED").
const steps = [
  ['install', () => installDependencies()],
  [
    ['typecheck', () => pnpm(['exec', 'tsc', '-p', 'tsconfig.json', '--noEmit'])],
    // ESLint (with the import boundaries) and Prettier's check: `pnpm lint`.
    ['lint', () => pnpm(['run', 'lint'])],
    // High or critical advisories in production dependencies (scripts/audit.mjs).
    [
      'audit',
      () =>
        run(process.execPath, [path.join(repoRoot, 'scripts/audit.mjs')], { env: { ...process.env, AUDIT_EXIT_UNREACHABLE: '75' } }).then(
          () => 'ok',
          auditOutcome,
        ),
    ],
  ],
  // BFF tests here run on PGlite (in memory); bff-postgres below runs them on PostgreSQL. Jest's default
  // is one worker on two cores; a test file's database is its own, so two run side by side.
  ['unit', () => pnpm(['exec', 'jest', '--ci', `--maxWorkers=${JEST_WORKERS}`], { env: withoutKey(process.env, 'TEST_DATABASE_URL') })],
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
  ['scripts', () => run(process.execPath, ['--test', ...testFilesIn('scripts/test')])],
  // The staking contract: generated ABI up to date with the Solidity source, behaviour on anvil.
  ['contracts', () => run(process.execPath, ['--test', ...testFilesIn('contracts/test')])],
  // The BFF and points API suites again on a real PostgreSQL server, when one is given (.ci/run starts one).
  [
    'bff-postgres',
    () => {
      const url = process.env.PHOENIX_TEST_PG_URL || process.env.TEST_DATABASE_URL;
      if (!url) {
        console.log('no PostgreSQL server given (PHOENIX_TEST_PG_URL / TEST_DATABASE_URL): skipped; .ci/run starts one');
        return Promise.resolve();
      }
      // Each test file has a database of its own on the server (createTestDatabase): files run side by side.
      return pnpm(['exec', 'jest', '--ci', `--maxWorkers=${JEST_WORKERS}`, '--selectProjects', 'bff', 'points-api'], {
        env: { ...process.env, TEST_DATABASE_URL: url },
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
/**
 * .ci/run's own steps before this one (PHOENIX_CI_STEPS="setup:41 fresh-start:97") head the table,
 * and the total is then from its start (PHOENIX_CI_STARTED_AT, epoch seconds): the whole run's wall.
 */
const ciSteps = (process.env.PHOENIX_CI_STEPS ?? '')
  .split(/\s+/)
  .filter(Boolean)
  .map((pair) => ({ name: pair.split(':')[0], seconds: Number(pair.split(':')[1]), result: 'ok (.ci/run)' }));
const ciStartedAt = Number(process.env.PHOENIX_CI_STARTED_AT) || null;

function printTimings() {
  const wall = Math.round(Date.now() / 1000 - (ciStartedAt ?? runStarted / 1000));
  const rows = [...ciSteps, ...timings];
  const width = Math.max(...rows.map((t) => t.name.length + (t.together ? 2 : 0)), 'total (wall)'.length);
  console.log(`\n== steps on Node ${process.versions.node} (${os.availableParallelism()} cores); "+ " ran beside the step above`);
  for (const t of rows) {
    const name = t.together ? `+ ${t.name}` : t.name;
    console.log(`  ${name.padEnd(width)}  ${String(t.seconds).padStart(5)} s  ${t.result}`);
  }
  console.log(`  ${'total (wall)'.padEnd(width)}  ${String(wall).padStart(5)} s`);
}

async function runStep([name, step]) {
  if (skip.has(name)) {
    console.log(`\n== ${name}: skipped`);
    return { name, seconds: 0, result: 'skipped' };
  }
  console.log(`\n== ${name}`);
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  try {
    const result = (await step()) ?? 'ok';
    console.log(`== ${name}: ${result} (${seconds()} s)`);
    return { name, seconds: seconds(), result };
  } catch (error) {
    console.error(`\n== ${name} FAILED: ${error.message}`);
    return { name, seconds: seconds(), result: 'FAILED' };
  }
}

const runStarted = Date.now();
for (const entry of steps) {
  const group = Array.isArray(entry[0]) ? entry : [entry];
  const results = await Promise.all(group.map(runStep));
  timings.push(...results.map((r, i) => ({ ...r, together: group.length > 1 ? i > 0 : false })));
  if (results.some((r) => r.result === 'FAILED')) {
    printTimings();
    process.exit(1);
  }
}
printTimings();
