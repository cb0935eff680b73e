// Debian's chromium driven by playwright-core: no browser download, ever.
import { chromium } from 'playwright-core';
import fs from 'node:fs';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

export async function launchBrowser() {
  if (!EXECUTABLE) throw new Error("Chromium is not installed: run `apt-get install chromium` (Debian's package).");
  return chromium.launch({
    executablePath: EXECUTABLE,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const ADMIN = { email: 'admin@phoenix.local', password: 'phoenix-admin' };
export const OPERATOR = { email: 'operator@phoenix.local', password: 'phoenix-operator' };

/** Signs in through the login form, as an admin would. */
export async function signIn(page, hostUrl, { email, password } = ADMIN) {
  await page.goto(`${hostUrl}/auth/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signedInPage(browser, hostUrl, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, hostUrl);
  await page.waitForURL(`${hostUrl}/admin`);
  return { context, page };
}
