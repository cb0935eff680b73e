// Change control in an environment set to "confirm": every global operation asks a
// typed confirmation naming its scope; a form with its own confirm asks it there, once.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, signedInPage } from '../support/browser.mjs';
import { assertAccessible } from '../support/axe.mjs';
import { formReady, useConsole } from '../support/suite.mjs';

/** Titles of every dialog opened in the page from now on, in order (a double confirm shows as two). */
async function watchDialogs(page) {
  await page.evaluate(() => {
    window.__dialogs = [];
    const seen = new WeakSet();
    const record = () => {
      for (const d of document.querySelectorAll('[role="dialog"], [role="alertdialog"]')) {
        if (seen.has(d)) continue;
        seen.add(d);
        const id = d.getAttribute('aria-labelledby');
        window.__dialogs.push((id && document.getElementById(id)?.textContent) || d.getAttribute('aria-label') || '?');
      }
    };
    new MutationObserver(record).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => window.__dialogs);
}

describe('change control (CHANGE_CONTROL=confirm)', () => {
  const ctx = useConsole(0, { bffEnv: { CHANGE_CONTROL: 'confirm' } });
  let token;
  const api = async (method, path, body, headers = {}) => {
    const response = await fetch(`${ctx.stack.apiUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), token, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  before(async () => {
    ({ token } = (await api('POST', '/users/login', ADMIN)).body);
  });

  it('a constant variable save asks "constant variable <id>" typed, and changes nothing until it is', async () => {
    // The API itself: without the typed scope, 428 naming it; with it, done.
    const key = 'e2e.confirmMode';
    const refused = await api('POST', '/constant-variables', { key, type: 'number', value: '1', description: '' });
    assert.equal(refused.status, 428);
    assert.equal(refused.body.error.code, 'confirmation_required');
    assert.equal(refused.body.error.current.scope, `new constant variable ${key}`);
    const created = await api(
      'POST',
      '/constant-variables',
      { key, type: 'number', value: '1', description: '' },
      { 'x-confirm-scope': `new constant variable ${key}` },
    );
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { id } = created.body;
    const value = async () => (await api('GET', `/constant-variables/${id}`)).body.value;

    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const main = page.getByRole('main');
    await page.goto(`${ctx.stack.hostUrl}/admin/constantVariables/edit?id=${id}`);
    await formReady(main);
    await main.getByLabel('Value').fill('2');
    await main.getByRole('button', { name: 'Save changes' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Confirm a change to constant variable ${id}` });
    await dialog.waitFor();
    await assertAccessible(page, 'confirm: typed scope dialog');
    const typed = dialog.getByLabel(`Type "constant variable ${id}" to confirm`);
    await typed.fill('constant variable');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText(`Type exactly "constant variable ${id}"`).waitFor();
    assert.equal(await value(), '1', 'nothing saved before the scope is typed');
    await typed.fill(`constant variable ${id}`);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/admin\/constantVariables(\?.*)?$/);
    assert.equal(await value(), '2');

    // Its delete has a confirm of its own: the scope is typed there, once.
    await page.goto(`${ctx.stack.hostUrl}/admin/constantVariables?q=${key}`);
    await main.getByRole('cell', { name: key, exact: true }).waitFor();
    const dialogs = await watchDialogs(page);
    await main
      .getByRole('row', { name: new RegExp(key.replace('.', '\\.')) })
      .getByRole('button', { name: /delete/i })
      .click();
    const remove = page.getByRole('alertdialog');
    await remove.getByLabel(`Type "constant variable ${id}" to confirm`).fill(`constant variable ${id}`);
    await remove.getByRole('button', { name: 'Delete' }).click();
    await main.getByRole('cell', { name: key, exact: true }).waitFor({ state: 'detached' });
    const titles = await dialogs();
    assert.equal(titles.length, 1, `one dialog, not two: ${titles.join(' | ')}`);
    assert.equal((await api('GET', `/constant-variables/${id}`)).status, 404);
    await context.close();
  });

  it('force end all battles asks once: the count and "all battles" typed in its own dialog', async () => {
    const ongoing = async () => (await api('GET', '/battle-force-end')).body.ongoing;
    const count = await ongoing();
    assert.ok(count > 0, 'the local seed has ongoing battles');
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const main = page.getByRole('main');
    await page.goto(`${ctx.stack.hostUrl}/admin/battle/forceEnd`);
    await main.getByText(/battles? (is|are) ongoing/).waitFor();
    const dialogs = await watchDialogs(page);
    await main.getByRole('button', { name: /^Force end/ }).click();
    const dialog = page.getByRole('alertdialog', { name: /ongoing battles?\?$/ });
    await dialog.getByLabel('Number of battles to end').fill(String(count));
    const ok = dialog.getByRole('button', { name: /^End \d+ battles?$/ });
    const scope = dialog.getByLabel('Type "all battles" to confirm');
    await scope.fill('all battle');
    assert.equal(await ok.isDisabled(), true, 'OK waits for the scope typed exactly');
    await assertAccessible(page, 'confirm: force end dialog with its scope');
    await scope.fill('all battles');
    await ok.click();
    await main.getByText(new RegExp(`^${count} battles? (was|were) force-ended\\.$`)).waitFor();
    assert.deepEqual(await dialogs(), [`Force end all ${count} ongoing battles?`], 'one dialog, not two');
    assert.equal(await ongoing(), 0);
    await context.close();
  });

  it('a flag switch asks once: its own confirm with "flag <id>" typed', async () => {
    const flags = (await api('GET', '/active-flags?pageSize=100')).body.items;
    const flag = flags.find((f) => f.key === 'battle.double-up');
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const main = page.getByRole('main');
    await page.goto(`${ctx.stack.hostUrl}/admin/activeFlag`);
    const flagSwitch = main.getByRole('switch', { name: 'battle.double-up' });
    await flagSwitch.waitFor();
    const dialogs = await watchDialogs(page);
    await flagSwitch.click();
    const verb = flag.enabled ? 'Turn off' : 'Turn on';
    const dialog = page.getByRole('alertdialog', { name: `${verb} battle.double-up?` });
    await dialog.getByLabel(`Type "flag ${flag.id}" to confirm`).fill(`flag ${flag.id}`);
    await assertAccessible(page, 'confirm: flag switch with its scope');
    await dialog.getByRole('button', { name: verb }).click();
    await page.waitForFunction(
      (on) => document.querySelector('[role="switch"][aria-label="battle.double-up"]')?.getAttribute('aria-checked') === on,
      String(!flag.enabled),
    );
    assert.deepEqual(await dialogs(), [`${verb} battle.double-up?`], 'one dialog, not two');
    assert.equal((await api('GET', `/active-flags/${flag.id}`)).body.enabled, !flag.enabled);
    await context.close();
  });
});
