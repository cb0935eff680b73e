// Shipping a remote safely, as a squad and a release manager do it (docs/releasing.md, "Shipping a
// remote safely"): points 1.1.0, released with a deliberate render error in its Economy Report, goes
// out as a canary to 50% of admins in a composed environment (releases in temp folders, served by
// scripts/serve.mjs, the BFF managing the environment file). An admin in the canary gets 1.1.0 and
// its error, one outside keeps 1.0.0; the versions page shows the errors per version; the automatic
// rollback aborts the canary and the canary admin is back on stable at their next navigation. Then a
// healthy 1.2.0 canary is promoted from the versions page and reaches everyone; and a QA override
// shows its banner on every page and clears in one click.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBff } from '../../scripts/lib/console.mjs';
import { repoRoot } from '../../scripts/lib/pnpm.mjs';
import { assertAccessible } from '../support/axe.mjs';
import { launchBrowser, signIn, ADMIN } from '../support/browser.mjs';
import { stackDatabase } from '../support/stack.mjs';

const require = (await import('node:module')).createRequire(import.meta.url);
const { readAreasDeclaration } = require('../../shared/build/routes.cjs');

const BASE_PORT = 19900;
const ENV = 'stg';
/** A local account in the console roles (bff/src/seed.ts): its bucket decides whether a 50% canary has it. */
const SECURITY = { email: 'security@phoenix.local', password: 'phoenix-security' };

