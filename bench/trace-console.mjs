#!/usr/bin/env node
// Where a cold console page's main-thread time goes: a Chromium performance trace (CDP Tracing through
// playwright-core) of one page opened signed in with an empty cache, CPU slowed 4× like Lighthouse's
// mobile setting, from navigation until the network has been idle for 2 s. Prints the main thread's
// tasks (count, total, blocking time: the part of each task over 50 ms) and the time split by cause:
// script per file (evaluation, function calls, compile), style and layout, paint, GC, the rest.
//   node bench/trace-console.mjs [/admin/logs] [--save trace.json] [--dists DIR]   (needs `pnpm build` first)
// --dists: serve the host and remotes built in another checkout DIR (e.g. a main clone: "before").
import fs from 'node:fs';
import { onSignedInConsole, runBench } from './lib.mjs';

const target = process.argv.slice(2).find((a) => a.startsWith('/')) ?? '/admin/logs';
const saveArg = process.argv.indexOf('--save');
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'];

const CAUSES = [
  [
    /^(EvaluateScript|FunctionCall|TimerFire|EventDispatch|FireAnimationFrame|FireIdleCallback|RunMicrotasks|v8\.run|V8\.Execute)$/,
    'script',
  ],
  [/^(v8\.compile|v8\.compileModule|V8\.CompileCode|v8\.parseOnBackground|CompileScript|CacheScript)$/, 'script compile'],
  [/^(UpdateLayoutTree|RecalculateStyles|Layout|ScheduleStyleRecalculation|InvalidateLayout|ParseAuthorStyleSheet)$/, 'style & layout'],
  [/^(Paint|PaintImage|CompositeLayers|Layerize|PrePaint|UpdateLayer|Commit)$/, 'paint'],
  [/^(MinorGC|MajorGC|BlinkGC\.\w+|V8\.GC\w*)$/, 'garbage collection'],
  [/^(ParseHTML)$/, 'HTML'],
];

const causeOf = (name) => CAUSES.find(([re]) => re.test(name))?.[1];
const fileOf = (e) => {
  const url = e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url ?? '';
  return url ? url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '') || '/' : '(no file)';
};

/** Self time of each event inside a main-thread task, by cause and by file for script. */
function summarise(events) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
  const tasks = onMain.filter((e) => e.name === 'RunTask').sort((a, b) => a.ts - b.ts);
  const blocking = tasks.reduce((sum, t) => sum + Math.max(0, t.dur / 1000 - 50), 0);
  const byCause = new Map();
  const byFile = new Map();
  // Self time: an event's duration less that of the known events directly inside it.
  const known = onMain.filter((e) => causeOf(e.name)).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const stack = [];
  const self = new Map(known.map((e) => [e, e.dur]));
  for (const e of known) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    if (stack.length) self.set(stack.at(-1), self.get(stack.at(-1)) - e.dur);
    stack.push(e);
  }
  // Each long task's own split (cause and file), to name what a blocking task is made of.
  const long = tasks.filter((t) => t.dur > 50_000).map((t) => ({ task: t, parts: new Map() }));
  for (const [e, us] of self) {
    const cause = causeOf(e.name);
    byCause.set(cause, (byCause.get(cause) ?? 0) + us / 1000);
    if (cause.startsWith('script')) byFile.set(fileOf(e), (byFile.get(fileOf(e)) ?? 0) + us / 1000);
    const within = long.find(({ task }) => task.ts <= e.ts && e.ts < task.ts + task.dur);
    if (within) {
      const part = cause.startsWith('script') ? `${cause} ${fileOf(e)}` : cause;
      within.parts.set(part, (within.parts.get(part) ?? 0) + us / 1000);
    }
  }
  const taskTotal = tasks.reduce((sum, t) => sum + t.dur / 1000, 0);
  const attributed = [...byCause.values()].reduce((a, b) => a + b, 0);
  byCause.set('other (in tasks, unattributed)', Math.max(0, taskTotal - attributed));
  return { tasks, blocking, taskTotal, byCause, byFile, long };
}

async function main() {
  await onSignedInConsole(process.argv, { viewport: { width: 412, height: 823 } }, async ({ stack, browser, context, page }) => {
    await page.goto('about:blank');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(`${stack.hostUrl}${target}`, { waitUntil: 'load' });
    await page.getByRole('main').locator('h1, h2').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2000);
    const buffer = await browser.stopTracing();
    if (saveArg > 0) fs.writeFileSync(process.argv[saveArg + 1], buffer);
    const { traceEvents } = JSON.parse(buffer.toString('utf8'));
    const { tasks, blocking, taskTotal, byCause, byFile, long } = summarise(traceEvents);
    const ms = (v) => `${Math.round(v).toLocaleString('en')} ms`.padStart(9);
    console.log(`${target}, cold, signed in, CPU 4× slower: ${tasks.length} main-thread tasks, ${ms(taskTotal)} in tasks`);
    console.log(
      `  blocking (each task's time over 50 ms): ${ms(blocking)}; tasks over 50 ms: ${tasks.filter((t) => t.dur > 50_000).length}`,
    );
    for (const [cause, v] of [...byCause].sort((a, b) => b[1] - a[1])) console.log(`  ${ms(v)}  ${cause}`);
    console.log('  script by file:');
    for (const [file, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`  ${ms(v)}  ${file}`);
    const navigation = traceEvents.find((e) => e.name === 'navigationStart')?.ts ?? tasks[0]?.ts ?? 0;
    console.log('  tasks over 50 ms (start after navigation, length: its largest parts):');
    for (const { task, parts } of long) {
      const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 4);
      console.log(
        `  ${ms((task.ts - navigation) / 1000)} ${ms(task.dur / 1000)}: ${top.map(([part, v]) => `${part} ${Math.round(v)}`).join(', ')}`,
      );
    }
  });
}

runBench(main);
