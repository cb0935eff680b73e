import fs from 'node:fs';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { remotePageLoaded, useConsole } from '../support/suite.mjs';
import { signedInPage } from '../support/browser.mjs';

// Every child path of /admin in the seed's route table (the host's seed tables, which its route-table test holds).
const SEED_PATHS = JSON.parse(fs.readFileSync(new URL('../../host/src/routes/seed.json', import.meta.url), 'utf8')).routes.map(
  (r) => r.path,
);

async function sidebarWidth(page) {
  return page.getByRole('navigation', { name: 'Main' }).evaluate((el) => el.getBoundingClientRect().width);
}

describe('layout', () => {
  const ctx = useConsole(18200);

  it('opens every seed path inside the layout, each remote loaded without error', async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    for (const path of SEED_PATHS) {
      await page.goto(`${ctx.stack.hostUrl}/admin/${path}`);
      await page.getByRole('banner').waitFor();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      const main = page.getByRole('main');
      await remotePageLoaded(main);
      assert.equal(await main.getByText('This page could not be loaded').count(), 0, `${path} failed to load its remote`);
      const pathname = new URL(page.url()).pathname;
      assert.equal(pathname, path === 'points' ? '/admin/points/tasks' : `/admin/${path}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("preloads the start's chunks from the HTML, and the start fetches each of them once", async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const html = await (await fetch(`${ctx.stack.hostUrl}/admin/logs`)).text();
    const preloaded = [...html.matchAll(/<link rel="?preload"? as="?script"? href="?([^" >]+)/g)].map((m) => m[1]);
    assert.ok(preloaded.length >= 10, `preloads in index.html: ${preloaded.join(', ')}`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const fetched = [];
    const urls = [];
    const warnings = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname) && urls.push(request.url()));
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await page.goto(`${ctx.stack.hostUrl}/admin/logs`);
    await page.getByRole('main').getByRole('heading').first().waitFor({ timeout: 15_000 });
    // Fetched a second time beside its preload, or preloaded and never used (Chromium says so 3 s after
    // the load event), a file would waste the start's bytes.
    await page.waitForTimeout(3_500);
    for (const file of preloaded) assert.equal(fetched.filter((f) => f === file).length, 1, `${file} fetched once`);
    // The configuration (preloaded by the HTML, read by the entry) and each remote's routes.json (requested
    // by the entry once the configuration is in, read by the start) are one request each.
    assert.match(html, /<link rel="?preload"? href="?\/config\.json"? as="?fetch"? crossorigin/);
    assert.equal(fetched.filter((f) => f === '/config.json').length, 1, 'config.json fetched once');
    const routesFiles = urls.filter((url) => new URL(url).pathname.endsWith('/routes.json'));
    assert.equal(routesFiles.length, 5, routesFiles.join(', '));
    assert.equal(new Set(routesFiles).size, 5, `each routes.json once: ${routesFiles.join(', ')}`);
    assert.deepEqual(
      warnings.filter((w) => /preloaded using link preload but not used/.test(w)),
      [],
    );
    await context.close();
  });

  it("keeps each row's actions in view at 1024 and 1280 px, however wide the values make the table", async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl, { width: 1280, height: 900 });
    // A JSON value, the players' wallet addresses and the log's columns make these tables wider than the content area.
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, name] of [
        ['constantVariables', /^Delete /],
        ['user', /^Ban /],
        ['logs', /^View log entry /],
      ]) {
        await page.goto(`${ctx.stack.hostUrl}/admin/${path}`);
        const table = page.getByRole('main').getByRole('table');
        const actions = table.getByRole('button', { name });
        await actions.first().waitFor({ timeout: 15_000 });
        const scroller = await table.evaluate((el) => el.parentElement.getBoundingClientRect().toJSON());
        const boxes = await actions.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
        assert.ok(boxes.length > 0);
        for (const box of boxes)
          assert.ok(
            box.right <= scroller.right && box.left >= scroller.left,
            `${width} px, ${path}: ${JSON.stringify(box)} inside ${JSON.stringify(scroller)}`,
          );
        await actions.first().click({ trial: true }); // not covered by another cell
      }
    }
    await context.close();
  });

  it("shows the players' table whole at 1280 px: no sideways scroll, each wallet address whole in at most two lines, no shade on the actions", async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl, { width: 1280, height: 900 });
    await page.goto(`${ctx.stack.hostUrl}/admin/user`);
    const table = page.getByRole('main').getByRole('table');
    await table.getByRole('button', { name: /^Ban / }).first().waitFor({ timeout: 15_000 });
    const scroller = await table.evaluate((el) => ({ scroll: el.parentElement.scrollWidth, client: el.parentElement.clientWidth }));
    assert.ok(scroller.scroll <= scroller.client, `the table scrolls sideways: ${JSON.stringify(scroller)}`);
    const addresses = await table.locator('tbody code').evaluateAll((els) =>
      els.map((el) => {
        // One client rect per line the text takes.
        const range = document.createRange();
        range.selectNodeContents(el);
        return { text: el.textContent, lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size };
      }),
    );
    assert.ok(addresses.length >= 10, JSON.stringify(addresses));
    for (const { text, lines } of addresses) {
      assert.match(text, /^0x[0-9a-fA-F]{40}$/);
      assert.ok(lines >= 1 && lines <= 2, `${text} in ${lines} lines`);
    }
    // The actions column's shade says columns are under it: none here; at 1024 px some, until the end.
    const shade = () =>
      table.evaluate((el) => {
        const cell = el.querySelector('tbody td[data-pinned]');
        return Number(getComputedStyle(cell, '::before').opacity);
      });
    assert.equal(await shade(), 0);
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.waitForFunction(() => {
      const scroller = document.querySelector('main table').parentElement;
      return scroller.scrollWidth > scroller.clientWidth;
    });
    // The scroll timeline starts a frame or more after the table overflows: wait for the shade, not once.
    await page.waitForFunction(() => {
      const cell = document.querySelector('main table tbody td[data-pinned]');
      return Number(getComputedStyle(cell, '::before').opacity) === 1;
    });
    assert.equal(await shade(), 1);
    await table.evaluate((el) => el.parentElement.scrollTo({ left: el.parentElement.scrollWidth }));
    await page.waitForFunction(() => {
      const cell = document.querySelector('main table tbody td[data-pinned]');
      return Number(getComputedStyle(cell, '::before').opacity) === 0;
    });
    await context.close();
  });

  it('keeps every navbar control on screen, above the page, from a phone to a desktop', async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl, { width: 390, height: 844 });
    for (const width of [390, 700, 900, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${ctx.stack.hostUrl}/admin/constantVariables`);
      const banner = page.getByRole('banner');
      await banner.getByRole('button', { name: 'Log out' }).waitFor();
      const controls = await banner.evaluate((header) =>
        [...header.querySelectorAll('button, select, a')]
          .filter((el) => el.checkVisibility())
          .map((el) => ({ name: el.textContent.trim().slice(0, 20), ...el.getBoundingClientRect().toJSON() })),
      );
      const header = await banner.evaluate((el) => el.getBoundingClientRect().toJSON());
      const main = await page.getByRole('main').evaluate((el) => el.getBoundingClientRect().toJSON());
      assert.ok(controls.length >= 4, `${width}: ${JSON.stringify(controls)}`);
      for (const c of controls) {
        assert.ok(c.left >= 0 && c.right <= width, `${width} px: ${c.name} at ${c.left}-${c.right}`);
        assert.ok(c.bottom <= header.bottom, `${width} px: ${c.name} below the navbar (${c.bottom} > ${header.bottom})`);
      }
      assert.ok(main.top >= header.bottom, `${width} px: the page starts under the navbar`);
    }
    await context.close();
  });

  it("keeps every page's controls on a phone's screen, outside the tables that scroll sideways", async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl, { width: 390, height: 844 });
    const offScreen = [];
    for (const path of SEED_PATHS) {
      await page.goto(`${ctx.stack.hostUrl}/admin/${path}`);
      await page.getByRole('main').getByRole('heading').first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle').catch(() => {}); // the page's data, then its controls
      const found = await page.getByRole('main').evaluate((main) => {
        const out = [];
        for (const el of main.querySelectorAll('button, a, select, input, textarea')) {
          if (!el.checkVisibility()) continue;
          // Inside a container that scrolls (a wide table), the control is reached by scrolling it.
          let scroller = el.parentElement;
          while (scroller && scroller !== main && !/auto|scroll|hidden/.test(getComputedStyle(scroller).overflowX))
            scroller = scroller.parentElement;
          if (scroller && scroller !== main) continue;
          const box = el.getBoundingClientRect();
          if (box.width > 0 && (box.left < 0 || box.right > window.innerWidth + 1))
            out.push(
              `${(el.textContent || el.getAttribute('aria-label') || el.tagName).trim().slice(0, 40)} (${Math.round(box.left)}-${Math.round(box.right)})`,
            );
        }
        return out;
      });
      offScreen.push(...found.map((f) => `${path}: ${f}`));
    }
    assert.deepEqual(offScreen, []);
    await context.close();
  });

  it('sizes the sidebar as the seed says at 1280, 700 and 600 px', async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl, { width: 1280, height: 900 });
    assert.equal(await sidebarWidth(page), 256); // 16rem expanded
    await page.getByRole('button', { name: /minimize sidebar/i }).click();
    assert.equal(await sidebarWidth(page), 72); // 4.5rem minimized
    await page.getByRole('button', { name: /expand sidebar/i }).click();
    assert.equal(await sidebarWidth(page), 256);

    await page.setViewportSize({ width: 700, height: 900 });
    await page.waitForFunction(() => document.querySelector('nav[aria-label="Main"]')?.getBoundingClientRect().width === 72);
    await page.getByRole('button', { name: /expand sidebar/i }).click();
    assert.equal(await sidebarWidth(page), 700); // 100% when narrow
    await page.getByRole('button', { name: 'Close sidebar' }).click();
    assert.equal(await sidebarWidth(page), 72);

    await page.setViewportSize({ width: 600, height: 900 });
    await page.waitForTimeout(100);
    const width600 = await page.locator('nav[aria-label="Main"]').evaluate((el) => el.getBoundingClientRect().width);
    assert.equal(width600, 0); // minimized is 0 at ≤640
    await page.getByRole('button', { name: /expand sidebar/i }).click();
    assert.equal(await sidebarWidth(page), 600);
    await context.close();
  });
});
