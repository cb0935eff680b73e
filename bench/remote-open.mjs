#!/usr/bin/env node
// Opening a remote page (Action Log Management, system remote) from the sidebar, measured in the page:
// click → the page's heading, and click → its first table rows. Production builds on the e2e stack
// (host, each remote and the BFF on their own ports), Debian's Chromium.
//   cold, at once: a fresh browser context (empty cache), signed in, clicking as soon as the dashboard
//     shows (while the console's idle-time preloading may still be running);
//   cold, settled: a fresh context, clicking once the console has been idle for a second (a person
//     reading the dashboard): the remote was never opened, but idle-time preloading had its chance;
//   warm: the same context, back on the dashboard, clicking again.
//   warm switch between remotes: one context, a points page (Users Management: "Point accounts") and
//     ConstantVariable Management (system remote) opened once each, then clicks alternating between the two
//     (SWITCHES=n, default 7), click → the new page's heading in the DOM (target median ≤ 30 ms, as the warm
//     open) and click → the frame showing it painted.
// 7 runs each; prints median and p95 (targets: cold ≤ 100 ms median, warm ≤ 30 ms).
//   [SWITCHES=7] node bench/remote-open.mjs [--runs 7] [--switch-only] [--host-dist DIR | --dists DIR]
// --switch-only: the warm switch alone (skips the cold and warm opens of Action Log Management).
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
const SWITCHES = Number(process.env.SWITCHES ?? 7);
const SWITCH_ONLY = process.argv.includes('--switch-only');
/** The warm switch's two pages, of two remotes: the sidebar's link (its group, if in one) and the page's heading. */
const SWITCH_PAGES = [
  { remote: 'points', group: 'Points Management', link: 'Users Management', heading: 'Point accounts' },
  { remote: 'system', link: 'ConstantVariable Management', heading: 'Constant variables' },
];

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

/**
 * One click on the sidebar's link to `target` (the other page is showing), timed in the page: click (capture
 * phase) → the first DOM change that shows `target.heading` in <main>. The observer disconnects once it has its
 * mark, so earlier switches leave no work behind in the next one's measure. Then waits (untimed) for the page
 * to settle: its table's rows, if it has one, and a quiet half second.
 */
async function switchOnce(page, target) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const link = nav.getByRole('link', { name: target.link, exact: true });
  if (target.group && !(await link.isVisible())) await nav.getByRole('button', { name: target.group }).click();
  await link.waitFor();
  await page.evaluate((heading) => {
    const marks = { click: 0, heading: 0, painted: 0 };
    window.__switchMarks = marks;
    document.addEventListener('click', () => (marks.click = performance.now()), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (!marks.click) return;
      const main = document.querySelector('main');
      if ([...(main?.querySelectorAll('h1, h2') ?? [])].some((h) => h.textContent?.trim() === heading)) {
        marks.heading = performance.now();
        observer.disconnect();
        // The frame that shows it: a task posted from requestAnimationFrame runs once that frame is painted.
        requestAnimationFrame(() => setTimeout(() => (marks.painted = performance.now())));
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, target.heading);
  await link.click();
  const marks = await page
    .evaluate(
      () =>
        new Promise((resolve, reject) => {
          const timeout = setTimeout(() => reject(new Error('no heading within 30 s')), 30_000);
          const poll = () => {
            if (window.__switchMarks.painted) {
              clearTimeout(timeout);
              resolve(window.__switchMarks);
            } else setTimeout(poll, 50);
          };
          poll();
        }),
    )
    .catch(async (error) => {
      const seen = await page.locator('main h1, main h2').allTextContents();
      throw new Error(`${target.link}: ${error.message} (headings in main: ${JSON.stringify(seen)})`);
    });
  await page
    .waitForFunction(
      () => {
        const main = document.querySelector('main');
        return !main?.querySelector('table') || main.querySelector('table:not([aria-busy]) tbody tr td');
      },
      undefined,
      { timeout: 30_000 },
    )
    .catch(() => {});
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return { heading: marks.heading - marks.click, painted: marks.painted - marks.click };
}

/** Both pages opened once (both remotes loaded), then SWITCHES clicks alternating between them. */
async function warmSwitch(browser, stack) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await signIn(page, stack.hostUrl);
    await page.waitForURL(`${stack.hostUrl}/admin`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const first = [];
    for (const target of SWITCH_PAGES) first.push(await switchOnce(page, target));
    const samples = { heading: [], painted: [] };
    for (let i = 0; i < SWITCHES; i++) {
      const one = await switchOnce(page, SWITCH_PAGES[i % 2]);
      samples.heading.push(one.heading);
      samples.painted.push(one.painted);
    }
    return { first, samples };
  } finally {
    await context.close();
  }
}

const fmt = (values) => `median ${median(values).toFixed(0).padStart(4)} ms   p95 ${percentile(values, 95).toFixed(0).padStart(4)} ms`;

async function main() {
  const stack = HOST_DIST ? await startStack(undefined, { hostDir: HOST_DIST }) : await startStackWithDists(process.argv);
  const browser = await launchChromium();
  const cold = { heading: [], rows: [] };
  const settled = { heading: [], rows: [] };
  const warm = { heading: [], rows: [] };
  let switched;
  try {
    for (let run = 0; run < (SWITCH_ONLY ? 0 : RUNS); run++) {
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
    switched = await warmSwitch(browser, stack);
  } finally {
    await browser.close();
    await stack.stop();
  }
  if (!SWITCH_ONLY) {
    console.log(`remote page open (${LINK}), ${RUNS} runs`);
    console.log(`cold, at once    click → heading  ${fmt(cold.heading)}   (target median ≤ 100 ms)`);
    console.log(`cold, at once    click → rows     ${fmt(cold.rows)}`);
    console.log(`cold, settled    click → heading  ${fmt(settled.heading)}   (target median ≤ 100 ms)`);
    console.log(`cold, settled    click → rows     ${fmt(settled.rows)}`);
    console.log(`warm             click → heading  ${fmt(warm.heading)}   (target median ≤ 30 ms)`);
    console.log(`warm             click → rows     ${fmt(warm.rows)}`);
  }
  const { first, samples } = switched;
  const met = median(samples.heading) <= 30 ? 'met' : 'NOT met';
  console.log(`warm switch between remotes (${SWITCH_PAGES.map((p) => `${p.link}, ${p.remote}`).join(' ⇄ ')}), ${SWITCHES} switches`);
  const list = (values) => values.map((v) => v.toFixed(0)).join(', ');
  console.log(`warm switch      click → heading  ${fmt(samples.heading)}   (target median ≤ 30 ms: ${met})`);
  console.log(`warm switch      click → painted  ${fmt(samples.painted)}   (the frame showing the heading)`);
  console.log(`  heading samples: ${list(samples.heading)} ms (to ${SWITCH_PAGES[0].remote} first, alternating)`);
  console.log(`  painted samples: ${list(samples.painted)} ms`);
  console.log(`  first opens (cold, not counted): ${first.map((v) => `${v.heading.toFixed(0)} / ${v.painted.toFixed(0)}`).join(', ')} ms`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
