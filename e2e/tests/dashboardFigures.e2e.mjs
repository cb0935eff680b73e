// The dashboard's figures over time against the running BFF and points API: players active,
// battles and points per day (the daily rollups, written by their durable jobs at start, and today
// so far) equal what the APIs' own lists and report count; each chart has its table; axe clean at
// 1440 and 390 px, the page no wider than the phone.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible } from '../support/axe.mjs';
import { signedInPage } from '../support/browser.mjs';
import { useConsole } from '../support/suite.mjs';

const DAY_MS = 86_400_000;
const utcDay = (at) => new Date(at).toISOString().slice(0, 10);
const number = (n) => n.toLocaleString('en-US');

describe('dashboard figures and charts', () => {
  const ctx = useConsole();

  it('shows players active, battles and points per day as the APIs count them, with toggles, tables and links; axe clean at 1440 and 390 px', async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl, { width: 1440, height: 900 });
    const get = (base, path) =>
      page.evaluate(
        async ([base, path]) => {
          const token = JSON.parse(localStorage.getItem('admin-phoenix')).data.token;
          const response = await fetch(`${base}${path}`, { headers: { token } });
          if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
          return response.json();
        },
        [base, path],
      );
    const bff = (path) => get(ctx.stack.apiUrl, path);
    const points = (path) => get(ctx.stack.pointsApiUrl, path);

    // The rollups' first runs (queued at each service's start) fill in the series' days.
    for (let waited = 0; ; waited += 500) {
      const summary = await bff('/dashboard/summary');
      const economy = await points('/economy/days?days=30');
      if (summary.activity?.battlesPerDay.length === 30 && economy.days.length === 30) break;
      assert.ok(waited < 30_000, `the rollups did not run: ${summary.activity?.battlesPerDay.length} and ${economy.days.length} days`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    // What the APIs count: players by their last-seen time (the players list, newest first), battles
    // from a start time (the battle list's total), points issued and spent (the economy report).
    const now = Date.now();
    const today = utcDay(now);
    const firstDay = (days) => utcDay(now - (days - 1) * DAY_MS);
    // (Never seen players, null, come first in this order: the count stops at the first seen before the window.)
    let seenToday = 0;
    for (let p = 1, done = false; !done; p++) {
      const list = await bff(`/players?sort=lastSeenAt&order=desc&pageSize=200&page=${p}`);
      for (const player of list.items) {
        if (player.lastSeenAt === null) continue;
        if (Date.parse(player.lastSeenAt) >= now - DAY_MS) seenToday += 1;
        else done = true;
      }
      done ||= list.items.length < 200;
    }
    const battlesSince = async (days) => (await bff(`/battles?from=${firstDay(days)}T00:00:00.000Z&pageSize=1`)).total;
    const sum = (byKind) => Object.values(byKind).reduce((s, n) => s + n, 0);
    const report = await points(`/economy/report?from=${firstDay(7)}&to=${today}`);
    const issued7 = report.days.reduce((s, d) => s + sum(d.issued), 0);
    const spent7 = report.days.reduce((s, d) => s + sum(d.spent), 0);
    assert.ok(seenToday > 0, 'the seed has players seen today');

    await page.goto(`${ctx.stack.hostUrl}/admin`);
    const activity = page.getByRole('region', { name: 'Players and battles' });
    await activity.getByRole('link', { name: `Players active in the last 24 hours: ${number(seenToday)}` }).waitFor();
    const battles7 = await battlesSince(7);
    const battlesLink = activity.getByRole('link', { name: `Battles started in the last 7 days: ${number(battles7)}` });
    await battlesLink.waitFor();
    await activity.getByRole('group', { name: 'Battles over' }).getByRole('button', { name: '30 days' }).click();
    await activity.getByRole('link', { name: `Battles started in the last 30 days: ${number(await battlesSince(30))}` }).waitFor();
    await activity.getByRole('group', { name: 'Battles over' }).getByRole('button', { name: '7 days' }).click();

    const pointsPanel = page.getByRole('region', { name: 'Points per day' });
    await pointsPanel.getByRole('link', { name: `Points issued in the last 7 days: ${number(issued7)}` }).waitFor();
    await pointsPanel.getByRole('link', { name: `Points spent in the last 7 days: ${number(spent7)}` }).waitFor();

    // The chart is drawn (uPlot's canvas, loaded with the chart), and its table holds the same numbers.
    await activity.locator('canvas').first().waitFor();
    await activity.getByRole('button', { name: 'Table view of Battles started per day' }).click();
    const table = activity.getByRole('region', { name: 'Battles started per day, table' }).getByRole('table');
    const cells = await table.locator('tbody td').allTextContents();
    assert.equal(cells.length, 7);
    assert.equal(
      cells.reduce((s, text) => s + Number(text.replace(/,/g, '')), 0),
      battles7,
    );
    await assertAccessible(page, 'dashboard with figures, 1440 px');

    await page.setViewportSize({ width: 390, height: 844 });
    await activity.getByRole('link', { name: `Battles started in the last 7 days: ${number(battles7)}` }).waitFor();
    await assertAccessible(page, 'dashboard with figures, 390 px');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the dashboard is ${overflow} px wider than a 390 px phone`);

    // The figure opens the page behind it: the battle list from the period's first day.
    await battlesLink.click();
    await page.waitForURL((url) => url.pathname === '/admin/battle' && url.searchParams.get('from') === `${firstDay(7)}T00:00:00.000Z`);

    // The economy report shows its days as charts too.
    await page.goto(`${ctx.stack.hostUrl}/admin/points/economy`);
    const charts = page.getByRole('main').getByRole('region', { name: 'Charts' });
    await charts.getByRole('table', { name: 'Points issued per day, by source' }).waitFor({ state: 'attached' });
    await charts.locator('canvas').first().waitFor();
    await assertAccessible(page, 'economy report with charts, 390 px');
    await context.close();
  });
});
