import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { signedInPage } from '../support/browser.mjs';
import { assertAccessible } from '../support/axe.mjs';
import { openFromMenu, useConsole } from '../support/suite.mjs';

/** The first whole number in a text ("8 battles are ongoing" → 8, "1,234" → 1234). */
const numberIn = (text) => Number(/\d[\d,]*/.exec(text)[0].replace(/,/g, ''));

describe('battle remote', () => {
  const ctx = useConsole(19200);

  it('force-ends one battle with a reason and sees it in the detail', async () => {
    const { context, page, main } = await openFromMenu(ctx, 'Battle Management', /\/admin\/battle$/);
    await main.getByRole('row').nth(1).waitFor();
    await assertAccessible(page, 'battle list');
    await main.getByLabel('Status', { exact: true }).selectOption('ongoing');
    await page.waitForURL(/status=ongoing/);
    const first = main.getByRole('button', { name: /^View \/ end battle \d+$/ }).first();
    const id = numberIn(await first.getAttribute('aria-label'));
    await main
      .getByRole('row', { name: new RegExp(`#${id}\\b`) })
      .getByText('Ongoing')
      .waitFor();
    await first.click();
    const detail = page.getByRole('dialog', { name: `Battle #${id}` });
    await detail.getByRole('table', { name: 'Participants' }).waitFor();
    await assertAccessible(page, 'battle detail');
    await detail.getByLabel('Reason').fill('E2E: desync reported');
    await detail.getByRole('button', { name: 'Force end battle' }).click();
    await page
      .getByRole('alertdialog', { name: `Force end battle #${id}?` })
      .getByRole('button', { name: 'Force end battle' })
      .click();
    await detail.getByText('E2E: desync reported').waitFor();
    // The detail refetches after the change: wait for it rather than read the first render.
    await detail.locator('dl', { hasText: /Force-ended by\s*admin@phoenix\.local/ }).waitFor();
    assert.match(await detail.locator('dl').innerText(), /Force-ended by\s+admin@phoenix\.local/);
    // A reload keeps the detail open (?id=), with what was saved.
    await page.reload();
    await page
      .getByRole('dialog', { name: `Battle #${id}` })
      .getByText('E2E: desync reported')
      .waitFor();
    await context.close();
  });

  it('force-ends all ongoing battles after typing the count', async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    await page.goto(`${ctx.stack.hostUrl}/admin/battle/forceEnd`);
    const main = page.getByRole('main');
    const status = main.getByText(/battles? (is|are) ongoing/);
    await status.waitFor();
    await assertAccessible(page, 'battle/forceEnd');
    const count = numberIn(await status.innerText());
    assert.ok(count > 0, 'the local seed has ongoing battles');
    await main.getByRole('button', { name: /^Force end/ }).click();
    const dialog = page.getByRole('alertdialog', { name: /ongoing battles?\?$/ });
    await assertAccessible(page, 'battle/forceEnd confirm');
    const ok = dialog.getByRole('button', { name: /^End \d+ battles?$/ });
    assert.equal(await ok.isDisabled(), true);
    await dialog.getByLabel('Number of battles to end').fill(String(count));
    await ok.click();
    await main.getByText(new RegExp(`^${count} battles? (was|were) force-ended\\.$`)).waitFor();
    await main.getByRole('button', { name: 'No battle to end' }).waitFor();
    await context.close();
  });

  it('runs logout and battle force end and sees the run listed', async () => {
    const { context, page, main } = await openFromMenu(ctx, 'Logout & BattleForceEnd Management', /\/admin\/logoutAndBattleForceEnd$/);
    const facts = main.getByText('Players signed in (open sessions)').locator('xpath=..');
    await facts.waitFor();
    await main.getByRole('table', { name: 'Last runs' }).getByText('No run yet').waitFor();
    await assertAccessible(page, 'logoutAndBattleForceEnd');
    const sessions = numberIn(
      await main.getByText('Players signed in (open sessions)').locator('xpath=following-sibling::dd[1]').innerText(),
    );
    await main.getByRole('button', { name: 'Sign out every player and end every battle…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out every player and end every battle?' });
    await dialog.getByLabel('Number of open sessions').fill(String(sessions));
    await dialog.getByLabel('Reason').fill('E2E: incident drill');
    await dialog.getByRole('button', { name: 'Sign out all and end battles' }).click();
    await main.getByText('Every player was signed out.').waitFor();
    const run = main.getByRole('table', { name: 'Last runs' }).getByRole('row', { name: /E2E: incident drill/ });
    await run.waitFor();
    assert.match(await run.innerText(), /admin@phoenix\.local/);
    await context.close();
  });

  it('changes energy, sees the history and the difference, restores the earlier version', async () => {
    const { context, page, main } = await openFromMenu(ctx, 'Energy Management', /\/admin\/energy$/);
    const max = main.getByLabel('Max energy');
    await max.waitFor();
    await assertAccessible(page, 'energy');
    const before = await max.inputValue();
    const changed = String(Number(before) + 3);
    await max.fill(changed);
    await main.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved: players get the new values at their next sync.' }).waitFor();
    const history = main.getByRole('region', { name: 'History' });
    await history.getByRole('row', { name: /admin@phoenix\.local/ }).waitFor();
    const rows = history.getByRole('table', { name: 'History' }).getByRole('row');
    for (const i of [1, 2]) await rows.nth(i).getByRole('checkbox').check();
    const diff = main.getByRole('table', { name: /^Version 1 → version 2/ });
    await diff.waitFor();
    assert.match(await diff.getByRole('row', { name: /maxEnergy/ }).innerText(), new RegExp(`${before}[\\s\\S]*${changed}`));
    await assertAccessible(page, 'energy history diff');
    await history.getByRole('button', { name: 'Restore version 1' }).click();
    await page
      .getByRole('alertdialog', { name: 'Restore version 1 of the energy settings?' })
      .getByRole('button', { name: 'Restore' })
      .click();
    await page.getByText('Restored version 1 as version 3.').waitFor();
    await page.waitForFunction((value) => document.querySelector('input[name="maxEnergy"]')?.value === value, before);
    await history.getByText('Restored from version 1').waitFor();
    await context.close();
  });

  it('the other battle pages pass axe', async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    for (const [path, ready] of [
      ['doubleupSeasonHistory', 'Season 104'],
      ['health', 'Max health'],
      ['cooldown', 'Attack (seconds)'],
    ]) {
      await page.goto(`${ctx.stack.hostUrl}/admin/${path}`);
      await page.getByRole('main').getByText(ready, { exact: true }).first().waitFor();
      await assertAccessible(page, path);
    }
    await context.close();
  });
});
