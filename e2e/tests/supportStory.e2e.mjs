import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { assertAccessible } from '../support/axe.mjs';
import { signedInPage } from '../support/browser.mjs';
import { useConsole } from '../support/suite.mjs';
import { repoRoot } from '../../scripts/lib/pnpm.mjs';

const pg = createRequire(path.join(repoRoot, 'points-api/package.json'))('pg');

/** Battles come from the game (the console cannot make one): two of player 42's, written as the game writes them. */
async function gameBattlesOf42(db) {
  await db.query(`
    insert into battles (id, mode, status, player_ids, started_at, ended_at, winner_player_id, version, created_at, updated_at)
    values (900001, 'ranked', 'finished', '[42, 7]', now() - interval '2 hours', now() - interval '110 minutes', 42, 1, now(), now()),
           (900002, 'casual', 'finished', '[9, 42]', now() - interval '1 hour', now() - interval '50 minutes', 9, 1, now(), now())`);
  await db.query(`
    insert into battle_participants (battle_id, player_id, team, score, result)
    values (900001, 42, 1, 1200, 'win'), (900001, 7, 2, 800, 'loss'), (900002, 9, 1, 1500, 'win'), (900002, 42, 2, 700, 'loss')`);
}

/**
 * Point accounts come from the game too (the local seed makes 30): player 42's, with the player's
 * wallet and two game entries, as the game's ledger writes them.
 */
async function gamePointAccountOf42(db) {
  await db.query(`
    insert into points.accounts (id, wallet, booster_percent, last_activity_at, version, created_at, updated_at, updated_by)
    select 42, wallet_address, 25, now() - interval '1 hour', 1, now(), now(), null from players where id = 42`);
  // Each entry moves the balance (the database keeps it: points-api migration 0032): 1,000 then 1,250.
  await db.query(`
    insert into points.ledger_entries (player_id, kind, amount, reason, created_at, created_by)
    values (42, 'taskReward', 1000, 'Task: Join the Discord', now() - interval '2 hours', null),
           (42, 'checkin', 250, 'Check-in day 7', now() - interval '1 hour', null)`);
}

/** The admin's API, with the session the browser holds (sending a present is not this story's subject). */
async function bffCall(ctx, page, method, url, body) {
  const { token } = JSON.parse(await page.evaluate(() => localStorage.getItem('admin-phoenix'))).data;
  const response = await fetch(`${ctx.stack.apiUrl}${url}`, {
    method,
    headers: { token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  assert.ok(response.ok, `${method} ${url}: ${response.status} ${await response.clone().text()}`);
  return response.json();
}

/** Sends "Welcome pack" to player 42 alone and waits for the worker to deliver it. */
async function presentDeliveredTo42(ctx, page) {
  const presents = await bffCall(ctx, page, 'GET', '/presents?q=Welcome');
  const present = presents.items.find((p) => p.name === 'Welcome pack');
  const sent = await bffCall(ctx, page, 'POST', '/present-distributions', {
    presentId: present.id,
    target: 'list',
    playerIds: [42],
    scheduledAt: null,
  });
  for (let i = 0; i < 120; i++) {
    const now = await bffCall(ctx, page, 'GET', `/present-distributions/${sent.id}`);
    if (now.status === 'done') return sent.id;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`distribution ${sent.id} was not delivered in 60 s`);
}

describe('support story: one player, from one page', () => {
  const ctx = useConsole();

  it('finds player 42 by name with Ctrl+K, sees points, battles, presents and a ban on the player view, then opens their history; axe clean', async () => {
    const db = new pg.Client({ connectionString: ctx.stack.databaseUrl });
    await db.connect();
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const main = page.getByRole('main');
    try {
      const { rows } = await db.query('select name from players where id = 42');
      const name = rows[0].name;
      await gameBattlesOf42(db);
      await gamePointAccountOf42(db);
      const distributionId = await presentDeliveredTo42(ctx, page);

      // From wherever the admin is (the dashboard), keyboard only: Ctrl+K, the name, arrows, Enter.
      await page.keyboard.press('Control+k');
      const dialog = page.getByRole('dialog', { name: 'Find anything' });
      const box = dialog.getByRole('combobox');
      await box.waitFor();
      assert.equal(await box.evaluate((el) => el === document.activeElement), true, 'the text field has focus');
      await page.keyboard.type(name);
      const option = dialog.getByRole('option', { name: new RegExp(`${name}.*#42\\b`) });
      await option.waitFor();
      await assertAccessible(page, 'find anything (results)');
      for (let i = 0; i < 20 && (await option.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
      assert.equal(await box.getAttribute('aria-activedescendant'), await option.getAttribute('id'));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/admin\/user\?id=42$/);
      await main.getByRole('heading', { level: 1, name: `${name} (player #42)` }).waitFor();

      // A ban, from the page itself; its history row is there at once.
      await main.getByRole('button', { name: 'Ban', exact: true }).click();
      const ban = page.getByRole('alertdialog', { name: `Ban ${name} (#42)?` });
      await ban.getByLabel('Reason', { exact: false }).fill('Chargeback fraud (ticket 5512)');
      await ban.getByRole('button', { name: 'Ban' }).click();
      const bans = main.getByRole('region', { name: 'Ban history' });
      await bans.getByText('Chargeback fraud (ticket 5512)').waitFor();
      await bans.getByText('In force').waitFor();

      // Each area's section, loaded on its own: points (balance from the points API), battles, presents, history.
      const points = main.getByRole('region', { name: 'Points account' });
      await points.getByText('1,250 points').waitFor();
      await points.getByRole('cell', { name: 'Check-in day 7' }).waitFor();
      await points.getByText('+25%').waitFor();
      assert.equal(
        await points.getByRole('link', { name: 'Full ledger and adjustments' }).getAttribute('href'),
        '/admin/points/users?id=42',
      );
      const battles = main.getByRole('region', { name: 'Last battles' });
      await battles.getByRole('link', { name: '#900002' }).waitFor();
      await battles.getByRole('link', { name: '#900001' }).waitFor();
      assert.equal(
        await battles.getByRole('link', { name: 'All battles of this player' }).getAttribute('href'),
        '/admin/battle?playerId=42',
      );
      const presents = main.getByRole('region', { name: 'Presents delivered' });
      await presents.getByRole('cell', { name: 'Welcome pack' }).waitFor();
      await presents.getByRole('cell', { name: `#${distributionId}` }).waitFor();
      await presents.getByLabel('Distribution id').fill(String(distributionId));
      await presents.getByRole('button', { name: 'Check' }).click();
      await presents.getByText(new RegExp(`^Yes: Welcome pack \\(distribution #${distributionId}\\) was delivered on `)).waitFor();
      const history = main.getByRole('region', { name: 'What admins did to this player' });
      await history.getByRole('cell', { name: 'player.ban' }).waitFor();
      await assertAccessible(page, 'player view');

      // The player's action-log entries, one click away.
      await history.getByRole('link', { name: 'History: every action-log entry of this player' }).click();
      await page.waitForURL(/\/admin\/logs\?target=player%3A42$/);
      await main.getByRole('cell', { name: 'player.ban' }).first().waitFor();
      await assertAccessible(page, 'action log of player 42');
    } finally {
      await db.end();
      await context.close();
    }
  });
});
