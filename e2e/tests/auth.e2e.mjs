import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useConsole } from '../support/suite.mjs';
import { ADMIN, OPERATOR, signIn } from '../support/browser.mjs';

describe('sign-in and session', () => {
  const ctx = useConsole(18100);

  it('signs an admin in, keeps the session across a reload, stores no password', async () => {
    const context = await ctx.browser.newContext();
    const page = await context.newPage();
    await signIn(page, ctx.stack.hostUrl, ADMIN);
    await page.waitForURL(`${ctx.stack.hostUrl}/admin`);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    const record = JSON.parse(await page.evaluate(() => localStorage.getItem('admin-phoenix')));
    assert.equal(record.data.email, ADMIN.email);
    assert.ok(record.data.token);
    assert.equal(record.data.password, undefined);
    assert.ok(!JSON.stringify(record).includes(ADMIN.password));
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin');
    // Opening the login page with a valid session goes to /admin.
    await page.goto(`${ctx.stack.hostUrl}/auth/login`);
    await page.waitForURL(`${ctx.stack.hostUrl}/admin`);
    await context.close();
  });

  it('gives a new user the lean sign-in page: its own scripts only, no console, no federation', async () => {
    const context = await ctx.browser.newContext();
    const page = await context.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await page.goto(`${ctx.stack.hostUrl}/auth/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    assert.ok(scripts.length > 0);
    assert.deepEqual(
      scripts.filter((p) => !/^\/login[.-]/.test(p)),
      [],
      'only the chunks of login.html',
    );
    await context.close();
  });

  it('a new admin signs in with its one-time password, chooses its own and lands in the console', async () => {
    const post = async (path, body, token) => {
      const response = await fetch(`${ctx.stack.apiUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        body: JSON.stringify(body),
      });
      assert.ok(response.ok, `${path}: ${response.status}`);
      return response.json();
    };
    const { token } = await post('/users/login', ADMIN);
    const email = `otp-${Date.now()}@phoenix.local`;
    const { oneTimePassword } = await post('/admins', { email, role: 2 }, token);
    const context = await ctx.browser.newContext();
    const page = await context.newPage();
    await signIn(page, ctx.stack.hostUrl, { email, password: oneTimePassword });
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel(/^New password/).fill('my own long password');
    await page.getByLabel(/^Repeat the new password/).fill('my own long password');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page.waitForURL(`${ctx.stack.hostUrl}/admin`);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    const record = JSON.parse(await page.evaluate(() => localStorage.getItem('admin-phoenix')));
    assert.equal(record.data.email, email);
    assert.ok(!JSON.stringify(record).includes('my own long password'));
    await context.close();
  });

  it('refuses a wrong password with a generic message and stores nothing', async () => {
    const context = await ctx.browser.newContext();
    const page = await context.newPage();
    await signIn(page, ctx.stack.hostUrl, { email: ADMIN.email, password: 'not-the-password' });
    await page.getByText(/sign-in failed/i).waitFor();
    assert.equal(new URL(page.url()).pathname, '/auth/login');
    assert.equal(await page.getByLabel('Email').inputValue(), ADMIN.email);
    assert.equal(await page.evaluate(() => localStorage.getItem('admin-phoenix')), null);
    await context.close();
  });

  it('refuses a role-1 account', async () => {
    const context = await ctx.browser.newContext();
    const page = await context.newPage();
    await signIn(page, ctx.stack.hostUrl, OPERATOR);
    await page.getByText(/sign-in failed/i).waitFor();
    assert.equal(new URL(page.url()).pathname, '/auth/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('admin-phoenix')), null);
    await context.close();
  });

  it('logs out, clears the record and revokes the token on the server', async () => {
    const context = await ctx.browser.newContext();
    const page = await context.newPage();
    await signIn(page, ctx.stack.hostUrl, ADMIN);
    await page.waitForURL(`${ctx.stack.hostUrl}/admin`);
    const { data } = JSON.parse(await page.evaluate(() => localStorage.getItem('admin-phoenix')));
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${ctx.stack.hostUrl}/auth/login`);
    assert.equal(await page.evaluate(() => localStorage.getItem('admin-phoenix')), null);
    // The console signs out at once and revokes in the background: the token dies within moments.
    let status;
    for (let tries = 0; tries < 50 && status !== 401; tries++) {
      if (tries) await new Promise((r) => setTimeout(r, 200));
      status = (await fetch(`${ctx.stack.apiUrl}/users/info`, { method: 'POST', headers: { token: data.token } })).status;
    }
    assert.equal(status, 401);
    // And /admin now sends back to login.
    await page.goto(`${ctx.stack.hostUrl}/admin/constantVariables`);
    await page.waitForURL(`${ctx.stack.hostUrl}/auth/login`);
    await context.close();
  });

  it('sends an unknown path to login', async () => {
    const context = await ctx.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${ctx.stack.hostUrl}/no/such/page`);
    await page.waitForURL(`${ctx.stack.hostUrl}/auth/login`);
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await context.close();
  });
});
