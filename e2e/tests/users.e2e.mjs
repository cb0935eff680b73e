import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible } from '../support/axe.mjs';
import { ADMIN, signIn, signedInPage } from '../support/browser.mjs';
import { totpCode } from '../support/totp.mjs';
import { localInput, openFromMenu, useConsole } from '../support/suite.mjs';

/** The login page as the admin sees it: one tab, "Login", selected (seed §2). */
async function expectSingleLoginTab(page) {
  const tabs = page.getByRole('tab');
  assert.equal(await tabs.count(), 1);
  assert.equal(await tabs.first().getAttribute('aria-selected'), 'true');
  assert.match(await tabs.first().innerText(), /^\s*Login\s*$/);
}

describe('admin accounts and players', () => {
  const ctx = useConsole(19500);

  it('creates an admin whose one-time password must be changed at the first sign-in', async () => {
    const email = 'new.admin@phoenix.local';
    const newPassword = 'a-password-of-their-own-42';
    const { context, page, main } = await openFromMenu(ctx, 'Admin Management', /\/admin\/management$/);
    await main
      .getByRole('cell', { name: /admin@phoenix\.local/ })
      .first()
      .waitFor();
    await assertAccessible(page, 'management');

    await main.getByRole('button', { name: 'New admin' }).click();
    const create = page.getByRole('dialog', { name: 'New admin' });
    await create.getByLabel('Email').fill(email);
    await create.getByRole('button', { name: 'Create account' }).click();

    // Shown once, read-only, with a copy button; the list marks the account as pending a change.
    const issued = page.getByRole('dialog', { name: `One-time password for ${email}` });
    const otpField = issued.getByLabel('One-time password');
    await otpField.waitFor();
    await issued.getByRole('button', { name: 'Copy' }).waitFor();
    assert.equal(await otpField.getAttribute('readonly'), '');
    const oneTimePassword = await otpField.inputValue();
    assert.ok(oneTimePassword.length >= 12, 'a long enough one-time password');
    await issued.getByText(/^It opens the password change until .+; after that, reset the password again\.$/).waitFor();
    await assertAccessible(page, 'management: one-time password');
    await issued.getByRole('button', { name: 'Close' }).click();
    const row = main.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await row.getByText('Password not chosen yet').waitFor();
    assert.ok(!(await main.innerText()).includes(oneTimePassword), 'the list never shows the one-time password');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/auth\/login/);

    // The new admin signs in with it: the same login page asks for a password of their own.
    await signIn(page, ctx.stack.hostUrl, { email, password: oneTimePassword });
    await page.getByRole('heading', { name: /new password/i }).waitFor();
    assert.match(new URL(page.url()).pathname, /^\/auth\/login/);
    await expectSingleLoginTab(page);
    await assertAccessible(page, 'login: forced password change');
    // A common password is refused on its field, however long (the server's list); the form keeps it.
    await page.getByLabel(/^new password/i).fill('password1234');
    await page.getByLabel(/repeat|confirm/i).fill('password1234');
    await page.getByRole('button', { name: /save/i }).click();
    await page.getByText('This password is on a list of common passwords: choose another').waitFor();
    assert.equal(await page.getByLabel(/^new password/i).inputValue(), 'password1234');
    await page.getByLabel(/^new password/i).fill(newPassword);
    await page.getByLabel(/repeat|confirm/i).fill(newPassword);
    await page.getByRole('button', { name: /save/i }).click();
    // In the console (back on the page the last admin left, or the dashboard).
    await page.waitForURL(/\/admin(\/|$)/);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    const record = JSON.parse(await page.evaluate(() => localStorage.getItem('admin-phoenix')));
    assert.equal(record.data.email, email);
    await assertAccessible(page, 'console as the new admin');

    // The one-time password is spent: signing in with it again is refused, the new one works.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/auth\/login/);
    await signIn(page, ctx.stack.hostUrl, { email, password: oneTimePassword });
    await page.getByText(/sign-in failed/i).waitFor();
    assert.equal(await page.getByRole('heading', { name: /new password/i }).count(), 0);
    assert.equal(await page.evaluate(() => localStorage.getItem('admin-phoenix')), null);
    await signIn(page, ctx.stack.hostUrl, { email, password: newPassword });
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await context.close();
  });

  it('bans a player with a reason and an end, sees it in the history, unbans with a reason', async () => {
    const { context, page, main } = await openFromMenu(ctx, 'User Management', /\/admin\/user$/);
    await main.getByRole('table').waitFor();
    await assertAccessible(page, 'user');
    await page.goto(`${ctx.stack.hostUrl}/admin/user?id=42`);
    // The player view is a page (user?id=): its main region holds the profile, bans and restrictions.
    await page.getByRole('heading', { level: 1, name: /\(player #42\)$/ }).waitFor();
    const detail = page.getByRole('main');
    await detail.getByRole('heading', { name: 'Ban history' }).waitFor();
    await detail.getByText('Never banned.').waitFor();
    // On the detail itself: what the player cannot do and why (seeded: players 1–120 are in Trade freeze).
    const effective = detail.getByRole('table', { name: 'Effective restrictions' });
    await effective
      .getByRole('row', { name: /market\.list/ })
      .getByText('Policy: Trade freeze')
      .waitFor();
    const policies = detail.getByRole('list', { name: 'Policies this player is in' });
    assert.match(
      await policies.getByRole('link', { name: 'Trade freeze' }).getAttribute('href'),
      /^\/admin\/policies\/users_in_policy\?id=\d+$/,
    );
    await assertAccessible(page, 'user?id= (player detail)');

    // The reason is required.
    await detail.getByRole('button', { name: 'Ban', exact: true }).click();
    const ban = page.getByRole('alertdialog', { name: /^Ban .+ \(#42\)\?$/ });
    await ban.getByRole('button', { name: 'Ban', exact: true }).click();
    await ban.getByText('Give a reason').waitFor();
    await assertAccessible(page, 'ban dialog');
    await ban.getByLabel('Reason').fill('Botting in the arena (e2e)');
    await ban.getByLabel(/^Ban ends/).fill(localInput(72));
    await ban.getByRole('button', { name: 'Ban', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: / is banned/ })
      .waitFor();
    await ban.waitFor({ state: 'detached' });

    // The detail shows it: status banned until the end, the ban in force in the history.
    // In the profile (the summary strip at the top says it too).
    const profile = detail.getByRole('region', { name: 'Profile and status' });
    await profile.getByText(/^Banned until /).waitFor();
    const history = detail.getByRole('region', { name: 'Ban history' });
    const banRow = history.getByRole('row', { name: /Botting in the arena \(e2e\)/ });
    await banRow.getByText('In force').waitFor();
    assert.match(await banRow.innerText(), /admin@phoenix\.local/);
    assert.doesNotMatch(await banRow.innerText(), /Until lifted/);

    // Unban, with a reason: the status is back to active and the history keeps both.
    await detail.getByRole('button', { name: 'Unban', exact: true }).click();
    const unban = page.getByRole('alertdialog', { name: /^Unban .+ \(#42\)\?$/ });
    await unban.getByLabel('Reason').fill('Appeal accepted (e2e)');
    await unban.getByRole('button', { name: 'Unban', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: / is unbanned/ })
      .waitFor();
    await profile.getByText('Active', { exact: true }).waitFor();
    await banRow.getByText(/Appeal accepted \(e2e\)/).waitFor();
    assert.equal(await banRow.getByText('In force').count(), 0);
    await detail.getByRole('button', { name: 'Ban', exact: true }).waitFor();

    // The list agrees.
    await page.goto(`${ctx.stack.hostUrl}/admin/user?by=id&q=42`);
    await main.getByRole('button', { name: /^Ban .+ \(#42\)$/ }).waitFor();
    await context.close();
  });

  // Last in the file: it signs the seed admin out everywhere.
  it('the Security page: sessions listed, a password change ends the other browser, sign out everywhere ends all', async () => {
    const here = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const elsewhere = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const { page } = here;
    const main = page.getByRole('main');
    await page.getByRole('banner').getByRole('link', { name: 'Security' }).click();
    await page.waitForURL(/\/admin\/security$/);
    const sessions = main.getByRole('region', { name: 'Sessions' });
    await sessions.getByText('This session').waitFor();
    assert.ok((await sessions.getByRole('row').count()) >= 3, 'a heading row and both browsers');
    assert.match(await sessions.getByRole('row').nth(1).innerText(), /Chrome|Chromium/);
    await assertAccessible(page, 'security');

    // A password change: a wrong current password is refused on its field, then the other browser is signed out.
    const password = main.getByRole('region', { name: 'Password' });
    const change = async (current, next) => {
      await password.getByLabel(/^Current password/).fill(current);
      await password.getByLabel(/^New password/).fill(next);
      await password.getByLabel(/^Repeat new password/).fill(next);
      await password.getByRole('button', { name: 'Change password' }).click();
    };
    const temporary = 'an e2e passphrase for a minute';
    await change('not the password at all', temporary);
    await password.getByText('This is not your current password').waitFor();
    await change(ADMIN.password, temporary);
    await page
      .getByRole('status')
      .filter({ hasText: /Password changed\. \d+ other sessions? ended\./ })
      .waitFor();
    await elsewhere.page.reload();
    await elsewhere.page.waitForURL(/\/auth\/login/);
    await sessions.getByText('End session').waitFor({ state: 'detached' }); // the list is only this one now
    await change(temporary, ADMIN.password); // the file's other tests sign in with it

    // Sign out everywhere: the confirm counts the sessions; this browser leaves for the sign-in page.
    await sessions.getByRole('button', { name: 'Sign out everywhere' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
    await confirm.getByText(/this one included/).waitFor();
    await assertAccessible(page, 'security: sign out everywhere');
    await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL(/\/auth\/login/);
    await signIn(page, ctx.stack.hostUrl);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await here.context.close();
    await elsewhere.context.close();
  });

  // After the sessions test: from here on the seed admin signs in with a code too.
  it('two-step sign-in: an authenticator app enrolled from its key, a code after the password, a recovery code once, step-up', async () => {
    // Signed in before the factor exists: this session never proved one, so step-up will ask.
    const earlier = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    await page.goto(`${ctx.stack.hostUrl}/admin/security`);
    const factors = page.getByRole('main').getByRole('region', { name: 'Two-step sign-in' });
    await factors.getByRole('button', { name: 'Add an authenticator app' }).click();
    await factors.getByLabel(/^Name/).fill('E2E phone');
    await factors.getByRole('button', { name: 'Next' }).click();
    await factors.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = (await factors.getByTestId('totp-secret').innerText()).trim();
    await assertAccessible(page, 'security: adding an authenticator app');
    await factors.getByLabel(/^Code from the app/).fill(totpCode(secret));
    await factors.getByRole('button', { name: 'Add', exact: true }).click();
    const shown = page.getByRole('dialog', { name: 'Your recovery codes' });
    await shown.waitFor();
    const recoveryCodes = (await shown.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    assert.equal(recoveryCodes.length, 10);
    await assertAccessible(page, 'security: recovery codes');
    await shown.getByRole('button', { name: 'I have saved them' }).click();
    await factors.getByRole('cell', { name: 'E2E phone', exact: true }).waitFor();

    // Sign-in now asks for a code after the password: the app's (the next step's: this one is spent).
    const signInWithCode = async (code) => {
      await signIn(page, ctx.stack.hostUrl);
      await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
      await page.getByLabel(/^Code/).fill(code);
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
    };
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/auth\/login/);
    await signIn(page, ctx.stack.hostUrl);
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await assertAccessible(page, 'login: second factor');
    await page.getByLabel(/^Code/).fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();

    // A recovery code works once.
    for (const expected of ['console', 'refused']) {
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL(/\/auth\/login/);
      await signInWithCode(recoveryCodes[0]);
      if (expected === 'console') await page.getByRole('navigation', { name: 'Main' }).waitFor();
      else await page.getByText(/That code did not work/).waitFor();
    }
    await context.close();

    // Step-up: creating an admin asks the earlier session for a code, then goes through.
    const before = earlier.page;
    await before.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Management' }).click();
    await before.getByRole('main').getByRole('button', { name: 'New admin' }).click();
    const create = before.getByRole('dialog', { name: 'New admin' });
    await create.getByLabel('Email').fill('stepped.up@phoenix.local');
    await create.getByRole('button', { name: 'Create account' }).click();
    const stepUp = before.getByRole('dialog', { name: 'Confirm it is you' });
    await stepUp.waitFor();
    await assertAccessible(before, 'step-up dialog');
    await stepUp.getByLabel(/^Code/).fill(recoveryCodes[1]);
    await stepUp.getByRole('button', { name: 'Verify and continue' }).click();
    await before.getByRole('dialog', { name: 'One-time password for stepped.up@phoenix.local' }).waitFor();
    await earlier.context.close();
  });
});
