// A squad adds a page with its remote alone: a release of battle that adds a page (its areas.ts, pages.ts
// and locales plus one page, built by the remote's own production build), pinned in the environment's
// configuration, shows in the console's route table and sidebar and opens, while the host's build is
// the same files. The seed's menu stays as it is around it, and a remote that cannot be read keeps its
// seed entries. The release's sources are written under remotes/battle/.e2e-tmp/ (gitignored, removed
// after), so they resolve the remote's own packages; nothing of the repository's sources changes.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pnpm, repoRoot } from '../../scripts/lib/pnpm.mjs';
import { startStaticServer } from '../../scripts/lib/staticServer.mjs';
import { launchBrowser, signedInPage } from '../support/browser.mjs';
import { startStack } from '../support/stack.mjs';

const require = (await import('node:module')).createRequire(import.meta.url);
const { readAreasDeclaration, routesManifest } = require('../../shared/build/routes.cjs');

const SEED = JSON.parse(fs.readFileSync(path.join(repoRoot, 'host/src/routes/seed.json'), 'utf8'));
/** The contract range a build of this checkout needs (^major.minor.0 of its shell): read, so a contract bump needs no edit here. */
const SHELL_VERSION = JSON.parse(fs.readFileSync(path.join(repoRoot, 'shared/shell/package.json'), 'utf8')).version;
const SHELL_RANGE = `^${SHELL_VERSION.split('.').slice(0, 2).join('.')}.0`;
/** The seed's sidebar, top level, in English: what the console shows whatever the remotes serve. */
const SEED_TOP = SEED.menu.map((e) => e.label);
const SEED_PATHS = new Set(SEED.routes.map((r) => r.path));
/** Then the pages the remotes serve beyond the seed at the top level, by position (read from their builds' input). */
const EXTRA_TOP = ['battle', 'points', 'present', 'system', 'user-policy']
  .flatMap((remote) => routesManifest(path.join(repoRoot, 'remotes', remote, 'src'), '^1.0.0').routes)
  .filter((r) => r.menu && !r.menu.group && !SEED_PATHS.has(r.path))
  .sort((a, b) => a.menu.position - b.menu.position)
  .map((r) => r.menu.label.en);
/** The host's own Dashboard link heads them (the way back to /admin from any page). */
const BASE_TOP = ['Dashboard', ...SEED_TOP, ...EXTRA_TOP];

/** The new page: one area, its title in the release's locales. */
const REPLAYS = { path: 'battle/replays', shape: 'page', menu: { position: 10_000 } };
const REPLAYS_TITLE = { en: 'Battle Replays', ja: 'バトルのリプレイ' };

