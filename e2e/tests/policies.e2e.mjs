import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible } from '../support/axe.mjs';
import { formReady, localInput, openFromMenu, useConsole } from '../support/suite.mjs';

describe('policies and player restrictions', () => {
  const ctx = useConsole(19300);

  it('restricts an API for a player with an end time; the effective list shows it with its source', async () => {
    const { context, page, main } = await openFromMenu(ctx, 'Policy Management', /\/admin\/policies$/);
    await page.goto(`${ctx.stack.hostUrl}/admin/user/restrictApis?id=42`);
    await main.getByRole('heading', { name: /Restricted APIs of .+ \(42\)/ }).waitFor();
    await assertAccessible(page, 'user/restrictApis');
    await main.getByRole('combobox', { name: /^API/ }).selectOption({ label: 'Rename (profile.rename)' });
    await main.getByLabel('Ends').fill(localInput(48));
    await main.getByRole('button', { name: 'Restrict API' }).click();
    await page.getByRole('status').filter({ hasText: 'The API is restricted' }).waitFor();
    const effective = main.getByRole('table', { name: 'Effective restrictions' });
    const row = effective.getByRole('row', { name: /profile\.rename/ });
    await row.waitFor();
    assert.match(await row.innerText(), /Direct/);
    assert.doesNotMatch(await row.innerText(), /Until lifted/);
    await context.close();
  });

  it('creates a policy, adds 1,000 members by paste (unknown ids reported), removes some', async () => {
    const { context, page, main } = await openFromMenu(ctx, 'Policy Management', /\/admin\/policies$/);
    await main.getByRole('cell', { name: 'Trade freeze', exact: true }).waitFor();
    await assertAccessible(page, 'policies');
    await main.getByRole('link', { name: /new policy/i }).click();
    await page.waitForURL(/\/admin\/policies\/create/);
    await formReady(main);
    await assertAccessible(page, 'policies/create');
    await main.getByLabel('Name').fill('E2E quarantine');
    await main.getByLabel('Description').fill('Made by the end-to-end test');
    await main.getByRole('button', { name: 'Create policy' }).click();
    await main.getByRole('cell', { name: 'E2E quarantine', exact: true }).waitFor();

    // Its APIs.
    await main.getByRole('link', { name: 'Restricted APIs of E2E quarantine' }).click();
    await main.getByRole('heading', { name: 'Restricted APIs of E2E quarantine' }).waitFor();
    await assertAccessible(page, 'policies/restrictApis');
    await main.getByRole('checkbox', { name: /Send chat message/ }).check();
    await main.getByRole('button', { name: 'Save APIs' }).click();
    await page.getByRole('status').filter({ hasText: 'The APIs of E2E quarantine are saved' }).waitFor();

    // 1,000 members by paste, plus three ids that are not players.
    await page.goto(page.url().replace('restrictApis', 'users_in_policy'));
    await main.getByRole('heading', { name: 'Users in E2E quarantine' }).waitFor();
    await main.getByRole('button', { name: 'Add players' }).click();
    const bulk = page.getByRole('dialog', { name: 'Add players to E2E quarantine' });
    const ids = [...Array.from({ length: 1000 }, (_, i) => String(1001 + i)), '7000001', '7000002', '7000003'];
    await bulk.getByLabel('Player ids').fill(ids.join('\n'));
    await bulk.getByRole('button', { name: 'Check ids' }).click();
    const unknown = bulk.getByRole('list', { name: 'Unknown ids' });
    await unknown.getByText('7000003').waitFor();
    assert.equal(await unknown.getByRole('listitem').count(), 3);
    await bulk.getByText(/^1,?000 players will be added\.$/).waitFor();
    await assertAccessible(page, 'addBulkUsers');
    await bulk.getByRole('button', { name: 'Add to policy' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /1,?000 players added to E2E quarantine/ })
      .waitFor();
    await main.getByText(/^1,?000 members\./).waitFor();
    await assertAccessible(page, 'policies/users_in_policy');

    // Remove two selected members.
    await main.getByRole('checkbox', { name: 'Select row 2000' }).check();
    await main.getByRole('checkbox', { name: 'Select row 1999' }).check();
    await main.getByRole('button', { name: 'Remove 2 members' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('status').filter({ hasText: '2 members removed from E2E quarantine' }).waitFor();
    await main.getByText(/^998 members\./).waitFor();

    // The list shows the new count.
    await page.goto(`${ctx.stack.hostUrl}/admin/policies?q=E2E`);
    await main
      .getByRole('row', { name: /E2E quarantine/ })
      .getByRole('cell', { name: '998', exact: true })
      .waitFor();
    await context.close();
  });
});
