import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useConsole } from '../support/suite.mjs';
import { signedInPage } from '../support/browser.mjs';

describe('languages', () => {
  const ctx = useConsole(18950);

  it('switches the console to Japanese from the navbar, keeps it over a reload, and back to English', async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await sidebar.getByRole('link', { name: 'Present 配布' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');

    await page.getByRole('combobox', { name: 'Language' }).selectOption('ja');
    await page.getByRole('heading', { name: 'ダッシュボード' }).waitFor();
    const jaSidebar = page.getByRole('navigation', { name: 'メイン' });
    await jaSidebar.getByRole('link', { name: 'プレゼント配布' }).waitFor();
    assert.equal(await jaSidebar.getByRole('link', { name: 'Battle Management' }).count(), 0);
    await page.getByRole('button', { name: 'ログアウト' }).waitFor();
    await page.getByRole('region', { name: '最近の操作', exact: true }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja');

    await page.reload();
    await page.getByRole('heading', { name: 'ダッシュボード' }).waitFor();
    assert.equal(await page.title(), 'ダッシュボード · Phoenix Admin');
    await page.getByRole('link', { name: 'バージョン情報' }).click();
    await page.getByRole('heading', { name: 'バージョン情報' }).waitFor();
    // The session record stays as it was: the language has its own key.
    const session = await page.evaluate(() => window.localStorage.getItem('admin-phoenix'));
    assert.ok(session && !session.includes('"ja"'));

    await page.getByRole('combobox', { name: '言語' }).selectOption('en');
    await page.getByRole('heading', { name: 'About / versions' }).waitFor();
    await sidebar.getByRole('link', { name: 'Present 配布' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    await context.close();
  });

  it('starts in Japanese for a Japanese browser, login page included', async () => {
    const context = await ctx.browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${ctx.stack.hostUrl}/auth/login`);
    await page.getByRole('button', { name: 'サインイン' }).waitFor();
    await page.getByLabel('メールアドレス').fill('admin@phoenix.local');
    await page.getByLabel('パスワード').fill('phoenix-admin');
    await page.getByRole('button', { name: 'サインイン' }).click();
    await page.getByRole('heading', { name: 'ダッシュボード' }).waitFor();
    await page.getByRole('navigation', { name: 'メイン' }).getByRole('link', { name: 'プレゼント配布' }).waitFor();
    if (process.env.PHOENIX_E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.PHOENIX_E2E_SCREENSHOTS}/dashboard-ja.png` });
    await context.close();
  });
});