/** The console's sticky place of an admin among 0–99 for a remote (canaryBucket in shared/contract/src/releases.ts). */
function canaryBucket(remote, adminId) {
  let hash = 0x811c9dc5;
  for (const char of `${remote}:${adminId}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** The sources of points 1.1.0: today's areas and pages, with an Economy Report that throws while rendering. */
function writeBrokenRelease(dir) {
  fs.mkdirSync(path.join(dir, 'locales'), { recursive: true });
  // Plain data, as the build reads it (shared/build/routes.cjs): today's declaration.
  const declaration = readAreasDeclaration(path.join(repoRoot, 'remotes/points/src'));
  fs.writeFileSync(path.join(dir, 'areas.ts'), `export default ${JSON.stringify(declaration, null, 2)} as const;\n`);
  for (const language of ['en', 'ja']) fs.writeFileSync(path.join(dir, 'locales', `${language}.json`), '{}');
  fs.writeFileSync(
    path.join(dir, 'pages.ts'),
    [
      "import { pagesOf } from '@phoenix/shell';",
      "import areas from './areas';",
      "import pages, { sections } from '../../src/pages';",
      '',
      'export { sections };',
      "export default { ...pages, ...pagesOf({ remote: 'points', areas: { economy: areas.areas.economy } }, 'points', { economy: () => import('./BrokenEconomy') }) };",
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(dir, 'BrokenEconomy.tsx'),
    "export default function BrokenEconomy(): never {\n  throw new Error('points 1.1.0: a deliberate render error');\n}\n",
  );
}

function closeServer(server) {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}

async function waitFor(check, what, timeout = 90_000) {
  const until = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('a points canary: 50% of admins, errors per version, automatic rollback, promotion; a QA override', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-e2e-canary-'));
  const artifacts = path.join(tmp, 'artifacts');
  const environments = path.join(tmp, 'environments');
  const envFile = path.join(environments, `${ENV}.json`);
  const sources = path.join(repoRoot, 'remotes/points/.e2e-tmp', `canary-${process.pid}`);
  const saved = {};
  const hostUrl = `http://127.0.0.1:${BASE_PORT}`;
  const bffPort = BASE_PORT + 10;
  let bff;
  let database;
  let server;
  let browser;

  const compose = (...args) => {
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/env.mjs'), ENV, ...args], {
      env: { ...process.env, PHOENIX_ARTIFACTS: artifacts, PHOENIX_ENVIRONMENTS: environments },
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, `env.mjs ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  const pin = () => JSON.parse(fs.readFileSync(envFile, 'utf8')).remotes.points;
  const history = () => JSON.parse(fs.readFileSync(envFile, 'utf8')).history ?? [];

  before(async () => {
    for (const [key, value] of Object.entries({
      PHOENIX_ARTIFACTS: artifacts,
      PHOENIX_ENVIRONMENTS: environments,
      PHOENIX_API_BASE: `http://127.0.0.1:${bffPort}`,
      PHOENIX_POINTS_API_BASE: `http://127.0.0.1:${bffPort}/points`,
    })) {
      saved[key] = process.env[key];
      process.env[key] = value;
    }
    fs.cpSync(path.join(repoRoot, 'environments'), environments, { recursive: true });
    writeBrokenRelease(sources);
    const { release } = await import('../../scripts/release.mjs');
    // Two builds at a time (webpack is mostly single-threaded). 1.1.0 is the squad's build from other sources.
    await Promise.all([release('host', { quiet: true }), release('points', { version: '1.0.0', quiet: true })]);
    process.env.PHOENIX_REMOTE_SRC = sources;
    try {
      await release('points', { version: '1.1.0', quiet: true });
    } finally {
      delete process.env.PHOENIX_REMOTE_SRC;
    }
    await release('points', { version: '1.2.0', quiet: true });

    compose('set', 'points', '1.0.0');
    compose('canary', 'points', '1.1.0', '--percent', '50', '--min-sessions', '1', '--max-error-rate-increase', '0.2');
    const file = JSON.parse(fs.readFileSync(envFile, 'utf8'));
    fs.writeFileSync(envFile, JSON.stringify({ ...file, qaOverrides: { allowed: true, roles: ['owner'] } }, null, 2));

    database = await stackDatabase();
    bff = await startBff({
      port: bffPort,
      quiet: true,
      env: { ...database.bffEnv, SEED_LOCAL_DATA: '1', CORS_ORIGINS: hostUrl, PHOENIX_ENV: '', PHOENIX_ENVIRONMENT_FILE: envFile },
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
    fs.rmSync(sources, { recursive: true, force: true });
    if (fs.existsSync(path.dirname(sources)) && fs.readdirSync(path.dirname(sources)).length === 0) fs.rmdirSync(path.dirname(sources));
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** A signed-in admin's page, recording which points versions it loads, with the admin's id. */
  async function adminPage(account) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const loaded = [];
    page.on('request', (request) => {
      const m = /\/remotes\/points\/([^/]+)\/mf-manifest\.json/.exec(request.url());
      if (m) loaded.push(m[1]);
    });
    await signIn(page, hostUrl, account);
    await page.waitForURL(`${hostUrl}/admin`);
    const id = await page.evaluate(async (api) => {
      const token = JSON.parse(localStorage.getItem('admin-phoenix')).data.token;
      const response = await fetch(`${api}/users/info`, { method: 'POST', headers: { token } });
      return (await response.json()).data.userInfo.id;
    }, `http://127.0.0.1:${bffPort}`);
    return { context, page, loaded, id };
  }

  const main = (page) => page.getByRole('main');
  /** A navigation as an admin makes it: Points Management → Economy Report in the sidebar (a click, not a page load). */
  async function clickEconomyInMenu(page) {
    const nav = page.getByRole('navigation', { name: 'Main' });
    const link = nav.getByRole('link', { name: 'Economy Report' });
    if (!(await link.isVisible())) await nav.getByRole('button', { name: 'Points Management' }).click();
    await link.click();
  }
  /** The Economy Report's own content (its "Period" panel): the host paints the page's title while a remote loads. */
  const economyHeading = (page) => main(page).getByRole('heading', { name: 'Period', level: 2 });
  const failedPanel = (page) => main(page).getByText('This page could not be loaded');

  let owner;
  let canaryAdmin;

  it('gives the canary to the admins in its 50% and not to the others; their errors show per version', async () => {
    owner = await adminPage(ADMIN);
    canaryAdmin = await adminPage(SECURITY);
    // The audience is a sticky share by admin id: these two fall on each side of 50.
    assert.ok(canaryBucket('points', owner.id) >= 50, `the owner (id ${owner.id}) is outside the 50%`);
    assert.ok(canaryBucket('points', canaryAdmin.id) < 50, `security (id ${canaryAdmin.id}) is inside the 50%`);

    await owner.page.goto(`${hostUrl}/admin/points/economy`);
    await economyHeading(owner.page).waitFor({ timeout: 30_000 });
    assert.deepEqual([...new Set(owner.loaded)], ['1.0.0']);

    await canaryAdmin.page.goto(`${hostUrl}/admin/points/economy`);
    await failedPanel(canaryAdmin.page).waitFor({ timeout: 30_000 });
    assert.equal(canaryAdmin.loaded.at(-1), '1.1.0', `points versions this admin's pages loaded: ${canaryAdmin.loaded.join(', ')}`);
    assert.equal(await economyHeading(canaryAdmin.page).count(), 0);

    // The canary admin's versions page says why they run 1.1.0.
    await canaryAdmin.page.goto(`${hostUrl}/admin/about`);
    await main(canaryAdmin.page).getByText("You run 1.1.0: in the canary's 50% of admins").waitFor({ timeout: 30_000 });
  });

  it('rolls the canary back on its error rate: the pin, the versions page and the canary admin at their next navigation', async () => {
    // The reports reach the BFF within seconds (batched); the check runs after a report on a canary.
    await waitFor(() => !pin().canary, 'the automatic rollback to remove the canary from the pin');
    const aborted = history().at(-1);
    assert.equal(aborted.action, 'auto-abort');
    assert.equal(aborted.by, 'automatic rollback');
    assert.match(aborted.reason, /^points 1\.1\.0: (\d+) of \1 sessions with errors \(100%\) against 0 of \d+ \(0%\) on 1\.0\.0/);
    // The canary admin's console reads the pins again (the live event, or its 30 s check) …
    const reread = canaryAdmin.page.waitForResponse((r) => r.url().endsWith('/config.json'), { timeout: 45_000 });

    await owner.page.goto(`${hostUrl}/admin/about`);
    const figures = main(owner.page).getByRole('table', { name: 'points: sessions and errors per version' });
    await figures.waitFor({ timeout: 30_000 });
    const row = figures.getByRole('row').filter({ hasText: '1.1.0' });
    await row.getByText('render error', { exact: false }).waitFor();
    assert.match(await row.innerText(), /100\s*%/);
    await main(owner.page).getByText('aborted automatically', { exact: false }).first().waitFor();
    await main(owner.page).getByText(aborted.reason, { exact: false }).first().waitFor();
    await assertAccessible(owner.page, 'versions page with release figures');

    // … and its next navigation (a click in the console, from the versions page it was left on) loads stable.
    await reread;
    await clickEconomyInMenu(canaryAdmin.page);
    await economyHeading(canaryAdmin.page).waitFor({ timeout: 30_000 });
    assert.equal(canaryAdmin.loaded.at(-1), '1.0.0', `points versions this admin's pages loaded: ${canaryAdmin.loaded.join(', ')}`);
  });

  it('promotes a healthy canary from the versions page: every admin gets it at their next navigation', async () => {
    compose('canary', 'points', '1.2.0', '--percent', '50');
    await canaryAdmin.page.reload();
    await canaryAdmin.page.goto(`${hostUrl}/admin/points/economy`);
    await economyHeading(canaryAdmin.page).waitFor({ timeout: 30_000 });
    assert.equal(canaryAdmin.loaded.at(-1), '1.2.0', `points versions this admin's pages loaded: ${canaryAdmin.loaded.join(', ')}`);

    await owner.page.goto(`${hostUrl}/admin/about`);
    const reread = owner.page.waitForResponse((r) => r.url().endsWith('/config.json'), { timeout: 45_000 });
    await main(owner.page).getByRole('button', { name: 'Promote points 1.2.0' }).click();
    const dialog = owner.page.getByRole('alertdialog');
    await dialog.getByText('Every admin will load points 1.2.0', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Promote' }).click();
    await main(owner.page).getByText('points 1.2.0 is now stable for every admin.').waitFor({ timeout: 15_000 });
    assert.equal(pin().version, '1.2.0');
    assert.equal(pin().canary, undefined);
    assert.equal(history().at(-1).action, 'promote');

    // The owner ran 1.0.0 in this page: once its console has read the pins again, its next click loads 1.2.0.
    await reread;
    await clickEconomyInMenu(owner.page);
    await economyHeading(owner.page).waitFor({ timeout: 30_000 });
    assert.equal(owner.loaded.at(-1), '1.2.0', `points versions the owner's pages loaded: ${owner.loaded.join(', ')}`);
  });

  it('a QA override: refused for a version never released; a banner on every page, cleared in one click', async () => {
    const { page } = owner;
    await page.goto(`${hostUrl}/admin/about`);
    const form = main(page).getByRole('form', { name: 'QA override' });
    await form.getByLabel('Remote').selectOption('points');
    await form.getByLabel('Version').fill('9.9.9');
    await form.getByRole('button', { name: 'Load in this browser' }).click();
    await form.getByText('points 9.9.9 was never released').waitFor({ timeout: 15_000 });

    await form.getByLabel('Version').fill('1.0.0');
    await form.getByRole('button', { name: 'Load in this browser' }).click();
    const banner = page.getByRole('region', { name: 'QA override in this browser' });
    await banner.getByText('QA override: points 1.0.0 instead of 1.2.0 in this browser').waitFor({ timeout: 30_000 });
    await assertAccessible(page, 'QA override banner');

    await clickEconomyInMenu(page);
    await economyHeading(page).waitFor({ timeout: 30_000 });
    await banner.waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'About / versions' }).click();
    await main(page).getByText('You run 1.0.0: QA override in this browser (the pin says 1.2.0)').waitFor({ timeout: 30_000 });
    await banner.waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(`${hostUrl}/admin`);
    await banner.waitFor();

    await banner.getByRole('button', { name: 'Back to the pin' }).click();
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    await page.goto(`${hostUrl}/admin/points/economy`);
    await economyHeading(page).waitFor({ timeout: 30_000 });
    assert.equal(owner.loaded.at(-1), '1.2.0', `points versions the owner's pages loaded: ${owner.loaded.join(', ')}`);
    assert.equal(await banner.count(), 0);
    await owner.context.close();
    await canaryAdmin.context.close();
  });
});
