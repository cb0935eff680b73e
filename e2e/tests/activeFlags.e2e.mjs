import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formReady, openFromMenu, useConsole } from '../support/suite.mjs';

describe('active flags', () => {
  const ctx = useConsole(18820);

  it('creates a flag, switches it with a confirm without a reload, and deletes it', async () => {
    const { context, page, main } = await openFromMenu(ctx, 'Active Flag Management', /\/admin\/activeFlag/);
    await main.getByRole('switch', { name: 'battle.double-up' }).waitFor();

    // Create (?create=1: a reload reopens the form); the key format is checked on the client.
    await main.getByRole('link', { name: 'New flag' }).first().click();
    await page.waitForURL(/\/admin\/activeFlag\?create=1/);
    await formReady(main);
    await page.reload();
    await main.getByLabel('Key').fill('E2E Mode');
    await main.getByRole('button', { name: 'Create flag' }).click();
    await main.getByText('Some fields are invalid').waitFor();
    await main.getByLabel('Key').fill('battle.double-up');
    await main.getByRole('button', { name: 'Create flag' }).click();
    await main.getByText('This key already exists').waitFor(); // the server's answer, on the field
    await main.getByLabel('Key').fill('e2e.new-mode');
    await main.getByLabel('Description').fill('A flag made by the e2e test');
    await main.getByRole('button', { name: 'Create flag' }).click();
    await page.waitForURL(/\/admin\/activeFlag$/);
    const flagSwitch = main.getByRole('switch', { name: 'e2e.new-mode' });
    await flagSwitch.waitFor();
    assert.equal(await flagSwitch.getAttribute('aria-checked'), 'false');

    // Switch on: one click and a confirm; the row updates in place.
    await page.evaluate(() => (window.__sameDocument = true));
    await flagSwitch.click();
    const confirm = page.getByRole('alertdialog', { name: 'Turn on e2e.new-mode?' });
    assert.match(await confirm.innerText(), /The game reads flags at its next refresh\./);
    await confirm.getByRole('button', { name: 'Turn on' }).click();
    await page.waitForFunction(
      () => document.querySelector('[role="switch"][aria-label="e2e.new-mode"]')?.getAttribute('aria-checked') === 'true',
    );
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the page was not reloaded');
    await page.reload();
    assert.equal(await main.getByRole('switch', { name: 'e2e.new-mode' }).getAttribute('aria-checked'), 'true');

    // Delete, with a confirm.
    await main.getByRole('button', { name: 'Delete e2e.new-mode' }).click();
    await page.getByRole('alertdialog', { name: 'Delete flag e2e.new-mode?' }).getByRole('button', { name: 'Delete' }).click();
    await main.getByRole('switch', { name: 'e2e.new-mode' }).waitFor({ state: 'detached' });
    await context.close();
  });
});
