#!/usr/bin/env node
// Opening a remote page (Action Log Management, system remote) from the sidebar, measured in the page:
// click → the page's heading, and click → its first table rows. Production builds on the e2e stack
// (host, each remote and the BFF on their own ports), Debian's Chromium.
//   cold, at once: a fresh browser context (empty cache), signed in, clicking as soon as the dashboard
//     shows (while the console's idle-time preloading may still be running);
//   cold, settled: a fresh context, clicking once the console has been idle for a second (a person
//     reading the dashboard): the remote was never opened, but idle-time preloading had its chance;
//   warm: the same context, back on the dashboard, clicking again.
// 7 runs each; prints median and p95 (targets, issue 24: cold ≤ 100 ms median, warm ≤ 30 ms).
//   node bench/remote-open.mjs [--runs 7] [--host-dist DIR | --dists DIR]
// --host-dist: serve another build of the host (the "before" of a host or kit change) with this checkout's remotes;
// --dists: serve the host and the remotes built in another checkout DIR (the "before" of a change to both).
import path from 'node:path';
import { startStack } from '../e2e/support/stack.mjs';
import { signIn } from '../e2e/support/browser.mjs';
import { launchChromium, median, percentile, startStackWithDists } from './lib.mjs';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7;
const hostDistArg = process.argv.indexOf('--host-dist');
const HOST_DIST = hostDistArg > 0 ? path.resolve(process.argv[hostDistArg + 1]) : undefined;
const LINK = 'Action Log Management';
const HEADING = 'Action logs';

/** Arms in-page timers: the click (capture phase) and the first frame showing the heading, then rows. */
function arm(page) {
  return page.evaluate((heading) => {
    const marks = { click: 0, heading: 0, rows: 0 };
    window.__openMarks = marks;
    document.addEventListener('click', () => (marks.click = performance.now()), { capture: true, once: true });
    const check = () => {
      if (!marks.click) return;
      const main = document.querySelector('main');
      if (!marks.heading && [...(main?.querySelectorAll('h1, h2') ?? [])].some((h) => h.textContent?.trim() === heading))
        marks.heading = performance.now();
      // Rows of this page only (the dashboard has a table too): counted once its heading is there,
      // and once the table is no longer busy (while loading, it shows skeleton rows).
      if (marks.heading && !marks.rows && main?.querySelector('table:not([aria-busy]) tbody tr td')) marks.rows = performance.now();
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, HEADING);
}

const TRACE = process.argv.includes('--trace');

async function openOnce(page) {
  await arm(page);
  if (TRACE) {
    const t0 = Date.now();
    page.on('request', (r) => console.log(`  +${Date.now() - t0} ms request ${r.url()}`));
    page.on('requestfinished', (r) => console.log(`  +${Date.now() - t0} ms done    ${r.url()}`));
  }
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: LINK });
  await link.waitFor();
  await link.click();
  // Waited for in the page, by the observer that takes the marks: a Playwright locator polls the page
  // (role queries, 10–20 ms of main-thread work at 1×) while the page it measures is rendering.
  const marks = await page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const timeout = setTimeout(() => reject(new Error('no rows within 30 s')), 30_000);
        const poll = () => {
          if (window.__openMarks.rows) {
            clearTimeout(timeout);
            resolve(window.__openMarks);
          } else setTimeout(poll, 50);
        };
        poll();
      }),
  );
  return { heading: marks.heading - marks.click, rows: marks.rows - marks.click };
}

const fmt = (values) => `median ${median(values).toFixed(0).padStart(4)} ms   p95 ${percentile(values, 95).toFixed(0).padStart(4)} ms`;

async function main() {
  const stack = HOST_DIST ? await startStack(undefined, { hostDir: HOST_DIST }) : await startStackWithDists(process.argv);
  const browser = await launchChromium();
  const cold = { heading: [], rows: [] };
  const settled = { heading: [], rows: [] };
  const warm = { heading: [], rows: [] };
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await signIn(page, stack.hostUrl);
      await page.waitForURL(`${stack.hostUrl}/admin`);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      const first = await openOnce(page);
      cold.heading.push(first.heading);
      cold.rows.push(first.rows);
      await page.goBack();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      const again = await openOnce(page);
      warm.heading.push(again.heading);
      warm.rows.push(again.rows);
      await context.close();

      const context2 = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page2 = await context2.newPage();
      await signIn(page2, stack.hostUrl);
      await page2.waitForURL(`${stack.hostUrl}/admin`);
      await page2.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page2.waitForLoadState('networkidle');
      await page2.waitForTimeout(1000);
      const later = await openOnce(page2);
      settled.heading.push(later.heading);
      settled.rows.push(later.rows);
      await context2.close();
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
  console.log(`remote page open (${LINK}), ${RUNS} runs`);
  console.log(`cold, at once    click → heading  ${fmt(cold.heading)}   (target median ≤ 100 ms)`);
  console.log(`cold, at once    click → rows     ${fmt(cold.rows)}`);
  console.log(`cold, settled    click → heading  ${fmt(settled.heading)}   (target median ≤ 100 ms)`);
  console.log(`cold, settled    click → rows     ${fmt(settled.rows)}`);
  console.log(`warm             click → heading  ${fmt(warm.heading)}   (target median ≤ 30 ms)`);
  console.log(`warm             click → rows     ${fmt(warm.rows)}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
