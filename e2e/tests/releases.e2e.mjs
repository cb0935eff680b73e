// Squads release alone, release managers compose: two releases of one remote built from the same
// source with different versions, an environment switched between them and rolled back, and the
// console in Chromium loading the pinned version each time without a host rebuild. Then an
// incompatible release: refused by the compose command, and, forced into the configuration, refused
// by the host at run time with a panel on that remote's pages while other remotes keep working.
// Everything goes to temp folders (PHOENIX_ARTIFACTS, PHOENIX_ENVIRONMENTS): the repository's
// environments/ and artifacts/ are untouched.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBff } from '../../scripts/lib/console.mjs';
import { repoRoot } from '../../scripts/lib/pnpm.mjs';

/** The shell this build provides (its contract range is ^major.minor.0): read, so a contract bump needs no edit here. */
const SHELL_VERSION = JSON.parse(fs.readFileSync(path.join(repoRoot, 'shared/shell/package.json'), 'utf8')).version;
const SHELL_RANGE = `^${SHELL_VERSION.split('.').slice(0, 2).join('.')}.0`;
const escape = (text) => text.replace(/[.^$*+?()[\]{}|\\]/g, '\\$&');
import { launchBrowser, signedInPage } from '../support/browser.mjs';
import { stackDatabase } from '../support/stack.mjs';

const BASE_PORT = 18600;
const ENV = 'stg';

function closeServer(server) {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}

/** Files of a folder with their sizes and mtimes: proof that nothing rebuilt it. */
function snapshot(dir) {
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => {
      const stat = fs.statSync(path.join(dir, f));
      return `${f}:${stat.size}:${stat.mtimeMs}`;
    });
}

