#!/usr/bin/env node
// Lighthouse (its default mobile settings: simulated 4× CPU slowdown and slow 4G) on the sign-in page and
// on console pages signed in, beside a floor app measured in the same run: React, react-dom and
// react-router only, a sidebar of 31 links and one list page of 20 rows fetched from the server
// (bench/floor/src/list.tsx, built the way the host is into a temp folder), and the same page on the
// console's stack ("stack floor", bench/floor/src/stack: a federation host sharing React, the router,
// styled-components, i18next and jotai, preloaded as the host is): what the stack alone costs, so what is
// left is the console's own start. The console runs as the e2e
// stack does (production builds, host, remotes, BFF on free ports); Debian's Chromium through
// chrome-launcher (CHROME_PATH). Lighthouse clears the cache before each page but keeps localStorage, so
// a console page is a cold load of a signed-in person. Prints, per page, the performance score, total
// blocking time, LCP and JS boot-up, and TBT and boot-up as a ratio to the floor's.
// Targets: console pages ≥ 90 and TBT ≤ 2× the floor; sign-in ≥ 95.
//   node bench/lighthouse.mjs [--runs 1] [--details] [--save DIR] [--pages user,logs] [--host-dist DIR]   (needs `pnpm build` first)
// --host-dist: serve another build of the host (the "before" of a host change) with this checkout's remotes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startStack } from '../e2e/support/stack.mjs';
import { signIn } from '../e2e/support/browser.mjs';
import { startStaticServer } from '../scripts/lib/staticServer.mjs';
import { CHROMIUM_FLAGS, median } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 1;
const DETAILS = process.argv.includes('--details');
const saveArg = process.argv.indexOf('--save');
/** --save DIR: each run's Lighthouse report and its trace (JSON) land there, to read the tasks and requests behind a figure. */
const SAVE_DIR = saveArg > 0 ? path.resolve(process.argv[saveArg + 1]) : undefined;
const hostDistArg = process.argv.indexOf('--host-dist');
const HOST_DIST = hostDistArg > 0 ? path.resolve(process.argv[hostDistArg + 1]) : undefined;
/** Console pages measured signed in: one or two per remote, lists with their rows. */
const pagesArg = process.argv.indexOf('--pages');
const CONSOLE_PAGES =
  pagesArg > 0
    ? process.argv[pagesArg + 1].split(',').map((p) => `/admin/${p}`)
    : ['/admin/constantVariables', '/admin/user', '/admin/points-lottery', '/admin/logs'];

/**
 * A floor app built with the repo's webpack toolchain into `out`, with its 20 API rows: `list` (React and
 * react-router only) or `stack` (the same page on the console's stack: a federation host with its shared
 * singletons, styled-components, i18next, jotai; bench/floor/src/stack).
 */
function buildFloor(entry, out) {
  const webpackCli = createRequire(path.join(root, 'host/package.json')).resolve('webpack-cli/bin/cli.js');
  const config = path.join(here, 'floor/webpack.config.cjs');
  const result = spawnSync(process.execPath, [webpackCli, '--config', config, '--env', `entry=${entry}`, '--env', `out=${out}`], {
    stdio: 'inherit',
    cwd: path.join(here, 'floor'),
  });
  if (result.status !== 0) throw new Error(`The ${entry} floor app did not build`);
  const rows = Array.from({ length: 20 }, (_, i) => ({
    id: i + 1,
    name: `constant_${i + 1}`,
    value: String((i + 1) * 100),
    updatedAt: new Date(Date.UTC(2026, 0, i + 1)).toISOString(),
  }));
  fs.writeFileSync(path.join(out, 'rows.json'), JSON.stringify(rows));
}

/** One Lighthouse run: the figures the issue asks for (ms), and the boot-up per script with --details. */
async function measure(url, port) {
  const { lhr, artifacts } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (SAVE_DIR) {
    fs.mkdirSync(SAVE_DIR, { recursive: true });
    const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_');
    const stamp = Date.now();
    fs.writeFileSync(path.join(SAVE_DIR, `${name}-${stamp}.json`), JSON.stringify(lhr));
    fs.writeFileSync(path.join(SAVE_DIR, `${name}-${stamp}.trace.json`), JSON.stringify(artifacts.Trace ?? artifacts.traces?.defaultPass));
  }
  const audit = (id) => lhr.audits[id];
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    tbt: audit('total-blocking-time').numericValue,
    lcp: audit('largest-contentful-paint').numericValue,
    bootup: audit('bootup-time').numericValue,
    scripts: (audit('bootup-time').details?.items ?? []).map((i) => ({ url: i.url, total: i.total, scripting: i.scripting })),
    breakdown: (audit('mainthread-work-breakdown').details?.items ?? []).map((i) => ({ group: i.groupLabel ?? i.group, ms: i.duration })),
    warnings: lhr.runWarnings,
  };
}

