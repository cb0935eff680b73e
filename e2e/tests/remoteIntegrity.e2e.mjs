// A remote pinned to its release's bytes (runtime config remotes.<name>.integrity, the sha-384 that
// scripts/release.mjs records): the console runs those bytes, and when the static server sends a
// tampered entry instead (one byte changed), the browser refuses it, the remote's own pages say so, and
// other remotes keep working. The pinned entry holds its chunks' digests (shared/build), so a changed
// chunk behind an intact entry is refused too. The stack serves each remote's dist/ (e2e/support/stack.mjs).
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

/** A copy of a remote's files where each named chunk gains code that would say it ran (`window.phoenixTampered`). */
function chunksTamperedCopy(dist, files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-e2e-tampered-chunks-'));
  fs.cpSync(dist, dir, { recursive: true });
  for (const file of files) {
    const chunk = path.join(dir, file);
    const [hint, ...rest] = fs.readFileSync(chunk, 'utf8').split('\n');
    fs.writeFileSync(chunk, [hint, `window.phoenixTampered = ${JSON.stringify(file)};`, ...rest].join('\n'));
    for (const twin of ['.br', '.gz']) fs.rmSync(chunk + twin, { force: true });
  }
  return dir;
}

/** The `./pages` expose's own chunks (sync) and its pages' lazy chunks (async), as the manifest lists them. */
function pagesChunks(dist) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
  const { js } = manifest.exposes.find((expose) => expose.path === './pages').assets;
  assert.ok(js.sync.length >= 1 && js.async.length >= 1, `./pages chunks: ${JSON.stringify(js)}`);
  return js;
}

describe('a remote pinned to its release bytes', () => {
  const dist = path.join(repoRoot, 'remotes/battle/dist');
  let stack;
  let browser;
  let tampered;
  const copies = [];
  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
    if (tampered) fs.rmSync(tampered, { recursive: true, force: true });
    for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
  });

  const openFromMenu = (page, label) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();

  /** battle served from `dir`; a fresh signed-in context (no cached copy) opens its page and waits for the refusal panel. */
  async function refusedFrom(dir) {
    await stack.stopRemote('battle');
    await stack.startRemote('battle', { dir });
    const { context, page } = await signedInPage(browser, stack.hostUrl);
    const main = page.getByRole('main');
    const errors = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await openFromMenu(page, 'Battle Management');
    const panel = main.getByRole('alert').filter({ hasText: REFUSED });
    await panel.waitFor({ timeout: 20_000 });
    return { context, page, main, errors, text: await panel.textContent() };
  }

  /** Another remote keeps working beside the refused one. */
  async function otherRemoteWorks(page, main) {
    await openFromMenu(page, 'ConstantVariable Management');
    await remotePageLoaded(main);
    await main
      .getByRole('heading', { name: /constant/i })
      .first()
      .waitFor();
    assert.equal(await main.getByText(REFUSED).count(), 0);
  }

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
    // Its hints carry the pin: the preload, and an idle-time prefetch when the console idled before the click.
    const hinted = await page.evaluate(
      (href) => [...document.querySelectorAll(`link[href="${href}"]`)].map((l) => `${l.rel} ${l.integrity} ${l.crossOrigin}`),
      new URL('remoteEntry.js', stack.config.remotes.battle.entry).href,
    );
    assert.ok(hinted.includes(`preload ${integrity} anonymous`), hinted.join('\n'));
    assert.ok(
      hinted.every((hint) => hint.endsWith(` ${integrity} anonymous`)),
      hinted.join('\n'),
    );
    await context.close();

    // The static server now sends one changed byte: a fresh browser context (no cached copy) refuses it.
    tampered = tamperedCopy(dist);
    let errors, text;
    ({ context, page, main, errors, text } = await refusedFrom(tampered));
    assert.match(text, /are not the release this environment pins/);
    assert.match(text, new RegExp(`pinned ${integrity.replace(/[+/]/g, '\\$&')}`));
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

    await otherRemoteWorks(page, main);

    // Still refused when coming back to it.
    await openFromMenu(page, 'Battle Management');
    await main.getByRole('alert').filter({ hasText: REFUSED }).waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('refuses a changed chunk behind the intact pinned entry: never run, its pages say so, others keep working', async () => {
    const { integrity } = entryIntegrity(dist);
    stack.config.remotes.battle.integrity = integrity;
    const { sync, async: lazy } = pagesChunks(dist);

    // The `./pages` chunk changed: the entry runs (it is the pinned one) and the browser refuses the chunk it loads.
    const pagesCopy = chunksTamperedCopy(dist, sync);
    copies.push(pagesCopy);
    let { context, page, main, errors, text } = await refusedFrom(pagesCopy);
    assert.ok(text.includes(`${sync[0]} does not match the digest its pinned entry holds for it`), text);
    assert.equal(await main.getByText('This page could not be loaded').count(), 0);
    assert.equal(await page.evaluate(() => typeof window.battle?.get), 'function', 'the intact entry ran');
    assert.equal(await page.evaluate(() => window.phoenixTampered), undefined, 'the changed chunk was not run');
    assert.ok(
      errors.some((text) => /integrity/i.test(text) && text.includes(sync[0])),
      `the browser's refusal: ${errors.join('\n')}`,
    );
    assert.ok(
      errors.some((text) => text.startsWith('Remote refused: battle: ') && text.includes(sync[0])),
      `the host's report: ${errors.join('\n')}`,
    );
    await assertAccessible(page, 'the remote page refused for a chunk');

    await otherRemoteWorks(page, main);
    await context.close();

    // The pages' lazy chunks changed, the `./pages` chunk intact: the page's own code is refused, never run.
    // The page's error boundary checks its pinned remote's files and says they do not match its release.
    const lazyCopy = chunksTamperedCopy(dist, lazy);
    copies.push(lazyCopy);
    ({ context, page, main, errors, text } = await refusedFrom(lazyCopy));
    assert.ok(text.includes('does not match the digest its pinned entry holds for it'), text);
    assert.equal(await main.getByRole('table').count(), 0, 'no battle list');
    assert.equal(await page.evaluate(() => window.phoenixTampered), undefined, 'no changed chunk was run');
    assert.ok(
      errors.some((text) => /integrity/i.test(text) && lazy.some((file) => text.includes(file))),
      `the browser's refusal: ${errors.join('\n')}`,
    );
    await otherRemoteWorks(page, main);
    await context.close();
  });
});