/** The sources of battle 1.1.0: today's areas and pages, plus the replays page. */
function writeRelease(dir) {
  fs.mkdirSync(path.join(dir, 'locales'), { recursive: true });
  const declaration = readAreasDeclaration(path.join(repoRoot, 'remotes/battle/src'));
  const areas = { ...declaration, areas: { ...declaration.areas, battleReplays: REPLAYS } };
  fs.writeFileSync(path.join(dir, 'areas.ts'), `export default ${JSON.stringify(areas, null, 2)} as const;\n`);
  for (const language of ['en', 'ja']) {
    const strings = { battleReplays: { title: REPLAYS_TITLE[language] } };
    fs.writeFileSync(path.join(dir, 'locales', `${language}.json`), JSON.stringify(strings));
  }
  fs.writeFileSync(
    path.join(dir, 'pages.ts'),
    [
      "import { pagesOf } from '@phoenix/shell';",
      "import pages from '../../src/pages';",
      '',
      "const replays = { remote: 'battle', areas: { battleReplays: { path: 'battle/replays', shape: 'page' } } } as const;",
      '',
      "export default { ...pages, ...pagesOf(replays, 'battle', { battleReplays: () => import('./ReplaysPage') }) };",
      '',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(dir, 'ReplaysPage.tsx'), 'export default function ReplaysPage() {\n  return <h1>Battle Replays</h1>;\n}\n');
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

function closeServer(server) {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}

/** The sidebar's top-level entries, as shown (without the initials mark and the group's chevron). */
async function sidebar(page) {
  const nav = page.locator('nav#main-sidebar'); // named in the console's language
  await nav.waitFor();
  return nav.evaluate((el) =>
    [...el.querySelectorAll(':scope > ul > li')].map(
      (li) => [...(li.querySelector('a, button')?.children ?? [])].find((c) => c.getAttribute('aria-hidden') !== 'true')?.textContent ?? '',
    ),
  );
}

describe('a remote release that adds a page, without a host release', () => {
  const sources = path.join(repoRoot, 'remotes/battle/.e2e-tmp', `release-${process.pid}`);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-e2e-battle-1.1.0-'));
  const hostDist = path.join(repoRoot, 'host/dist');
  let stack;
  let browser;
  let release;
  let hostBefore;
  let entry100;

  before(async () => {
    hostBefore = snapshot(hostDist);
    writeRelease(sources);
    // The squad's build of battle 1.1.0 (the remote alone: the host is not built).
    await pnpm(['--filter', '@phoenix/remote-battle', 'run', 'build'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, PHOENIX_OUTPUT_PATH: out, PHOENIX_REMOTE_SRC: sources, PHOENIX_RELEASE_VERSION: '1.1.0' },
    });
    release = await startStaticServer({ port: 0, mounts: [{ prefix: '/', dir: out, cors: true }] });
    stack = await startStack();
    entry100 = stack.config.remotes.battle.entry;
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await stack?.stop();
    if (release) await closeServer(release);
    fs.rmSync(sources, { recursive: true, force: true });
    if (fs.readdirSync(path.dirname(sources)).length === 0) fs.rmdirSync(path.dirname(sources));
    fs.rmSync(out, { recursive: true, force: true });
  });

  it('emits routes.json beside mf-manifest.json with the new page and the shell contract', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'routes.json'), 'utf8'));
    assert.equal(manifest.remote, 'battle');
    assert.equal(manifest.shellContract, SHELL_RANGE);
    assert.deepEqual(manifest.routes.at(-1), {
      path: 'battle/replays',
      name: 'battleReplays',
      title: REPLAYS_TITLE,
      area: 'battleReplays',
      shape: 'page',
      record: 'show',
      heading: { title: REPLAYS_TITLE },
      menu: { label: REPLAYS_TITLE, position: 10_000 },
    });
    assert.ok(fs.existsSync(path.join(out, 'mf-manifest.json')));
  });

  it('on battle 1.0.0: the seed’s sidebar, and the new path goes to sign-in (then to /admin)', async () => {
    const { context, page } = await signedInPage(browser, stack.hostUrl);
    assert.deepEqual(await sidebar(page), BASE_TOP);
    await page.goto(`${stack.hostUrl}/admin/battle/replays`);
    await page.waitForURL(`${stack.hostUrl}/admin`);
    await context.close();
  });

  it('pinned to battle 1.1.0: the page is in the sidebar after the seed’s entries, opens, in both languages', async () => {
    stack.config.remotes.battle = { version: '1.1.0', entry: `http://127.0.0.1:${release.address().port}/mf-manifest.json` };
    const { context, page } = await signedInPage(browser, stack.hostUrl);
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    assert.deepEqual(await sidebar(page), [...BASE_TOP, 'Battle Replays']);
    // Find anything knows it too (its pages are the composed table's).
    await page.keyboard.press('Control+k');
    const find = page.getByRole('dialog', { name: 'Find anything' });
    await find.getByRole('combobox').fill('replays');
    await find.getByRole('option', { name: /Battle Replays/ }).waitFor();
    await page.keyboard.press('Escape');

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Battle Replays' }).click();
    await page.waitForURL(`${stack.hostUrl}/admin/battle/replays`);
    await page.getByRole('main').getByRole('heading', { name: 'Battle Replays' }).waitFor({ timeout: 20_000 });
    assert.equal(await nav.getByRole('link', { name: 'Battle Replays' }).getAttribute('aria-current'), 'page');
    assert.equal(await page.title(), 'Battle Replays · Phoenix Admin');
    // A seed page of the same release still opens.
    await nav.getByRole('link', { name: 'Battle Management' }).click();
    await page
      .getByRole('main')
      .getByRole('heading', { name: /battle management/i })
      .waitFor({ timeout: 20_000 });

    // Opened directly (a shared link), and in Japanese.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ja');
    await page.goto(`${stack.hostUrl}/admin/battle/replays`);
    await page.getByRole('main').getByRole('heading', { name: 'Battle Replays' }).waitFor({ timeout: 20_000 });
    assert.equal(await page.title(), 'バトルのリプレイ · Phoenix Admin');
    assert.ok((await sidebar(page)).includes('バトルのリプレイ'));
    assert.deepEqual(errors, []);
    await context.close();
    // The host's build is the same files as before the release.
    assert.deepEqual(snapshot(hostDist), hostBefore);
  });

  it('rolled back to 1.0.0, the page is gone again; a battle that cannot be read keeps its seed entries', async () => {
    stack.config.remotes.battle = { version: '1.0.0', entry: entry100 };
    const { context, page } = await signedInPage(browser, stack.hostUrl);
    assert.deepEqual(await sidebar(page), BASE_TOP);

    await stack.stopRemote('battle');
    await page.reload();
    assert.deepEqual(await sidebar(page), BASE_TOP);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Battle Management' }).click();
    await page.getByRole('main').getByText('This page could not be loaded').waitFor({ timeout: 20_000 });
    await context.close();
    await stack.startRemote('battle');
  });
});
