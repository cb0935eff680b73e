// Live without reload, across instances: with the dashboard open on one BFF, a change made through a
// SECOND BFF instance on the same database shows within 2 s (LISTEN/NOTIFY → the first instance's
// server-sent events → the console reads the summary again). Battles come from the game (no route
// starts one): the change is a battle force-ended there, then a battle the game starts; and, in "approve", a change request filed there
// shows in the navbar's requests badge.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ADMIN, signIn } from '../support/browser.mjs';
import { useConsole } from '../support/suite.mjs';
import { startBff } from '../../scripts/lib/console.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';
import { repoRoot } from '../../scripts/lib/pnpm.mjs';

const pg = createRequire(path.join(repoRoot, 'points-api/package.json'))('pg');

/** The first whole number in a text ("Battles in progress: 1,234" → 1234). */
const numberIn = (text) => Number(/\d[\d,]*/.exec(text)[0].replace(/,/g, ''));
const LIVE_MS = 2000;

describe('live dashboard across two BFF instances', () => {
  const ctx = useConsole(0, { bffEnv: { CHANGE_CONTROL: 'approve' } });
  let second;
  let secondUrl;
  let token;

  /** A call through the second instance, as the signed-in admin. */
  const call = async (method, path, body) => {
    const response = await fetch(`${secondUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.ok(response.ok, `${method} ${path} on the second instance: ${response.status} ${await response.clone().text()}`);
    return response.json();
  };

  before(async () => {
    // The second instance: the same database (PostgreSQL, or the first BFF's PGlite over its wire), its own port.
    const port = await freePort();
    second = await startBff({
      port,
      quiet: true,
      env: { DATABASE_URL: ctx.stack.databaseUrl, CORS_ORIGINS: ctx.stack.hostUrl, CHANGE_CONTROL: 'approve' },
    });
    secondUrl = `http://127.0.0.1:${port}`;
    assert.notEqual(secondUrl, ctx.stack.apiUrl);
    ({ token } = await call('POST', '/users/login', ADMIN));
  });
  after(async () => {
    await second?.stop();
  });

  it('a battle force-ended through the second instance, or started by the game, moves the dashboard figure within 2 s; a request filed there shows in the badge', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // The stream is open once its answer's headers are in (the body never ends).
    let streamOpen = false;
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/events' && response.status() === 200) streamOpen = true;
    });
    try {
      await signIn(page, ctx.stack.hostUrl);
      await page.waitForURL(`${ctx.stack.hostUrl}/admin`);
      const main = page.getByRole('main');
      const figure = main.getByRole('link', { name: /^Battles in progress: \d[\d,]*$/ });
      await figure.waitFor({ timeout: 20_000 });
      for (let i = 0; i < 100 && !streamOpen; i++) await new Promise((resolve) => setTimeout(resolve, 200));
      assert.ok(streamOpen, 'the console opened its live stream');
      const before = numberIn(await figure.getAttribute('aria-label'));
      assert.ok(before > 0, 'the local seed has ongoing battles');

      const ongoing = await call('GET', '/battles?status=ongoing&pageSize=1');
      const battle = ongoing.items[0];
      const started = Date.now();
      await call('POST', `/battles/${battle.id}/force-end`, { reason: 'Stuck after a restart', version: battle.version });
      await main.getByRole('link', { name: `Battles in progress: ${(before - 1).toLocaleString('en-US')}` }).waitFor({ timeout: LIVE_MS });
      const tookMs = Date.now() - started;
      assert.ok(tookMs < LIVE_MS, `the figure followed in ${tookMs} ms`);
      console.log(`live dashboard: a battle force-ended on the second instance showed in ${tookMs} ms`);

      // A battle the game starts (written to the shared database, not through any BFF) shows the same way.
      const db = new pg.Client({ connectionString: ctx.stack.databaseUrl });
      await db.connect();
      try {
        const gameStarted = Date.now();
        await db.query(
          `insert into battles (id, mode, status, player_ids, started_at, version, created_at, updated_at)
           values (900201, 'ranked', 'ongoing', '[1, 2]', now(), 1, now(), now())`,
        );
        await main.getByRole('link', { name: `Battles in progress: ${before.toLocaleString('en-US')}` }).waitFor({ timeout: LIVE_MS });
        const startedMs = Date.now() - gameStarted;
        assert.ok(startedMs < LIVE_MS, `the figure followed in ${startedMs} ms`);
        console.log(`live dashboard: a battle the game started showed in ${startedMs} ms`);
      } finally {
        await db.end();
      }

      // "approve": ending every battle is a change request; filed on the second instance, the badge shows it.
      const badge = page.getByRole('link', { name: /^Requests: \d+ pending change requests$/ });
      const pendingBefore = (await badge.count()) > 0 ? numberIn(await badge.getAttribute('aria-label')) : 0;
      const { ongoing: count } = await call('GET', '/battle-force-end');
      const filedAt = Date.now();
      await call('POST', '/change-requests', {
        method: 'POST',
        path: '/battle-force-end',
        body: { confirmedCount: count, reason: 'Season end' },
        reason: 'Season end at the reset',
      });
      await page.getByRole('link', { name: `Requests: ${pendingBefore + 1} pending change requests` }).waitFor({ timeout: LIVE_MS });
      const badgeMs = Date.now() - filedAt;
      assert.ok(badgeMs < LIVE_MS, `the badge followed in ${badgeMs} ms`);
      console.log(`live dashboard: a change request filed on the second instance showed in the badge in ${badgeMs} ms`);
    } finally {
      await context.close();
    }
  });
});
