// The points programme on its own service: the points remote talks only to pointsApiBase (the
// points API, a separate process on the BFF's database over the wire), with the BFF's token.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible } from '../support/axe.mjs';
import { signedInPage } from '../support/browser.mjs';
import { useConsole } from '../support/suite.mjs';

describe('points settings on the points API', () => {
  const ctx = useConsole();

  it('edits the daily check-in rewards and sees the history; points maintenance shows on the dashboard; axe clean', async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const main = page.getByRole('main');
    const toPointsApi = [];
    page.on('request', (request) => {
      if (request.url().startsWith(ctx.stack.pointsApiUrl)) toPointsApi.push(new URL(request.url()).pathname);
    });

    await page.goto(`${ctx.stack.hostUrl}/admin/points-daily-checkin`);
    const day7 = main.getByLabel('Day 7');
    await day7.waitFor();
    assert.equal(await day7.inputValue(), '100');
    await day7.fill('250');
    await main.getByRole('button', { name: 'Save changes' }).click();
    const history = main.getByRole('region', { name: 'History' });
    await history.getByRole('button', { name: 'Restore version 1' }).waitFor();
    await history.getByRole('cell', { name: /^2\s*Current/ }).waitFor();
    await assertAccessible(page, 'points-daily-checkin');
    assert.ok(toPointsApi.includes('/settings/daily-checkin'), `the page called the points API: ${toPointsApi}`);

    await page.goto(`${ctx.stack.hostUrl}/admin/points/maintenance`);
    await main.getByText('Points maintenance is OFF').waitFor();
    await main.getByRole('switch', { name: 'Points programme in maintenance' }).click();
    await main.getByLabel('Message to players').fill('Ledger upgrade (e2e)');
    await main.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByRole('alertdialog', { name: 'Turn points maintenance on?' })
      .getByRole('button', { name: 'Turn points maintenance on' })
      .click();
    await main.getByText('Points maintenance is ON').waitFor();
    await assertAccessible(page, 'points/maintenance');

    await page.goto(`${ctx.stack.hostUrl}/admin/points-referral`);
    await main.getByLabel('Referee must reach').waitFor();
    await assertAccessible(page, 'points-referral');

    await page.goto(`${ctx.stack.hostUrl}/admin`);
    await page.getByRole('region', { name: 'Points maintenance' }).getByText('ON: the points programme is paused').waitFor();

    // Both changes are in the BFF's action log, by the signed-in admin.
    const logs = await page.evaluate(async (api) => {
      const token = JSON.parse(localStorage.getItem('admin-phoenix')).data.token;
      const response = await fetch(`${api}/action-logs?pageSize=10`, { headers: { token } });
      return (await response.json()).items.map((log) => `${log.action} ${log.adminEmail}`);
    }, ctx.stack.apiUrl);
    assert.ok(logs.includes('pointsMaintenance.enable admin@phoenix.local'), logs.join(', '));
    assert.ok(logs.includes('pointsDailyCheckin.update admin@phoenix.local'), logs.join(', '));
    await context.close();
  });
});
