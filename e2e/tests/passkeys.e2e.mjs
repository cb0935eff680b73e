import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible } from '../support/axe.mjs';
import { signIn, signedInPage } from '../support/browser.mjs';
import { useConsole } from '../support/suite.mjs';

/**
 * Passkeys: Chromium's virtual authenticator (CDP WebAuthn domain) stands in for a
 * device's screen lock. The console is opened as http://localhost:<port> (WebAuthn refuses an IP
 * address as the RP ID); the BFF's passkey settings follow from CORS_ORIGINS (RP ID localhost).
 */
describe('passkeys', () => {
  const ctx = useConsole(0, { hostName: 'localhost' });

  /** A passkey-capable "device" for one page: the virtual authenticator lives in its CDP session. */
  async function withAuthenticator(page) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    return { cdp, authenticatorId };
  }

  it('an admin enrols a passkey on the Security page, then signs in with password and passkey', async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const { cdp, authenticatorId } = await withAuthenticator(page);

    await page.goto(`${ctx.stack.hostUrl}/admin/security`);
    const factors = page.getByRole('main').getByRole('region', { name: 'Two-step sign-in' });
    await factors.getByRole('button', { name: 'Add a passkey' }).click();
    await factors.getByLabel(/^Name/).fill('E2E laptop');
    await assertAccessible(page, 'security: adding a passkey');
    await factors.getByRole('button', { name: 'Create passkey' }).click();
    const shown = page.getByRole('dialog', { name: 'Your recovery codes' });
    await shown.waitFor();
    assert.equal(await shown.getByRole('listitem').count(), 10);
    await shown.getByRole('button', { name: 'I have saved them' }).click();
    await factors.getByRole('cell', { name: 'E2E laptop', exact: true }).waitFor();
    await factors.getByRole('cell', { name: 'Passkey', exact: true }).waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    assert.equal(credentials.length, 1);

    // Signed out: the password, then "Use a passkey" answers the second step.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/auth\/login/);
    await signIn(page, ctx.stack.hostUrl);
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await assertAccessible(page, 'login: second factor with a passkey');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    assert.ok(after.credentials[0].signCount >= 1, 'the passkey signed the sign-in');

    await context.close();
  });
});
