#!/usr/bin/env node
// Where a cold console page's JavaScript time goes, by original source: a V8 CPU profile (sampled every
// 0.2 ms) of a signed-in cold load at Lighthouse's 4× CPU slowdown, from navigation until the list's rows
// are on screen and 1.5 s after, each sample's self time mapped through the build's source maps to the
// package or folder it came from (react-dom, zod, styled-components, shared/shell…). Samples vary by
// ±20% between runs: compare causes within one run, or medians of a few.
//   node bench/cpu-profile.mjs [/admin/user] [--depth 2] [--functions zod] [--top 30] [--dists DIR]   (needs `pnpm build` first)
// --functions TEXT: sources containing TEXT are split by function (name:line), to see which code in them.
// --callers TEXT: the time of sources containing TEXT is charged to the nearest caller outside them
//   (source name:line), to see which code runs them (which module builds zod schemas, say).
// --timeline: the same split for each busy stretch of 40 ms and more (samples with no idle between
//   them), in order: which work comes before the first paint and which after it, where TBT counts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMapConsumer } from 'source-map';
import { onSignedInConsole, runBench } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argOf = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const target = process.argv.slice(2).find((a) => a.startsWith('/')) ?? '/admin/user';
const DEPTH = Number(argOf('--depth', 2));
const FUNCTIONS = argOf('--functions', undefined);
const TOP = Number(argOf('--top', 30));
const CALLERS = argOf('--callers', undefined);
const TIMELINE = process.argv.includes('--timeline');
const distDirs = () => [
  path.join(root, 'host/dist'),
  ...fs.readdirSync(path.join(root, 'remotes')).map((r) => path.join(root, 'remotes', r, 'dist')),
];

/** A script URL's source map, read from the build folders (the static server does not serve maps). */
const maps = new Map();
async function mapOf(url) {
  if (!/^https?:.*\.js$/.test(url)) return null;
  if (maps.has(url)) return maps.get(url);
  const file = url.split('/').pop();
  // remoteEntry.js is the same name in every remote: its map would be the wrong one, it stays a URL.
  const dir = file === 'remoteEntry.js' ? undefined : distDirs().find((d) => fs.existsSync(path.join(d, `${file}.map`)));
  const map = dir ? await new SourceMapConsumer(JSON.parse(fs.readFileSync(path.join(dir, `${file}.map`), 'utf8'))) : null;
  maps.set(url, map);
  return map;
}

/** A call frame's cause: its package (or repo folder) to DEPTH path segments, or V8's own label. */
async function causeOf(frame, { named = false } = {}) {
  if (!frame.url) return `(${frame.functionName || 'native'})`;
  const map = await mapOf(frame.url);
  const at = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!at?.source) return frame.url.split('/').slice(-2).join('/');
  const source = at.source
    .replace(/.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '')
    .replace(/^webpack:\/\/[^/]*\//, '')
    .split('/')
    .slice(0, DEPTH)
    .join('/');
  return named || (FUNCTIONS && source.includes(FUNCTIONS)) ? `${source} ${at.name ?? frame.functionName}:${at.line}` : source;
}

/** With --callers: the first frame above a sample whose source is not CALLERS, named, or null. */
async function callerOf(id, nodes, parents) {
  if (!(await causeOf(nodes.get(id).callFrame)).includes(CALLERS)) return null;
  for (let at = parents.get(id); at !== undefined; at = parents.get(at)) {
    const cause = await causeOf(nodes.get(at).callFrame, { named: true });
    if (!cause.includes(CALLERS)) return cause;
  }
  return '(top)';
}

async function main() {
  await onSignedInConsole(process.argv, {}, async ({ stack, context, page: signingIn }) => {
    const page = await context.newPage(); // a cold page of a signed-in person (its cache is the context's: empty but for sign-in)
    await signingIn.close();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${stack.hostUrl}${target}`);
    await page.getByRole('main').locator('tbody tr td').nth(3).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    const { profile } = await cdp.send('Profiler.stop');

    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const selfTime = new Map();
    profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
    if (TIMELINE) return printTimeline(profile, nodes);
    const parents = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((child) => [child, n.id])));
    const byCause = new Map();
    for (const [id, us] of selfTime) {
      const cause = CALLERS ? await callerOf(id, nodes, parents) : await causeOf(nodes.get(id).callFrame);
      if (cause === null) continue;
      byCause.set(cause, (byCause.get(cause) ?? 0) + us);
    }
    const total = [...byCause.values()].reduce((a, b) => a + b, 0);
    const what = CALLERS ? `time in ${CALLERS} by its caller` : 'self time by source';
    console.log(`${target}, cold, signed in, 4x CPU: ${(total / 1000).toFixed(0)} ms sampled (${what}, ms)`);
    for (const [cause, us] of [...byCause].sort((a, b) => b[1] - a[1]).slice(0, TOP))
      console.log(`${(us / 1000).toFixed(0).padStart(7)}  ${cause}`);
  });
}

/** --timeline: busy stretches (consecutive samples with no idle sample between them) of 40 ms and more. */
async function printTimeline(profile, nodes) {
  const stretches = [];
  let at = profile.startTime;
  let current = null;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i];
    const id = profile.samples[i];
    const us = profile.timeDeltas[i + 1] ?? 0;
    if (nodes.get(id).callFrame.functionName === '(idle)') {
      if (current) stretches.push(current);
      current = null;
      continue;
    }
    current ??= { start: at, end: at, samples: [] };
    current.end = at + us;
    current.samples.push([id, us]);
  }
  if (current) stretches.push(current);
  console.log(`${target}, cold, signed in, 4x CPU: busy stretches of 40 ms and more (ms from the profile's start: top sources, ms)`);
  for (const stretch of stretches.filter((s) => s.end - s.start >= 40_000)) {
    const byCause = new Map();
    for (const [id, us] of stretch.samples) {
      const cause = await causeOf(nodes.get(id).callFrame);
      byCause.set(cause, (byCause.get(cause) ?? 0) + us);
    }
    const top = [...byCause].sort((a, b) => b[1] - a[1]).slice(0, 6);
    const ms = (us) => (us / 1000).toFixed(0);
    console.log(
      `${ms(stretch.start - profile.startTime).padStart(6)} +${ms(stretch.end - stretch.start).padEnd(4)} ${top.map(([c, us]) => `${c} ${ms(us)}`).join(', ')}`,
    );
  }
}

runBench(main);
