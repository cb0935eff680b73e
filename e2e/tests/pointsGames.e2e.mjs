// The points games on the points API: a lootbox saved only at exactly 100.00% (the form says what
// is missing first), and the spin wheel's chances as the weights are typed. axe on both pages.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible } from '../support/axe.mjs';
import { signedInPage } from '../support/browser.mjs';
import { useConsole } from '../support/suite.mjs';

describe('points games: lootbox and spin wheel', () => {
  const ctx = useConsole();

  it('configures a lootbox to exactly 100% after seeing what is missing; the wheel shows each chance; axe clean', async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const main = page.getByRole('main');

    await page.goto(`${ctx.stack.hostUrl}/admin/points-lootbox`);
    await main.getByRole('heading', { name: 'Lootboxes' }).waitFor();
    await assertAccessible(page, 'points-lootbox');

    await page.goto(`${ctx.stack.hostUrl}/admin/points-lootbox?create=1`);
    await main.getByLabel('Name').fill('E2E box');
    await main.getByLabel('Price (points)').fill('250');
    await main.getByLabel('Reward 1 probability (basis points)').fill('6000');
    const total = main.getByRole('status').filter({ hasText: 'Total:' });
    await total.filter({ hasText: 'Total: 60.00%. 40.00% missing to reach 100.00%.' }).waitFor();

    // A second reward: an item from the BFF's catalogue, at what is missing.
    await main.getByRole('button', { name: 'Add a reward' }).click();
    await main.getByLabel('Reward 2 type').selectOption('item');
    await main.getByLabel('Reward 2 item ID').fill('1');
    await main.getByRole('status', { name: 'Reward 2 item' }).filter({ hasText: 'Coin' }).waitFor();
    assert.equal(await main.getByLabel('Reward 2 probability (basis points)').inputValue(), '4000');
    await total.filter({ hasText: 'Exactly 100.00%: ready to save.' }).waitFor();
    await assertAccessible(page, 'points-lootbox (form)');
    await main.getByRole('button', { name: 'Create lootbox' }).click();

    const row = main.getByRole('row', { name: /E2E box/ });
    await row.getByText('60.00%', { exact: false }).waitFor();
    await row.getByText('40.00%', { exact: false }).waitFor();

    await page.goto(`${ctx.stack.hostUrl}/admin/points-spin`);
    const weight1 = main.getByLabel('Segment 1 weight');
    await weight1.waitFor();
    await main.getByRole('status', { name: 'Segment 1 chance' }).filter({ hasText: '75.00%' }).waitFor();
    await weight1.fill('1');
    await main.getByRole('status', { name: 'Segment 1 chance' }).filter({ hasText: '50.00%' }).waitFor();
    await main.getByRole('button', { name: 'Save changes' }).click();
    await main.getByRole('region', { name: 'History' }).getByRole('button', { name: 'Restore version 1' }).waitFor();
    await assertAccessible(page, 'points-spin');

    const logs = await page.evaluate(async (api) => {
      const token = JSON.parse(localStorage.getItem('admin-phoenix')).data.token;
      const response = await fetch(`${api}/action-logs?pageSize=10`, { headers: { token } });
      return (await response.json()).items.map((log) => log.action);
    }, ctx.stack.apiUrl);
    assert.ok(logs.includes('pointsLootbox.create') && logs.includes('pointsSpin.update'), logs.join(', '));
    await context.close();
  });
});
