import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startStack } from '../support/stack.mjs';
import { launchBrowser, signedInPage } from '../support/browser.mjs';
import { remotePageLoaded } from '../support/suite.mjs';

describe('a remote that cannot be loaded', () => {
  let stack;
  let browser;
  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('breaks only its own pages, and Retry recovers once its server is back', async () => {
    await stack.stopRemote('battle');
    const { context, page } = await signedInPage(browser, stack.hostUrl);
    const main = page.getByRole('main');
    // The console runs under the static server's Content-Security-Policy: nothing it loads is refused.
    const refused = [];
    page.on('console', (message) => /Content Security Policy/i.test(message.text()) && refused.push(message.text()));
    await page.reload();
    await page.getByRole('banner').waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Battle Management' }).click();
    await main.getByText('This page could not be loaded').waitFor({ timeout: 20_000 });
    await page.getByRole('banner').waitFor();

    // Another remote keeps working.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'ConstantVariable Management' }).click();
    await main
      .getByRole('heading', { name: /constant/i })
      .first()
      .waitFor();
    assert.equal(await main.getByText('This page could not be loaded').count(), 0);

    // Still down when coming back to it.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Battle Management' }).click();
    await main.getByText('This page could not be loaded').waitFor();

    // The squad redeploys: Retry loads it without reloading the console.
    await stack.startRemote('battle');
    await main.getByRole('button', { name: 'Retry' }).click();
    await main.getByRole('heading', { name: /battle management/i }).waitFor({ timeout: 20_000 });
    assert.deepEqual(refused, []);

    // A reload revalidates the remote's entry (no-cache + ETag) and gets a 304: no download again.
    const entries = [];
    page.on('response', (response) => response.url().endsWith('/remoteEntry.js') && entries.push(response.status()));
    await page.reload();
    await remotePageLoaded(main); // its heading alone may be the host's placeholder, painted before the entry is in
    await main.getByRole('heading', { name: /battle management/i }).waitFor();
    // (The host may also revalidate other remotes' entries it preloads when idle: all of them 304.)
    assert.ok(entries.length >= 1 && entries.every((status) => status === 304), `remote entries on reload: ${entries}`);
    await context.close();
  });
});
