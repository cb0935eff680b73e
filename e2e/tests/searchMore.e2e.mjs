// "Find anything" beyond name prefixes, on the production build: a word of a name ("Kim"), a word of
// a news title, a battle by id, an admin by e-mail, a ledger entry by id, the actions the admin may
// take, and the records opened from it coming back as recent items. Keyboard only; axe clean at
// 1440 and 390 px, with results and with the recent items.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { assertAccessible } from '../support/axe.mjs';
import { ADMIN, signedInPage } from '../support/browser.mjs';
import { useConsole } from '../support/suite.mjs';
import { repoRoot } from '../../scripts/lib/pnpm.mjs';

const pg = createRequire(path.join(repoRoot, 'points-api/package.json'))('pg');

/** Battles come from the game (the console cannot make one): one, written as the game writes it. */
async function gameBattle(db, id) {
  await db.query(
    `insert into battles (id, mode, status, player_ids, started_at, ended_at, winner_player_id, version, created_at, updated_at)
     values ($1, 'ranked', 'finished', '[1, 2]', now() - interval '2 hours', now() - interval '110 minutes', 1, 1, now(), now())`,
    [id],
  );
}

/** Opens the dialog with Ctrl+K and types `text` into its (focused) field. */
async function find(page, text) {
  // The shortcut works once the navbar is there (right after sign-in the console is still loading).
  await page.getByRole('button', { name: /^Find anything/ }).waitFor();
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Find anything' });
  const box = dialog.getByRole('combobox');
  await box.waitFor();
  assert.equal(await box.evaluate((el) => el === document.activeElement), true, 'the text field has focus');
  if (text) await page.keyboard.type(text);
  return { dialog, box };
}

/** ArrowDown until `option` is the active one, then Enter. */
async function choose(page, box, option) {
  await option.waitFor();
  for (let i = 0; i < 30 && (await option.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  assert.equal(await box.getAttribute('aria-activedescendant'), await option.getAttribute('id'));
  await page.keyboard.press('Enter');
}

describe('find anything: words, substrings, more kinds, actions and recent items', () => {
  const ctx = useConsole(19650);

  it('finds by a word of a name, battles, admins and ledger entries by id or e-mail; runs actions; remembers what was opened; axe clean at 1440 and 390 px', async () => {
    const db = new pg.Client({ connectionString: ctx.stack.databaseUrl });
    await db.connect();
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl, { width: 1440, height: 900 });
    try {
      await gameBattle(db, 900_101);
      const kim = (await db.query(`select id, name from players where name like '% Kim' order by id limit 1`)).rows[0];
      assert.ok(kim, 'the local seed has a player named "… Kim"');
      const entry = (await db.query('select id, player_id from points.ledger_entries order by id limit 1')).rows[0];
      assert.ok(entry, 'the local seed has ledger entries');

      // "Kim": no name starts with it; the players with the word Kim are found (a word match).
      let { dialog, box } = await find(page, 'Kim');
      const players = dialog.getByRole('option', { name: /Player.* Kim\b/ });
      await players.first().waitFor();
      assert.ok((await players.count()) >= 1);
      await assertAccessible(page, 'find anything: word matches (1440 px)');

      // A word of a news title.
      await box.fill('double');
      await dialog.getByRole('option', { name: /News\s*Weekend double-up event/ }).waitFor();

      // An admin by part of the e-mail address, and a ledger entry by id, named as such.
      await box.fill(ADMIN.email.split('@')[0]);
      await dialog.getByRole('option', { name: new RegExp(`Admin\\s*${ADMIN.email.replace('.', '\\.')}`) }).waitFor();
      await box.fill(`#${entry.id}`);
      await dialog.getByRole('option', { name: new RegExp(`Ledger entry\\s*#${entry.id} ·`) }).waitFor();

      // A battle by id: it opens the battle.
      await box.fill('');
      await page.keyboard.type('#900101');
      await choose(page, box, dialog.getByRole('option', { name: /Battle\s*#900101/ }));
      await page.waitForURL(/\/admin\/battle\?id=900101$/);

      // An action the owner may take: "New news" opens the news form.
      ({ dialog, box } = await find(page, 'new news'));
      await choose(page, box, dialog.getByRole('option', { name: /Action\s*New news/ }));
      await page.waitForURL(/\/admin\/information\?create=1$/);
      await page.keyboard.press('Escape'); // the form, if it holds the focus, closes without changes

      // A player by the word, opened: then both records come back when the field is empty, newest first.
      ({ dialog, box } = await find(page, 'Kim'));
      await choose(page, box, dialog.getByRole('option', { name: new RegExp(`Player\\s*${kim.name}`) }));
      await page.waitForURL(new RegExp(`/admin/user\\?id=${kim.id}$`));
      ({ dialog, box } = await find(page, ''));
      const recent = dialog.getByRole('listbox', { name: 'Recent items' }).getByRole('option');
      await recent.first().waitFor();
      assert.deepEqual(
        (await recent.allTextContents()).map((text) => text.replace(/#\d+$/, '')),
        [`Player${kim.name}`, 'Battle#900101'],
      );
      await assertAccessible(page, 'find anything: recent items (1440 px)');
      // Stored per admin: ids and labels only.
      const stored = await page.evaluate(() => localStorage.getItem('phoenix.findAnything.recent:admin@phoenix.local'));
      assert.deepEqual(JSON.parse(stored), [
        { area: 'players', id: String(kim.id), label: kim.name },
        { area: 'battles', id: '900101', label: '#900101' },
      ]);
      await page.keyboard.press('Escape');

      // 390 px: the same dialog, results and recent items, axe clean.
      await page.setViewportSize({ width: 390, height: 844 });
      ({ dialog, box } = await find(page, ''));
      await dialog.getByRole('listbox', { name: 'Recent items' }).getByRole('option').first().waitFor();
      await assertAccessible(page, 'find anything: recent items (390 px)');
      await page.keyboard.type('Kim');
      await dialog
        .getByRole('option', { name: /Player.* Kim\b/ })
        .first()
        .waitFor();
      await assertAccessible(page, 'find anything: word matches (390 px)');
    } finally {
      await context.close();
      await db.end();
    }
  });
});
