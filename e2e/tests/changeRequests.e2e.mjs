// Change control in an environment set to "approve": a global operation becomes a
// request that another admin approves on the Requests page; a request with a time applies then.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../../scripts/lib/pnpm.mjs';
import { ADMIN, signIn } from '../support/browser.mjs';
import { assertAccessible } from '../support/axe.mjs';
import { useConsole } from '../support/suite.mjs';

/** The first whole number in a text ("8 battles are ongoing" → 8, "1,234" → 1234). */
const numberIn = (text) => Number(/\d[\d,]*/.exec(text)[0].replace(/,/g, ''));
const pad = (n) => String(n).padStart(2, '0');
/** A datetime-local value for `d` in the browser's (= this machine's) time zone. */
const localValue = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

describe('change requests (CHANGE_CONTROL=approve)', () => {
  const ctx = useConsole(0, { bffEnv: { CHANGE_CONTROL: 'approve' } });
  const adminB = { email: `approver-${Date.now()}@phoenix.local`, password: 'the approver own password' };

  const call = async (method, path, body, token) => {
    const response = await fetch(`${ctx.stack.apiUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`);
    return response.json();
  };
  let token;

  // A second owner. In "approve" the console cannot make one alone (creating an admin is itself a
  // global operation): an environment's first owners come from the create-admin CLI, run here on the
  // stack's database. An owner: approving a global operation needs the operation's own permission.
  before(async () => {
    ({ token } = await call('POST', '/users/login', ADMIN));
    const created = spawnSync(
      path.join(repoRoot, 'bff/node_modules/.bin/tsx'),
      ['src/cli/createAdmin.ts', '--email', adminB.email, '--roles', 'owner'],
      {
        cwd: path.join(repoRoot, 'bff'),
        env: { ...process.env, DATABASE_URL: ctx.stack.databaseUrl, PHOENIX_ADMIN_PASSWORD: adminB.password },
        encoding: 'utf8',
      },
    );
    assert.equal(created.status, 0, `create-admin: ${created.stderr}`);
    // And the console refuses to make a second one directly.
    const direct = await fetch(`${ctx.stack.apiUrl}/admins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ email: 'direct@phoenix.local', role: 2, roles: ['owner'] }),
    });
    assert.equal(direct.status, 428);
  });

  /** A page signed in as `who`, on the console's home. */
  const pageAs = async (who) => {
    const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, ctx.stack.hostUrl, who);
    await page.waitForURL(`${ctx.stack.hostUrl}/admin`);
    return { context, page, main: page.getByRole('main') };
  };

  /** Admin B approves request #id on the Requests page (reached from the navbar's badge). */
  const approveAsB = async (id, { axe = false } = {}) => {
    const { context, page, main } = await pageAs(adminB);
    await page.getByRole('link', { name: /^Requests: \d+ pending change requests$/ }).click();
    await page.waitForURL(/\/admin\/requests$/);
    const card = main.getByRole('article', { name: new RegExp(`^#${id} `) });
    await card.waitFor();
    if (axe) {
      await assertAccessible(page, 'requests page');
      // The other two decisions' dialogs, opened and closed without deciding.
      for (const [button, title] of [
        ['Reject', `Reject request #${id}?`],
        ['Cancel request', `Cancel request #${id}?`],
      ]) {
        await card.getByRole('button', { name: button }).click();
        const other = page.getByRole('dialog', { name: title });
        await other.waitFor();
        await assertAccessible(page, `requests: ${button} dialog`);
        await other.getByRole('button', { name: 'Close' }).click();
        await other.waitFor({ state: 'detached' });
      }
    }
    await card.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('alertdialog', { name: new RegExp(`^Approve request #${id} `) });
    await dialog.waitFor();
    if (axe) await assertAccessible(page, 'requests: approve dialog');
    await dialog.getByLabel('Comment').fill('E2E: checked with the requester');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'detached' });
    return { context, page, main };
  };

  it('admin A requests "end all battles", nothing happens until admin B approves; the log shows both', async () => {
    const ongoing = async () => (await call('GET', '/battle-force-end', undefined, token)).ongoing;
    const before = await ongoing();
    assert.ok(before > 0, 'the local seed has ongoing battles');

    const a = await pageAs(ADMIN);
    await a.page.goto(`${ctx.stack.hostUrl}/admin/battle/forceEnd`);
    const status = a.main.getByText(/battles? (is|are) ongoing/);
    await status.waitFor();
    const count = numberIn(await status.innerText());
    assert.equal(count, before, 'admin A sees the count');
    await a.main.getByRole('button', { name: /^Force end/ }).click();
    const own = a.page.getByRole('alertdialog', { name: /ongoing battles?\?$/ });
    await own.getByLabel('Number of battles to end').fill(String(count));
    await own.getByRole('button', { name: /^End \d+ battles?$/ }).click();
    const ask = a.page.getByRole('alertdialog', { name: 'Request approval: all battles' });
    await ask.waitFor();
    await assertAccessible(a.page, 'change request dialog');
    await ask.getByLabel(/^Reason/).fill('E2E: maintenance at the weekly reset');
    await ask.getByRole('button', { name: 'Send request' }).click();
    const sent = a.main.getByText(/Sent for approval as request #(\d+) \(all battles\)/);
    await sent.waitFor();
    const id = Number(/#(\d+)/.exec(await sent.innerText())[1]);

    assert.equal(await ongoing(), before, 'nothing ended while the request waits');
    // The requester cannot approve their own (the server refuses it: 403).
    const own403 = await fetch(`${ctx.stack.apiUrl}/change-requests/${id}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ version: 1, comment: '' }),
    });
    assert.equal(own403.status, 403);
    assert.equal(await ongoing(), before);
    await a.context.close();

    const b = await approveAsB(id, { axe: true });
    await b.page
      .getByRole('status')
      .filter({ hasText: `Request #${id} applied` })
      .waitFor();
    assert.equal(await ongoing(), 0, 'the approval ended every battle');
    const recent = await call('GET', `/change-requests?view=recent&pageSize=50`, undefined, token);
    const done = recent.items.find((r) => r.id === id);
    assert.equal(done.status, 'applied');
    assert.equal(done.requestedBy.email, ADMIN.email);
    assert.equal(done.decidedBy.email, adminB.email);

    // The action log: the request by A, the approval by B.
    await b.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Action Log Management' }).click();
    await b.page.waitForURL(/\/admin\/logs/);
    for (const [action, email] of [
      ['changeRequest.request', ADMIN.email],
      ['changeRequest.approve', adminB.email],
    ]) {
      const row = b.main.getByRole('row').filter({ has: b.page.getByRole('cell', { name: action, exact: true }) });
      await row.first().waitFor();
      assert.match(await row.first().innerText(), new RegExp(email.replace(/\./g, '\\.')));
    }
    await b.context.close();
  });

  it('a balance change scheduled a minute ahead applies at its time, not at approval', async () => {
    const energy = async () => (await call('GET', '/game-balance/energy', undefined, token)).maxEnergy;
    const before = await energy();
    const wanted = before + 7;
    // The first whole minute at least 35 s away (the form takes minutes): the wait stays under 95 s.
    const at = new Date(Math.ceil((Date.now() + 35_000) / 60_000) * 60_000);

    const a = await pageAs(ADMIN);
    await a.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Energy Management' }).click();
    const max = a.main.getByLabel('Max energy');
    await max.waitFor();
    await max.fill(String(wanted));
    await a.main.getByRole('button', { name: 'Save changes' }).click();
    const ask = a.page.getByRole('alertdialog', { name: 'Request approval: game balance energy' });
    await ask.getByLabel(/^Reason/).fill('E2E: balance for the weekly reset');
    await ask.getByLabel(/^Apply at/).fill(localValue(at));
    await ask.getByRole('button', { name: 'Send request' }).click();
    const sent = a.page.getByText(/Sent for approval as request #(\d+) \(game balance energy\)/).first();
    await sent.waitFor();
    const id = Number(/#(\d+)/.exec(await sent.innerText())[1]);
    await a.context.close();

    const b = await approveAsB(id);
    await b.page
      .getByRole('status')
      .filter({ hasText: `Request #${id} approved: it applies at its time` })
      .waitFor();
    assert.ok(Date.now() < at.getTime(), 'approved before its time (else this proves nothing)');
    assert.equal(await energy(), before, 'not applied at approval');
    await b.main.getByLabel('Show').selectOption('scheduled');
    await b.main.getByRole('article', { name: new RegExp(`^#${id} `) }).waitFor();
    await assertAccessible(b.page, 'requests page: scheduled');
    await b.context.close();

    while (Date.now() < at.getTime() - 2000) {
      assert.equal(await energy(), before, 'not applied before its time');
      await new Promise((r) => setTimeout(r, 5000));
    }
    const deadline = at.getTime() + 30_000;
    let now = await energy();
    while (now !== wanted && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1000));
      now = await energy();
    }
    assert.equal(now, wanted, 'applied at its time');
    const recent = await call('GET', `/change-requests?view=recent&pageSize=50`, undefined, token);
    const done = recent.items.find((r) => r.id === id);
    assert.equal(done.status, 'applied');
    assert.ok(new Date(done.appliedAt).getTime() >= at.getTime(), `applied at ${done.appliedAt}, not before ${at.toISOString()}`);
  });
});
