#!/usr/bin/env node
// End-to-end suite: node's test runner over e2e/tests, each file starting its own stack of
// production builds on its own ports, so files run side by side (E2E_CONCURRENCY, default 3: on two
// cores a file spends much of its time waiting on a page, a timer or a service). The longest files
// start first, so that the last one to start is a short one. Stops if a dist folder is missing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const missing = ['host', ...['system', 'user-policy', 'present', 'battle', 'points'].map((r) => `remotes/${r}`)].filter(
  (dir) => !fs.existsSync(path.join(root, dir, 'dist')),
);
if (missing.length) {
  console.error(`Production builds missing for: ${missing.join(', ')}. Run \`pnpm build\` (npm test does it).`);
  process.exit(1);
}
// Over 40 s each when run alone (the e2e table of a run), the longest first; then the rest by name.
const LONGEST_FIRST = [
  'changeRequests',
  'layout',
  'a11y',
  'shellContract',
  'releases',
  'canary',
  'pointsLotteryIncident',
  'maintenanceWindow',
  'present',
  'battle',
].map((name) => `${name}.e2e.mjs`);
const rank = (f) => (LONGEST_FIRST.includes(f) ? LONGEST_FIRST.indexOf(f) : LONGEST_FIRST.length);
const files = fs
  .readdirSync(path.join(here, 'tests'))
  .filter((f) => f.endsWith('.e2e.mjs'))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  .map((f) => path.join(here, 'tests', f));
const concurrency = Number(process.env.E2E_CONCURRENCY) || 3;
// Arguments naming test files pick those; the others go to each `node --test` (e.g. --test-name-pattern).
const args = process.argv.slice(2);
const picked = args.filter((a) => a.endsWith('.e2e.mjs')).map((a) => path.basename(a));
const options = args.filter((a) => !a.endsWith('.e2e.mjs'));
const queue = picked.length ? files.filter((f) => picked.includes(path.basename(f))) : files;

/** One file in a test process of its own; its TAP output is printed whole when it ends (never interleaved). */
function runFile(file) {
  const started = Date.now();
  console.log(`▶ ${path.basename(file)}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-reporter=tap', ...options, file], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code, signal) => {
      const count = (name) => Number(output.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
      const result = { file: path.basename(file), code: code ?? 1, signal, seconds: Math.round((Date.now() - started) / 1000) };
      Object.assign(result, { tests: count('tests'), pass: count('pass'), fail: count('fail') });
      process.stdout.write(`\n=== ${result.file} (${result.seconds} s, exit ${signal ?? code})\n${output}`);
      resolve(result);
    });
  });
}

const started = Date.now();
// One migrated, seeded database for every stack of the run, named to the test processes by their
// environment (e2e/support/stack.mjs). Imported here: the stack needs the installed packages
// (Fastify, pg), this file's top only Node's built-ins.
const { makeDataTemplate } = await import('./support/stack.mjs');
const template = await makeDataTemplate();
Object.assign(process.env, template.env);
console.log(`data template ready after ${Math.round((Date.now() - started) / 1000)} s`);
const results = [];
let next = 0;
await Promise.all(
  Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
    while (next < queue.length) results.push(await runFile(queue[next++]));
  }),
);
await template.remove();
const failed = results.filter((r) => r.code !== 0);
const sum = (key) => results.reduce((n, r) => n + r[key], 0);
console.log(`\n== end to end: ${results.length} files, ${concurrency} at a time, ${Math.round((Date.now() - started) / 1000)} s`);
for (const r of [...results].sort((a, b) => b.seconds - a.seconds)) {
  console.log(`  ${String(r.seconds).padStart(4)} s  ${r.code === 0 ? 'ok  ' : 'FAIL'}  ${r.file} (${r.pass}/${r.tests})`);
}
console.log(`# tests ${sum('tests')}\n# pass ${sum('pass')}\n# fail ${sum('fail')}\n# files failed ${failed.length}`);
process.exit(failed.length ? 1 : 0);
