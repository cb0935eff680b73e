// Points tasks and the points ledger on the points API: a task created from its form, and a
// manual adjustment whose request is replayed (a lost answer, then the same request again) applying once.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible } from '../support/axe.mjs';
import { signedInPage } from '../support/browser.mjs';
import { useConsole } from '../support/suite.mjs';

describe('point accounts: ledger (and a points task)', () => {
  const ctx = useConsole();

  it('creates a task; an adjustment replayed with its idempotency key applies once; axe clean', async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const main = page.getByRole('main');

    await page.goto(`${ctx.stack.hostUrl}/admin/points/tasks?create=1`);
    await main.getByLabel('Title', { exact: false }).fill('Follow Phoenix (e2e)');
    await main.getByLabel('Reward (points)', { exact: false }).fill('30');
    await main.getByLabel('Ends', { exact: false }).fill('2099-01-01T10:00');
    await assertAccessible(page, 'points/tasks create');
    await main.getByRole('button', { name: 'Create task' }).click();
    const row = main.getByRole('row').filter({ hasText: 'Follow Phoenix (e2e)' });
    await row.getByText('Active').waitFor();
    await assertAccessible(page, 'points/tasks');

    // The first answer is lost on the way back: the change is applied, the page does not know.
    const keys = [];
    let lose = true;
    await page.route(`${ctx.stack.pointsApiUrl}/point-accounts/3/adjustments`, async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      const response = await route.fetch();
      if (lose) {
        lose = false;
        return route.abort('connectionreset');
      }
      return route.fulfill({ response });
    });
    await page.goto(`${ctx.stack.hostUrl}/admin/points/users?id=3`);
    const dialog = page.getByRole('dialog');
    const ledger = dialog.getByRole('table', { name: 'Ledger' });
    await ledger.waitFor();
    await dialog.getByLabel('Amount (points)', { exact: false }).fill('40');
    await dialog.getByLabel('Reason', { exact: true }).fill('Support ticket e2e');
    await dialog.getByRole('button', { name: 'Apply adjustment' }).click();
    await dialog.getByText(/^Not confirmed: the adjustment may already be applied/).waitFor();
    await dialog.getByRole('button', { name: 'Apply adjustment' }).click();
    await page.getByText(/^Adjusted player 3/).waitFor();
    assert.equal(keys.length, 2);
    assert.equal(keys[1], keys[0], 'the retry sent the same idempotency key');

    // The same request once more, straight to the API: answered with the first entry (200, replayed).
    const replay = await page.evaluate(
      async ({ api, key }) => {
        const token = JSON.parse(localStorage.getItem('admin-phoenix')).data.token;
        const response = await fetch(`${api}/point-accounts/3/adjustments`, {
          method: 'POST',
          headers: { token, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({ amount: 40, reason: 'Support ticket e2e' }),
        });
        return { status: response.status, body: await response.json() };
      },
      { api: ctx.stack.pointsApiUrl, key: keys[0] },
    );
    assert.equal(replay.status, 200);
    assert.equal(replay.body.replayed, true);

    await page.goto(`${ctx.stack.hostUrl}/admin/points/users?id=3`);
    await ledger.waitFor();
    await ledger.getByText('Support ticket e2e').first().waitFor();
    assert.equal(await ledger.getByText('Support ticket e2e').count(), 1, 'one ledger entry');
    await assertAccessible(page, 'points/users ledger');

    await page.goto(`${ctx.stack.hostUrl}/admin/points/users`);
    await main.getByRole('button', { name: 'Open the ledger of player 3', exact: true }).waitFor();
    await assertAccessible(page, 'points/users');
    await context.close();
  });
});