describe('versioned releases composed per environment', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-e2e-releases-'));
  const artifacts = path.join(tmp, 'artifacts');
  const environments = path.join(tmp, 'environments');
  const saved = {};
  let release;
  let listReleases;
  let bff;
  let database;
  let server;
  let browser;
  let hostSnapshot;
  const hostUrl = `http://127.0.0.1:${BASE_PORT}`;
  const bffPort = BASE_PORT + 10;

  const compose = (...args) => {
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/env.mjs'), ENV, ...args], {
      env: { ...process.env, PHOENIX_ARTIFACTS: artifacts, PHOENIX_ENVIRONMENTS: environments },
      encoding: 'utf8',
    });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };
  const pinned = () => JSON.parse(fs.readFileSync(path.join(environments, `${ENV}.json`), 'utf8')).remotes.battle.version;

  before(async () => {
    for (const [key, value] of Object.entries({
      PHOENIX_ARTIFACTS: artifacts,
      PHOENIX_ENVIRONMENTS: environments,
      // The composed environment's API is this test's BFF.
      PHOENIX_API_BASE: `http://127.0.0.1:${bffPort}`,
      PHOENIX_POINTS_API_BASE: `http://127.0.0.1:${bffPort}/points`,
    })) {
      saved[key] = process.env[key];
      process.env[key] = value;
    }
    fs.cpSync(path.join(repoRoot, 'environments'), environments, { recursive: true });
    ({ release } = await import('../../scripts/release.mjs'));
    ({ listReleases } = await import('../../scripts/lib/releases.mjs'));

    // Builds two at a time (webpack is mostly single-threaded): the host once, battle 1.0.0 and 1.1.0
    // from the same source, and system (the "other remote that keeps working"); battle 2.0.0 (needing
    // shell contract ^2.0.0) is released in the last test. Other remotes are not released here: their
    // pages are not opened.
    await Promise.all([release('host', { quiet: true }), release('battle', { version: '1.0.0', quiet: true })]);
    await Promise.all([release('battle', { version: '1.1.0', quiet: true }), release('system', { quiet: true })]);
    hostSnapshot = snapshot(path.join(artifacts, 'host', '1.0.0'));

    database = await stackDatabase();
    bff = await startBff({
      port: bffPort,
      quiet: true,
      env: { ...database.bffEnv, SEED_LOCAL_DATA: '1', CORS_ORIGINS: hostUrl, PHOENIX_ENV: '' },
    });
    const { serve } = await import('../../scripts/serve.mjs');
    server = await serve({ env: ENV, port: BASE_PORT });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    if (server) await closeServer(server);
    if (bff) {
      bff.kill('SIGTERM');
      await new Promise((r) => (bff.exitCode !== null ? r() : bff.once('exit', r)));
    }
    await database?.remove();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Opens /admin/battle and returns the battle versions whose manifest the browser fetched. */
  async function openBattle(page, requested) {
    requested.length = 0;
    await page.goto(`${hostUrl}/admin/battle`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: /battle management/i }).waitFor({ timeout: 30_000 });
    return [...new Set(requested)];
  }

  it('releases each version into its own immutable folder with what it was built against', () => {
    assert.deepEqual(listReleases('battle'), ['1.0.0', '1.1.0']);
    for (const version of ['1.0.0', '1.1.0']) {
      const dir = path.join(artifacts, 'remotes/battle', version);
      const info = JSON.parse(fs.readFileSync(path.join(dir, 'build-info.json'), 'utf8'));
      assert.equal(info.version, version);
      assert.equal(info.shellContract, SHELL_RANGE);
      assert.ok(info.singletons.react && info.singletons['@phoenix/shell']);
      assert.ok(fs.existsSync(path.join(dir, 'mf-manifest.json')) && fs.existsSync(path.join(dir, 'remoteEntry.js')));
      assert.ok(
        fs.readdirSync(dir).some((f) => /\.[0-9a-f]{8}\.js$/.test(f)),
        'content-hashed chunks',
      );
    }
    const host = JSON.parse(fs.readFileSync(path.join(artifacts, 'host/1.0.0/build-info.json'), 'utf8'));
    assert.ok(host.shellVersion, 'the host records the shell contract version it provides');
    // Releasing again is refused: releases are immutable.
    return assert.rejects(release('battle', { version: '1.0.0', quiet: true }), /already released/);
  });

  it('loads the pinned battle version, switches to the newer, rolls back, with no host rebuild', async () => {
    const { context, page } = await signedInPage(browser, hostUrl);
    const requested = [];
    page.on('request', (request) => {
      const m = /\/remotes\/battle\/([^/]+)\/mf-manifest\.json/.exec(request.url());
      if (m) requested.push(m[1]);
    });

    assert.equal(pinned(), '1.0.0');
    assert.deepEqual(await openBattle(page, requested), ['1.0.0']);

    const set = compose('set', 'battle', '1.1.0');
    assert.equal(set.code, 0, set.err);
    assert.deepEqual(await openBattle(page, requested), ['1.1.0']);

    const back = compose('rollback', 'battle');
    assert.equal(back.code, 0, back.err);
    assert.match(back.out, /battle 1\.1\.0 → 1\.0\.0/);
    assert.deepEqual(await openBattle(page, requested), ['1.0.0']);

    assert.deepEqual(snapshot(path.join(artifacts, 'host', '1.0.0')), hostSnapshot, 'the host release was not touched');
    assert.deepEqual(listReleases('host'), ['1.0.0']);
    await context.close();
  });

  it('refuses an incompatible release when composing and, when forced, at run time with a panel', async () => {
    await release('battle', { version: '2.0.0', shellContract: '^2.0.0', quiet: true });

    const refused = compose('set', 'battle', '2.0.0');
    assert.equal(refused.code, 3);
    assert.match(
      refused.err,
      new RegExp(`battle 2\\.0\\.0 needs shell contract \\^2\\.0\\.0 but the stg host 1\\.0\\.0 provides shell ${escape(SHELL_VERSION)}`),
    );
    assert.equal(pinned(), '1.0.0');

    const forced = compose('set', 'battle', '2.0.0', '--force');
    assert.equal(forced.code, 0, forced.err);
    assert.equal(pinned(), '2.0.0');

    const { context, page } = await signedInPage(browser, hostUrl);
    await page.goto(`${hostUrl}/admin/battle`);
    const main = page.getByRole('main');
    const panel = main.getByRole('alert').filter({ hasText: 'This module is not compatible with this console' });
    await panel.waitFor({ timeout: 30_000 });
    const text = await panel.innerText();
    assert.match(text, /battle 2\.0\.0/);
    assert.match(text, /\^2\.0\.0/);
    assert.match(text, new RegExp(`provides shell ${escape(SHELL_VERSION)}`));
    // The host may preload the entry (fetched, never run) while it checks build-info: it never ran
    // (a run remoteEntry.js defines its container, the global `battle`).
    assert.equal(await page.evaluate(() => typeof window.battle?.get), 'undefined', 'the incompatible remote was not run');
    await page.getByRole('banner').waitFor();

    // Another remote keeps working.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'ConstantVariable Management' }).click();
    await main
      .getByRole('heading', { name: /constant/i })
      .first()
      .waitFor({ timeout: 30_000 });
    assert.equal(await main.getByText('This module is not compatible with this console').count(), 0);
    await context.close();

    // The release manager rolls it back: the pinned compatible version is back.
    assert.equal(compose('rollback', 'battle').code, 0);
    assert.equal(pinned(), '1.0.0');
  });
});
