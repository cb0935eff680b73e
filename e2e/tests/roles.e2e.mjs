import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useConsole } from '../support/suite.mjs';
import { assertAccessible } from '../support/axe.mjs';
import { signIn } from '../support/browser.mjs';

/** The seed's one admin per console role (bff/src/seed.ts). */
const as = (role) => ({ email: `${role}@phoenix.local`, password: `phoenix-${role}` });

async function signedInAs(ctx, role) {
  const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, ctx.stack.hostUrl, as(role));
  await page.waitForURL(`${ctx.stack.hostUrl}/admin`);
  return { context, page, main: page.getByRole('main') };
}

async function openFromMenu(page, entry, url) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: entry }).click();
  await page.waitForURL(url);
}

describe('roles by area', () => {
  const ctx = useConsole(0);

  it('a viewer reads a list and a document but is offered no change, and is told which roles may', async () => {
    const { context, page, main } = await signedInAs(ctx, 'viewer');
    await openFromMenu(page, 'Information Management', /\/admin\/information$/);
    await main.getByRole('row', { name: /Welcome to the Ember Season/ }).waitFor(); // it reads the seeded news
    await main.getByText('You can view this page. Changing it needs one of these roles: Content, Owner.').waitFor();
    assert.equal(await main.getByRole('link', { name: 'New news item' }).count(), 0);
    assert.equal(await main.getByRole('button', { name: 'Export CSV' }).count(), 0);
    assert.equal(await main.getByRole('link', { name: /^Edit/ }).count(), 0);
    await assertAccessible(page, 'information as a viewer');

    await openFromMenu(page, 'Maintenance Status', /\/admin\/maintenance$/);
    await main.getByText('You can view this page. Changing it needs one of these roles: Owner.').waitFor();
    assert.equal(await main.getByRole('button', { name: 'Save' }).count(), 0);
    // The page's own switch is there to read, and disabled.
    assert.equal(await main.getByRole('button', { name: 'Turn maintenance on' }).isDisabled(), true);
    await assertAccessible(page, 'maintenance as a viewer');
    await context.close();
  });

  it('a content admin changes the news, and is only told about the maintenance page, which is the owner’s', async () => {
    const { context, page, main } = await signedInAs(ctx, 'content');
    await openFromMenu(page, 'Information Management', /\/admin\/information$/);
    await main.getByRole('link', { name: 'New news item' }).waitFor();
    await main.getByRole('button', { name: 'Export CSV' }).waitFor();
    assert.equal(await main.getByText(/You can view this page/).count(), 0);

    await openFromMenu(page, 'Maintenance Status', /\/admin\/maintenance$/);
    await main.getByText('You can view this page. Changing it needs one of these roles: Owner.').waitFor();
    await context.close();
  });

  it('the server holds the line: a viewer’s call to change something is refused with the roles that may', async () => {
    const { context, page } = await signedInAs(ctx, 'viewer');
    const answer = await page.evaluate(async (apiBase) => {
      const stored = JSON.parse(localStorage.getItem('admin-phoenix')).data;
      const response = await fetch(`${apiBase}/news`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: stored.token },
        body: JSON.stringify({}),
      });
      return { status: response.status, body: await response.json() };
    }, ctx.stack.apiUrl);
    assert.equal(answer.status, 403);
    assert.equal(answer.body.error.code, 'permission_denied');
    assert.deepEqual(answer.body.error.current.roles, ['content', 'owner']);
    await context.close();
  });
});
