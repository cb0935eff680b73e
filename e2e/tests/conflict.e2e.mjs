import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formReady, useConsole } from '../support/suite.mjs';
import { signedInPage } from '../support/browser.mjs';

/** Opens the edit page of a seeded constant variable (the list's Edit link carries ?id=). */
async function openEdit(page, hostUrl, key) {
  await page.goto(`${hostUrl}/admin/constantVariables?q=${encodeURIComponent(key)}`);
  const main = page.getByRole('main');
  await main.getByRole('link', { name: `Edit ${key}` }).click();
  await page.waitForURL(/\/admin\/constantVariables\/edit\?id=\d+/);
  await formReady(main);
  await main.getByLabel('Value').waitFor();
  return main;
}

async function save(main) {
  await main.getByRole('button', { name: 'Save changes' }).click();
}

describe('two admins editing the same record', () => {
  const ctx = useConsole(18850);

  it('the second save gets the conflict notice: "Reload their version", then "Keep mine"', async () => {
    const first = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const second = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const firstMain = await openEdit(first.page, ctx.stack.hostUrl, 'battle.turnSeconds');
    const secondMain = await openEdit(second.page, ctx.stack.hostUrl, 'battle.turnSeconds');

    await firstMain.getByLabel('Value').fill('25');
    await save(firstMain);
    await first.page.waitForURL(/\/admin\/constantVariables(\?.*)?$/);

    await secondMain.getByLabel('Value').fill('40');
    await save(secondMain);
    const conflict = secondMain.getByRole('alert', { name: 'Edit conflict' });
    await conflict.waitFor();
    assert.match(await conflict.innerText(), /Someone else saved this constant variable/);
    assert.match(await conflict.innerText(), /battle\.turnSeconds \(number\) = 25/);
    await conflict.getByRole('button', { name: 'Reload their version' }).click();
    assert.equal(await secondMain.getByLabel('Value').inputValue(), '25');
    await conflict.waitFor({ state: 'detached' });

    // The first admin saves again; this time the second keeps their own value on purpose.
    const firstAgain = await openEdit(first.page, ctx.stack.hostUrl, 'battle.turnSeconds');
    await firstAgain.getByLabel('Value').fill('26');
    await save(firstAgain);
    await first.page.waitForURL(/\/admin\/constantVariables(\?.*)?$/);

    await secondMain.getByLabel('Value').fill('45');
    await save(secondMain);
    await conflict.waitFor();
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    assert.equal(await secondMain.getByLabel('Value').inputValue(), '45');
    await save(secondMain);
    await second.page.waitForURL(/\/admin\/constantVariables(\?.*)?$/);
    await second.page.getByRole('main').getByRole('cell', { name: '45', exact: true }).waitFor();

    await first.context.close();
    await second.context.close();
  });
});
