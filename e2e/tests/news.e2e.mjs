import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formReady, localInput, useConsole } from '../support/suite.mjs';
import { signedInPage } from '../support/browser.mjs';

const SCRIPT = '<script>window.__pwned=1</script>';
const IMG = '<img src=x onerror="window.__pwned=1">';

describe('news (route information)', () => {
  const ctx = useConsole(18700);

  it('creates (with a safe live preview), lists, edits and deletes a news item', async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const main = page.getByRole('main');
    const pwned = () => page.evaluate(() => window.__pwned);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Information Management' }).click();
    await page.waitForURL(/\/admin\/information$/);
    await main.getByRole('row', { name: /Welcome to the Ember Season/ }).waitFor(); // seeded

    // Create: the preview renders markdown, and the HTML in the body only as text.
    await main.getByRole('link', { name: 'New news item' }).click();
    await page.waitForURL(/\/admin\/information\?create=1$/);
    await formReady(main);
    await main.getByLabel('Title').fill('E2E patch notes');
    await main.getByLabel('Body').fill(`## What changed\n\n${SCRIPT}\n\n${IMG}`);
    await main.getByLabel('Category').selectOption('update');
    const preview = main.getByRole('region', { name: 'Preview' });
    await preview.getByRole('heading', { name: 'What changed' }).waitFor();
    await preview.getByText(SCRIPT).waitFor();
    await preview.getByText(IMG).waitFor();
    assert.equal(await preview.locator('img, script').count(), 0);
    assert.equal(await pwned(), undefined);

    // A reload keeps the create form (the sub-view is in the URL).
    await page.reload();
    await main.getByLabel('Title').waitFor();
    await main.getByLabel('Title').fill('E2E patch notes');
    await main.getByLabel('Body').fill(`## What changed\n\n${SCRIPT}\n\n${IMG}`);
    await main.getByLabel('Category').selectOption('update');

    // The publish window is checked on the client.
    await main.getByLabel('Publish start').fill(localInput(24));
    await main.getByLabel('Publish end').fill(localInput(12));
    await main.getByRole('button', { name: 'Create news item' }).click();
    await main.getByText('Publish end must be after publish start').waitFor();
    await main.getByLabel('Publish end').fill(localInput(192));
    await main.getByRole('button', { name: 'Create news item' }).click();
    await page.waitForURL(/\/admin\/information$/);

    // The list: scheduled, with the body excerpt as literal text.
    const row = main.getByRole('row', { name: /E2E patch notes/ });
    await row.getByText('Scheduled').waitFor();
    await row.getByText(SCRIPT).waitFor();
    assert.equal(await main.locator('table img, table script').count(), 0);
    assert.equal(await pwned(), undefined);

    // Filters live in the URL and survive a reload.
    await main.getByLabel('Status').selectOption('scheduled');
    await page.waitForURL(/status=scheduled/);
    await page.reload();
    await row.waitFor();
    assert.equal(await main.getByRole('row', { name: /Welcome to the Ember Season/ }).count(), 0);

    // Edit: a shared link (?edit=<id>) opens the form; saving goes back to the same filtered list.
    await row.getByRole('link', { name: /edit/i }).click();
    await page.waitForURL(/\/admin\/information\?status=scheduled&edit=\d+$/);
    await formReady(main);
    await page.reload();
    await main.getByLabel('Title').fill('E2E patch notes v2');
    await main.getByLabel('Pinned').check();
    await main.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/\/admin\/information\?status=scheduled$/);
    const edited = main.getByRole('row', { name: /E2E patch notes v2/ });
    await edited.getByText('Pinned').waitFor();
    assert.equal(await pwned(), undefined);

    // Delete, after a confirm that names the title.
    await edited.getByRole('button', { name: /delete/i }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete news item "E2E patch notes v2"?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await edited.waitFor({ state: 'detached' });
    await page.getByText('Deleted "E2E patch notes v2".').waitFor();
    await context.close();
  });
});
