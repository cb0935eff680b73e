import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useConsole } from '../support/suite.mjs';
import { signedInPage } from '../support/browser.mjs';
import { assertAccessible, axeViolations, describeViolations } from '../support/axe.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every seed route (path and owning remote), from the host's seed tables so none is missed. */
function adminRoutes() {
  const routes = JSON.parse(fs.readFileSync(path.join(root, 'host/src/routes/seed.json'), 'utf8')).routes.map(({ path: p, remote }) => ({
    path: p,
    remote,
  }));
  assert.ok(routes.length >= 40, `expected the whole route table, read ${routes.length} routes`);
  return routes;
}

/** The page has drawn what it loads: a heading in main, the network quiet, no skeleton or busy table left. */
async function settle(page) {
  await page.getByRole('main').getByRole('heading').first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle').catch(() => {});
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], [data-testid="skeleton-row"]'), null, { timeout: 10_000 })
    .catch(() => {});
}

describe('accessibility (axe-core: no serious or critical violation)', () => {
  const ctx = useConsole(18900);

  it('the login page, in English and in Japanese, and with a failed sign-in', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${ctx.stack.hostUrl}/auth/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await assertAccessible(page, 'login');
    await page.getByLabel('Email').fill('nobody@phoenix.local');
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await assertAccessible(page, 'login, failed');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ja');
    await page.getByRole('button', { name: 'サインイン' }).waitFor();
    await assertAccessible(page, 'login (ja)');
    await context.close();
  });

  it('the dashboard, About / versions and every page of the route table', async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const failures = [];
    const check = async (label, url) => {
      await page.goto(url);
      await settle(page);
      const violations = await axeViolations(page);
      if (violations.length) failures.push(`${label}:\n${describeViolations(violations)}`);
    };
    await check('dashboard', `${ctx.stack.hostUrl}/admin`);
    await check('about', `${ctx.stack.hostUrl}/admin/about`);
    const routes = adminRoutes();
    for (const route of routes) await check(`${route.path} (${route.remote})`, `${ctx.stack.hostUrl}/admin/${route.path}`);
    console.log(`axe: checked ${routes.length + 2} signed-in pages, ${failures.length} with violations`);
    assert.equal(failures.length, 0, failures.join('\n\n'));
    await context.close();
  });

  it('the console in Japanese, a minimized sidebar and a narrow window', async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ja');
    await page.getByRole('heading', { name: 'ダッシュボード' }).waitFor();
    await settle(page);
    await assertAccessible(page, 'dashboard (ja)');
    await page.getByRole('button', { name: 'サイドバーを閉じる' }).click();
    await assertAccessible(page, 'dashboard (ja), sidebar minimized');
    await page.setViewportSize({ width: 600, height: 800 });
    await assertAccessible(page, 'dashboard (ja), 600 px');
    await context.close();
  });
});
