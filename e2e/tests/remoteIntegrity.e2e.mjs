// A remote pinned to its release's bytes (runtime config remotes.<name>.integrity, the sha-384 that
// scripts/release.mjs records): the console runs those bytes, and when the static server sends a
// tampered entry instead (one byte changed), the browser refuses it, the remote's own pages say so, and
// other remotes keep working. The stack serves each remote's dist/ (e2e/support/stack.mjs).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { entryIntegrity } from '../../scripts/lib/releases.mjs';
import { repoRoot } from '../../scripts/lib/pnpm.mjs';
import { assertAccessible } from '../support/axe.mjs';
import { launchBrowser, signedInPage } from '../support/browser.mjs';
import { startStack } from '../support/stack.mjs';
import { remotePageLoaded } from '../support/suite.mjs';

const REFUSED = "This module's files do not match its release";

/** A copy of a remote's files whose entry differs by one byte (in its first comment: still valid JavaScript that would run). */
function tamperedCopy(dist) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-e2e-tampered-'));
  fs.cpSync(dist, dir, { recursive: true });
  const entry = path.join(dir, 'remoteEntry.js');
  const text = fs.readFileSync(entry, 'utf8');
  assert.ok(text.startsWith('//# allFunctionsCalledOnLoad'), 'the entry starts with the comment this test alters');
  fs.writeFileSync(entry, text.replace('OnLoad', 'OnLoaD'));
  // The server prefers precompressed twins: they would still hold the released bytes.
  for (const twin of ['remoteEntry.js.br', 'remoteEntry.js.gz']) fs.rmSync(path.join(dir, twin), { force: true });
  return dir;
}

describe('a remote pinned to its release bytes', () => {
  const dist = path.join(repoRoot, 'remotes/battle/dist');
  let stack;
  let browser;
  let tampered;
  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
    if (tampered) fs.rmSync(tampered, { recursive: true, force: true });
  });

  const openFromMenu = (page, label) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();

  it('runs the pinned bytes, and refuses a tampered entry on its own pages only, saying so', async () => {
    const { integrity } = entryIntegrity(dist); // what the release of this build records
    stack.config.remotes.battle.integrity = integrity;

    // The pinned bytes: the page works, its entry was fetched under the pin (the hint carries it too).
    let { context, page } = await signedInPage(browser, stack.hostUrl);
    let main = page.getByRole('main');
    await openFromMenu(page, 'Battle Management');
    await remotePageLoaded(main);
    await main.getByRole('heading', { name: /battle management/i }).waitFor();
    assert.equal(await page.evaluate(() => typeof window.battle?.get), 'function');
    const hinted = await page.evaluate(() =>
      [...document.querySelectorAll('link[href$="/remoteEntry.js"][integrity]')].map((l) => l.integrity),
    );
    assert.deepEqual(hinted, [integrity]);
    await context.close();

    // The static server now sends one changed byte: a fresh browser context (no cached copy) refuses it.
    tampered = tamperedCopy(dist);
    await stack.stopRemote('battle');
    await stack.startRemote('battle', { dir: tampered });
    ({ context, page } = await signedInPage(browser, stack.hostUrl));
    main = page.getByRole('main');
    const errors = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await openFromMenu(page, 'Battle Management');
    const panel = main.getByRole('alert').filter({ hasText: REFUSED });
    await panel.waitFor({ timeout: 20_000 });
    assert.match(await panel.textContent(), /are not the release this environment pins/);
    assert.match(await panel.textContent(), new RegExp(`pinned ${integrity.replace(/[+/]/g, '\\$&')}`));
    assert.equal(await main.getByText('This page could not be loaded').count(), 0);
    // Never run (a run entry defines its container), refused by the browser, reported by the host.
    assert.equal(await page.evaluate(() => typeof window.battle?.get), 'undefined', 'the tampered entry was not run');
    assert.ok(
      errors.some((text) => /integrity/i.test(text) && text.includes('remoteEntry.js')),
      `the browser's refusal: ${errors.join('\n')}`,
    );
    assert.ok(
      errors.some((text) => text.startsWith('Remote refused: battle')),
      `the host's report: ${errors.join('\n')}`,
    );
    await assertAccessible(page, 'the refused remote page');
    await page.getByRole('banner').waitFor();

    // Another remote keeps working.
    await openFromMenu(page, 'ConstantVariable Management');
    await remotePageLoaded(main);
    await main
      .getByRole('heading', { name: /constant/i })
      .first()
      .waitFor();
    assert.equal(await main.getByText(REFUSED).count(), 0);

    // Still refused when coming back to it.
    await openFromMenu(page, 'Battle Management');
    await main.getByRole('alert').filter({ hasText: REFUSED }).waitFor({ timeout: 20_000 });
    await context.close();
  });
});