function closeServer(server) {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}

const loadNote = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores`;

async function main() {
  if (!fs.existsSync(path.join(root, 'host/dist/index.html'))) throw new Error('host/dist is missing: run `pnpm build` first.');
  const floorDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-bench-floor-'));
  const stackFloorDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-bench-stack-floor-'));
  let stack;
  let floorServer;
  let stackFloorServer;
  let chrome;
  let cdp;
  try {
    buildFloor('list', floorDir);
    buildFloor('stack', stackFloorDir);
    floorServer = await startStaticServer({ port: 0, mounts: [{ prefix: '/', dir: floorDir, spa: true }] });
    stackFloorServer = await startStaticServer({ port: 0, mounts: [{ prefix: '/', dir: stackFloorDir, spa: true }] });
    const floorUrl = `http://127.0.0.1:${floorServer.address().port}/admin/page-1`;
    const stackFloorUrl = `http://127.0.0.1:${stackFloorServer.address().port}/admin/page-1`;
    stack = await startStack(undefined, HOST_DIST ? { hostDir: HOST_DIST } : {});
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    });
    console.log(`before: ${loadNote()}`);

    const pages = [
      { name: 'floor list page', url: floorUrl },
      { name: 'stack floor', url: stackFloorUrl },
      { name: 'sign-in', url: `${stack.hostUrl}/auth/login` },
    ];
    const results = {};
    const run = async ({ name, url }) => {
      for (let i = 0; i < RUNS; i++) (results[name] ??= []).push(await measure(url, chrome.port));
    };
    // Floor and sign-in first, signed out; then sign in once in the same browser (the session is in
    // localStorage, which Lighthouse keeps) and measure the console pages.
    for (const page of pages) await run(page);
    cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await cdp.contexts()[0].newPage();
    await signIn(page, stack.hostUrl);
    await page.waitForURL(`${stack.hostUrl}/admin`);
    await page.close();
    for (const p of CONSOLE_PAGES) await run({ name: p.replace('/admin/', ''), url: `${stack.hostUrl}${p}` });

    console.log(`after:  ${loadNote()}`);
    console.log(`Lighthouse ${RUNS > 1 ? `(median of ${RUNS}) ` : ''}mobile defaults, Chromium ${(await cdp.version?.()) ?? ''}`);
    const pick = (name, key) => median(results[name].map((r) => r[key]));
    const floor = { tbt: pick('floor list page', 'tbt'), bootup: pick('floor list page', 'bootup') };
    const ms = (v) => `${Math.round(v).toLocaleString('en')} ms`;
    console.log(
      `${'page'.padEnd(18)} ${'score'.padStart(5)} ${'TBT'.padStart(9)} ${'LCP'.padStart(9)} ${'JS boot-up'.padStart(10)}  vs floor (TBT, boot-up)`,
    );
    for (const name of Object.keys(results)) {
      const [tbt, bootup] = [pick(name, 'tbt'), pick(name, 'bootup')];
      // A floor with no blocking time at all (0 ms, as in some runs) has no ratio to give.
      const tbtRatio = floor.tbt > 0 ? `${(tbt / floor.tbt).toFixed(1)}×` : 'n/a (floor 0 ms)';
      const ratio = name === 'floor list page' ? '' : `  ${tbtRatio}, ${(bootup / floor.bootup).toFixed(1)}×`;
      console.log(
        `${name.padEnd(18)} ${String(pick(name, 'score')).padStart(5)} ${ms(tbt).padStart(9)} ${ms(pick(name, 'lcp')).padStart(9)} ${ms(bootup).padStart(10)}${ratio}`,
      );
    }
    if (DETAILS) {
      for (const [name, list] of Object.entries(results)) {
        const last = list.at(-1);
        console.log(`\n${name}: main-thread work ${last.breakdown.map((b) => `${b.group} ${Math.round(b.ms)}`).join(', ')}`);
        for (const s of last.scripts.slice(0, 8))
          console.log(`  ${ms(s.total).padStart(9)} (script ${ms(s.scripting)})  ${s.url.replace(/^https?:\/\/[^/]+/, '')}`);
        for (const w of last.warnings) console.log(`  warning: ${w}`);
      }
    }
  } finally {
    await cdp?.close().catch(() => {});
    chrome?.kill();
    if (floorServer) await closeServer(floorServer);
    if (stackFloorServer) await closeServer(stackFloorServer);
    await stack?.stop();
    fs.rmSync(floorDir, { recursive: true, force: true });
    fs.rmSync(stackFloorDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
