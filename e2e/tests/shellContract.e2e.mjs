// Shell contract 1.1: one federation runtime in the page, the host's. Releases built against the
// previous contract (1.0: every remoteEntry.js carried its own runtime, the host provided none) meet
// this build's: a 1.0 remote on the 1.1 host is served; the 1.1 remote on a 1.0 host is refused with
// its reason and none of its code runs (never half-loaded). The 1.0 builds are made as that contract
// built them (PHOENIX_FEDERATION_RUNTIME=bundled, shared/build/index.cjs) into temp folders.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pnpm, repoRoot } from '../../scripts/lib/pnpm.mjs';

/** The shell this build provides (its contract range is ^major.minor.0): read, so a contract bump needs no edit here. */
const SHELL_VERSION = JSON.parse(fs.readFileSync(path.join(repoRoot, 'shared/shell/package.json'), 'utf8')).version;
const SHELL_RANGE = `^${SHELL_VERSION.split('.').slice(0, 2).join('.')}.0`;
const escape = (text) => text.replace(/[.^$*+?()[\]{}|\\]/g, '\\$&');
import { startStaticServer } from '../../scripts/lib/staticServer.mjs';
import { launchBrowser, signedInPage } from '../support/browser.mjs';
import { startStack } from '../support/stack.mjs';

const LINK = 'Action Log Management';
const HEADING = 'Action logs';

function closeServer(server) {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}

/** A build of the previous shell contract (1.0) into `out`. */
function buildPrevious(filter, out) {
  return pnpm(['--filter', filter, 'run', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PHOENIX_OUTPUT_PATH: out, PHOENIX_FEDERATION_RUNTIME: 'bundled' },
  });
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

describe('releases built against the previous shell contract', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-e2e-shell-contract-'));
  const oldSystem = path.join(tmp, 'system-1.0');
  const oldHost = path.join(tmp, 'host-1.0');
  const newSystem = path.join(repoRoot, 'remotes/system/dist');
  let browser;

  before(async () => {
    // One build at a time (webpack is mostly single-threaded).
    await buildPrevious('@phoenix/remote-system', oldSystem);
    await buildPrevious('@phoenix/host', oldHost);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('records the contracts: the current remote needs the current contract (1.1: one federation runtime; 1.2: shell exports the remotes use) and its entry no longer carries the runtime', () => {
    assert.equal(readJson(path.join(newSystem, 'build-info.json')).shellContract, SHELL_RANGE);
    assert.equal(readJson(path.join(newSystem, 'routes.json')).shellContract, SHELL_RANGE);
    assert.equal(readJson(path.join(oldSystem, 'build-info.json')).shellContract, '^1.0.0');
    assert.equal(readJson(path.join(oldHost, 'build-info.json')).shellVersion, '1.0.0');
    const size = (dir) => fs.statSync(path.join(dir, 'remoteEntry.js')).size;
    // The runtime is about 60 KB of a 1.0 entry (95 KB); a 1.1 entry reads the host's global instead.
    assert.ok(size(oldSystem) - size(newSystem) > 40_000, `entries: 1.0 ${size(oldSystem)} B, 1.1 ${size(newSystem)} B`);
    assert.match(fs.readFileSync(path.join(newSystem, 'remoteEntry.js'), 'utf8'), /_FEDERATION_RUNTIME_CORE/);
  });

  it('a 1.0 remote (its own runtime) is served by the 1.1 host', async () => {
    const oldServer = await startStaticServer({ port: 0, mounts: [{ prefix: '/', dir: oldSystem, cors: true }] });
    const stack = await startStack();
    try {
      stack.config.remotes.system = {
        ...stack.config.remotes.system,
        entry: `http://127.0.0.1:${oldServer.address().port}/mf-manifest.json`,
      };
      const { context, page } = await signedInPage(browser, stack.hostUrl);
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: LINK }).click();
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: HEADING }).waitFor({ timeout: 30_000 });
      await main.locator('table:not([aria-busy]) tbody tr td').first().waitFor({ timeout: 30_000 });
      assert.equal(await main.getByText('This module is not compatible with this console').count(), 0);
      assert.deepEqual(errors, []);
      await context.close();
    } finally {
      await stack.stop();
      await closeServer(oldServer);
    }
  });

  it('the 1.1 remote on a 1.0 host is refused with its reason, and none of its code runs', async () => {
    const stack = await startStack(undefined, { hostDir: oldHost });
    try {
      const { context, page } = await signedInPage(browser, stack.hostUrl);
      await page.goto(`${stack.hostUrl}/admin/logs`);
      const panel = page.getByRole('main').getByRole('alert').filter({ hasText: 'This module is not compatible with this console' });
      await panel.waitFor({ timeout: 30_000 });
      const text = await panel.innerText();
      assert.match(text, new RegExp(`needs shell contract ${escape(SHELL_RANGE)}`));
      assert.match(text, /provides shell 1\.0\.0/);
      // A run remoteEntry.js defines its container, the global `system`: it never ran.
      assert.equal(await page.evaluate(() => typeof window.system?.get), 'undefined', 'the 1.1 remote was not run');
      await context.close();
    } finally {
      await stack.stop();
    }
  });
});
