// The frame of most end-to-end files: one stack (BFF + host + remotes) and one Chromium for the
// file, stopped after it. `const ctx = useConsole(port)`, then `ctx.stack` / `ctx.browser` in tests;
// `options` go to startStack (e.g. `{ bffEnv: { CHANGE_CONTROL: 'approve' } }`).
import { after, before } from 'node:test';
import { launchBrowser, signedInPage } from './browser.mjs';
import { startStack } from './stack.mjs';

export function useConsole(basePort, options) {
  const ctx = { stack: undefined, browser: undefined };
  before(async () => {
    ctx.stack = await startStack(basePort, options);
    ctx.browser = await launchBrowser();
  });
  after(async () => {
    await ctx.browser?.close();
    await ctx.stack?.stop();
  });
  return ctx;
}

/** A datetime-local value `hours` from now, in the browser's (= this machine's) time zone. */
export function localInput(hours) {
  const d = new Date(Date.now() + hours * 3600 * 1000);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A signed-in page opened on a menu entry, as an admin would: `{ context, page, main }`. */
export async function openFromMenu(ctx, menuLabel, url) {
  const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: menuLabel }).click();
  await page.waitForURL(url);
  return { context, page, main: page.getByRole('main') };
}

/**
 * After a link to a form: the URL changes first and the previous page stays on screen until the
 * form's code is in (a transition), so wait for the form's own submit button before typing.
 */
export function formReady(main) {
  return main.getByRole('button', { name: /^(Create .+|Save changes)$/ }).waitFor();
}

/**
 * A remote page rendered by its remote. Its heading alone does not say so: the host's placeholder
 * paints a list page's heading from routes.json while the remote loads, beside a "Loading…" status.
 */
export async function remotePageLoaded(main) {
  await main.getByRole('heading').first().waitFor({ timeout: 15_000 });
  await main
    .getByRole('status')
    .filter({ hasText: /^Loading…$/ })
    .first()
    .waitFor({ state: 'detached', timeout: 20_000 });
}
