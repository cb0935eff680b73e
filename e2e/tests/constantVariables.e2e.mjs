import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formReady, openFromMenu, useConsole } from '../support/suite.mjs';

describe('constant variables', () => {
  const ctx = useConsole(18300);

  it('creates, edits and deletes a variable, and the action log shows each step', async () => {
    const { context, page, main } = await openFromMenu(ctx, 'ConstantVariable Management', /\/admin\/constantVariables/);

    // Create
    await main.getByRole('link', { name: /new constant variable/i }).click();
    await page.waitForURL(/\/admin\/constantVariables\/create/);
    await formReady(main);
    await main.getByLabel('Key').fill('e2e.maxPlayers');
    await main.getByLabel('Type').selectOption('number');
    await main.getByLabel('Value').fill('not a number');
    await main.getByRole('button', { name: 'Create constant variable' }).click();
    await main.getByText('Enter a number').waitFor(); // client-side validation, nothing lost
    assert.equal(await main.getByLabel('Key').inputValue(), 'e2e.maxPlayers');
    await main.getByLabel('Value').fill('64');
    await main.getByLabel('Description').fill('Players per match (e2e)');
    await main.getByRole('button', { name: 'Create constant variable' }).click();
    await page.waitForURL(/\/admin\/constantVariables(\?.*)?$/);
    await main.getByRole('cell', { name: 'e2e.maxPlayers', exact: true }).waitFor();

    // Search keeps its state in the URL
    await main.getByRole('searchbox').fill('e2e.');
    await main.getByRole('searchbox').press('Enter');
    await page.waitForURL(/q=e2e/);
    await page.reload();
    await main.getByRole('cell', { name: 'e2e.maxPlayers', exact: true }).waitFor();

    // Edit (the record goes in the query string)
    await main
      .getByRole('row', { name: /e2e\.maxPlayers/ })
      .getByRole('link', { name: /edit/i })
      .click();
    await page.waitForURL(/\/admin\/constantVariables\/edit\?id=\d+/);
    await formReady(main);
    await main.getByLabel('Value').fill('128');
    await main.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/\/admin\/constantVariables(\?.*)?$/);
    await main.getByRole('cell', { name: '128', exact: true }).waitFor();

    // Delete, with the confirm modal
    await main
      .getByRole('row', { name: /e2e\.maxPlayers/ })
      .getByRole('button', { name: /delete/i })
      .click();
    const dialog = page.getByRole('alertdialog');
    await dialog
      .getByText(/e2e\.maxPlayers/)
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await main.getByRole('cell', { name: 'e2e.maxPlayers', exact: true }).waitFor({ state: 'detached' });

    // The action log shows create, update and delete by this admin
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Action Log Management' }).click();
    await page.waitForURL(/\/admin\/logs/);
    for (const action of ['constantVariable.create', 'constantVariable.update', 'constantVariable.delete']) {
      await main.getByRole('cell', { name: action, exact: true }).first().waitFor();
    }
    await context.close();
  });
});
