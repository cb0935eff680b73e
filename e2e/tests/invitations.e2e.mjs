import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible } from '../support/axe.mjs';
import { launchBrowser, signIn } from '../support/browser.mjs';
import { startStack } from '../support/stack.mjs';
import { totpCode } from '../support/totp.mjs';
import { startMailbox } from '../../scripts/lib/mailbox.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';

/**
 * Where a mail server is configured (here the local mailbox of `npm start`), a new admin
 * gets a single-use link, never a password the acting admin sees. The deployment requires a second
 * factor (SECOND_FACTOR=required, as outside local): the link sets the password, signs in and
 * leads to the factor's enrolment; then the console opens.
 */
describe('invitations by mail (SMTP_URL, SECOND_FACTOR=required)', () => {
  const ctx = { stack: undefined, browser: undefined, mailbox: undefined };
  before(async () => {
    ctx.mailbox = await startMailbox({ smtpPort: await freePort(), webPort: await freePort() });
    ctx.stack = await startStack(0, { bffEnv: { SMTP_URL: ctx.mailbox.smtpUrl, SECOND_FACTOR: 'required' } });
    ctx.browser = await launchBrowser();
  });
  after(async () => {
    await ctx.browser?.close();
    await ctx.stack?.stop();
    await ctx.mailbox?.stop();
  });

  /** On the Security page of a session that must enrol: adds an authenticator app, saves the codes. */
  async function enrolApp(page, label) {
    await page.waitForURL(/\/admin\/security$/);
    const factors = page.getByRole('main').getByRole('region', { name: 'Two-step sign-in' });
    await factors.getByRole('button', { name: 'Add an authenticator app' }).click();
    await factors.getByLabel(/^Name/).fill(label);
    await factors.getByRole('button', { name: 'Next' }).click();
    const secret = (await factors.getByTestId('totp-secret').innerText()).trim();
    await factors.getByLabel(/^Code from the app/).fill(totpCode(secret));
    await factors.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('dialog', { name: 'Your recovery codes' }).getByRole('button', { name: 'I have saved them' }).click();
    await factors.getByRole('cell', { name: label, exact: true }).waitFor();
    return secret;
  }

  it('an admin is invited, the mail arrives in the local mailbox, and the link sets a password and a factor', async () => {
    const email = 'invited.admin@phoenix.local';
    const hostUrl = ctx.stack.hostUrl;

    // The seeded owner enrols its own factor first (required here), then invites.
    const ownerContext = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const owner = await ownerContext.newPage();
    await signIn(owner, hostUrl);
    await enrolApp(owner, 'Owner phone');
    await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Management' }).click();
    await owner.getByRole('main').getByRole('button', { name: 'New admin' }).click();
    const create = owner.getByRole('dialog', { name: 'New admin' });
    await create.getByLabel('Email').fill(email);
    await create.getByRole('button', { name: 'Create account' }).click();
    const sent = owner.getByRole('dialog', { name: `Invitation sent to ${email}` });
    await sent.getByText(/A single-use link went to invited\.admin@phoenix\.local/).waitFor();
    await assertAccessible(owner, 'management: invitation sent');
    assert.equal(await sent.getByRole('textbox').count(), 0, 'no secret is shown to the acting admin');
    await ownerContext.close();

    // The invitee reads the mail on the mailbox page and follows its link.
    const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(ctx.mailbox.webUrl);
    const mail = page.getByRole('article').filter({ hasText: `To ${email}` });
    await mail.getByRole('heading', { name: 'Your Phoenix Admin invitation' }).waitFor();
    await mail.getByRole('link', { name: /\/auth\/login#invitation=/ }).click();
    await page.getByText(`Choose the password for ${email}.`, { exact: false }).waitFor();
    assert.equal(new URL(page.url()).hash, '', 'the token leaves the address bar');
    await assertAccessible(page, 'invitation: choose a password');
    // A common password is refused by its field; what was typed stays.
    await page.getByLabel(/^New password/).fill('password1234');
    await page.getByLabel(/^Repeat the new password/).fill('password1234');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page
      .getByText(/common/i)
      .first()
      .waitFor();
    assert.equal(await page.getByLabel(/^New password/).inputValue(), 'password1234');
    const password = 'an invited admin password 42';
    await page.getByLabel(/^New password/).fill(password);
    await page.getByLabel(/^Repeat the new password/).fill(password);
    await page.getByRole('button', { name: 'Save and sign in' }).click();

    // Signed in with an enrolment-only session: the factor comes next, then the console.
    await enrolApp(page, 'Invitee phone');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Management' }).click();
    await page
      .getByRole('main')
      .getByRole('cell', { name: new RegExp(email.replace(/\./g, '\\.')) })
      .first()
      .waitFor();

    // The link was single-use.
    const link = ctx.mailbox
      .messages()
      .find((m) => m.to === email)
      .text.match(/https?:\/\/\S+/)[0];
    await page.goto(link);
    await page
      .getByRole('alert')
      .filter({ hasText: /does not work any more/ })
      .waitFor();
    await context.close();
  });
});
