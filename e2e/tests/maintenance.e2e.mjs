import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openFromMenu, useConsole } from '../support/suite.mjs';

describe('maintenance status', () => {
  const ctx = useConsole(18800);

  it('adds allowed players, turns maintenance on (dashboard shows ON) and off, each step in the action log', async () => {
    const { context, page, main } = await openFromMenu(ctx, 'Maintenance Status', /\/admin\/maintenance$/);
    await main.getByRole('heading', { name: /Maintenance is OFF/ }).waitFor();

    // Allowed players: a pasted list with a bad line and an unknown id, both listed before confirming.
    await main.getByRole('button', { name: 'Add players' }).click();
    const bulk = page.getByRole('dialog', { name: 'Add allowed players' });
    await bulk.getByLabel('Player ids').fill('user_id\n1\n2\nnot-an-id\n999999\n3');
    await bulk.getByRole('button', { name: 'Check ids' }).click();
    await bulk.getByRole('list', { name: 'Unknown ids' }).getByText('999999').waitFor();
    assert.match(await bulk.getByRole('list', { name: 'Invalid entries' }).innerText(), /Line 4: not-an-id/);
    await bulk.getByText('3 players will be added.').waitFor();
    await bulk.getByRole('button', { name: 'Add players' }).click();
    const ids = main.getByRole('list', { name: 'Allowed player ids' });
    assert.equal(await ids.getByRole('listitem').count(), 3);
    await main.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved the maintenance settings.' }).waitFor();

    // On, after a confirm that names the effect.
    await main.getByLabel('Message to players').fill('Patch 2.1 rollout (e2e)');
    await main.getByRole('button', { name: 'Turn maintenance on' }).click();
    const confirmOn = page.getByRole('alertdialog', { name: 'Turn maintenance on?' });
    assert.match(
      await confirmOn.innerText(),
      /All players except 3 allowed players will be disconnected and kept out until maintenance is turned off\./,
    );
    await confirmOn.getByRole('button', { name: 'Turn maintenance on' }).click();
    await main.getByRole('heading', { name: /Maintenance is ON/ }).waitFor();

    // The dashboard at /admin shows it.
    await page.goto(`${ctx.stack.hostUrl}/admin`);
    await page.getByRole('region', { name: 'Game maintenance' }).getByText('ON: players are kept out').waitFor();
    await page.getByRole('link', { name: 'Open the maintenance status' }).click();
    await page.waitForURL(/\/admin\/maintenance$/);

    // Off again: a reload shows what was saved.
    await page.reload();
    await main.getByRole('heading', { name: /Maintenance is ON/ }).waitFor();
    assert.equal(await main.getByLabel('Message to players').inputValue(), 'Patch 2.1 rollout (e2e)');
    await main.getByRole('button', { name: 'Turn maintenance off' }).click();
    const confirmOff = page.getByRole('dialog', { name: 'Turn maintenance off?' });
    assert.match(await confirmOff.innerText(), /Players can sign in again\./);
    await confirmOff.getByRole('button', { name: 'Turn maintenance off' }).click();
    await main.getByRole('heading', { name: /Maintenance is OFF/ }).waitFor();

    // The action log has each step; its detail shows the switch as a diff.
    await page.goto(`${ctx.stack.hostUrl}/admin/logs?action=maintenance`);
    for (const action of ['maintenance.update', 'maintenance.enable', 'maintenance.disable']) {
      await main.getByRole('cell', { name: action, exact: true }).first().waitFor();
    }
    await main
      .getByRole('row', { name: /maintenance\.disable/ })
      .getByRole('button', { name: /View log entry/ })
      .click();
    await page.waitForURL(/[?&]id=\d+/);
    await page.reload();
    const detail = page.getByRole('dialog', { name: /Action log entry #\d+/ });
    const changes = detail.getByRole('table', { name: /Before → after/ });
    assert.match(await changes.getByRole('row', { name: /^enabled/ }).innerText(), /Changed\s+true\s+false/);
    await context.close();
  });
});
