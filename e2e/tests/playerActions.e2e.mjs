import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { assertAccessible } from '../support/axe.mjs';
import { signedInPage } from '../support/browser.mjs';
import { localInput, useConsole } from '../support/suite.mjs';
import { repoRoot } from '../../scripts/lib/pnpm.mjs';

const pg = createRequire(path.join(repoRoot, 'points-api/package.json'))('pg');

const PLAYER = 42;
const BATTLE = 900101;

/** What the game writes and the console cannot make: player 42's points account (1,250 points) and a battle in progress. */
async function gameStateOf42(db) {
  await db.query(`
    insert into points.accounts (id, wallet, booster_percent, last_activity_at, version, created_at, updated_at, updated_by)
    select ${PLAYER}, wallet_address, 0, now() - interval '1 hour', 1, now(), now(), null from players where id = ${PLAYER}`);
  await db.query(`
    insert into points.ledger_entries (player_id, kind, amount, reason, created_at, created_by)
    values (${PLAYER}, 'taskReward', 1250, 'Task: Join the Discord', now() - interval '2 hours', null)`);
  await db.query(`
    insert into battles (id, mode, status, player_ids, started_at, ended_at, winner_player_id, version, created_at, updated_at)
    values (${BATTLE}, 'ranked', 'ongoing', '[${PLAYER}, 7]', now() - interval '5 minutes', null, null, 1, now(), now())`);
  await db.query(`
    insert into battle_participants (battle_id, player_id, team, score, result)
    values (${BATTLE}, ${PLAYER}, 1, 300, null), (${BATTLE}, 7, 2, 250, null)`);
}

/** No serious or critical axe violation at the desktop width and at a phone's (390 px), then back to the desktop. */
async function accessibleAtBothWidths(page, label) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await assertAccessible(page, `${label} at ${width} px`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe("acting from the player's page", () => {
  const ctx = useConsole(23700);

  it('restricts, grants points, sends a present and ends the live battle from the page; each is in the history; axe clean', async () => {
    const db = new pg.Client({ connectionString: ctx.stack.databaseUrl });
    await db.connect();
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl, { width: 1440, height: 900 });
    const main = page.getByRole('main');
    try {
      await gameStateOf42(db);
      const name = (await db.query(`select name from players where id = ${PLAYER}`)).rows[0].name;
      await page.goto(`${ctx.stack.hostUrl}/admin/user?id=${PLAYER}`);
      await main.getByRole('heading', { level: 1, name: `${name} (player #${PLAYER})` }).waitFor();

      // The summary: status, balance, live battle (linked), restrictions in force, and the section links.
      const summary = main.getByRole('region', { name: 'Summary' });
      await summary.getByText('1,250 points').waitFor();
      assert.equal(await summary.getByRole('link', { name: `Battle #${BATTLE}` }).getAttribute('href'), `/admin/battle?id=${BATTLE}`);
      const restrictionsBefore = await summary.getByText(/^\d+ APIs?$/).innerText();
      const sections = summary.getByRole('navigation', { name: 'Sections of this page' });
      assert.equal(await sections.getByRole('link', { name: 'History' }).getAttribute('href'), '#player-history-title');
      // The sections other remotes add are there to jump to.
      await main.getByRole('region', { name: 'What admins did to this player' }).waitFor();
      await accessibleAtBothWidths(page, 'player page');
      const actions = summary.getByRole('group', { name: 'Act on this player' });

      // 1. Restrict an API until an end.
      await actions.getByRole('button', { name: 'Restrict…' }).click();
      const restrict = page.getByRole('dialog', { name: `Restrict ${name} (#${PLAYER})` });
      await restrict.getByRole('button', { name: 'Restrict', exact: true }).click();
      await restrict.getByText('Pick the API to restrict').waitFor();
      await accessibleAtBothWidths(page, 'restrict dialog');
      const apiSelect = restrict.getByRole('combobox', { name: /^API/ });
      await apiSelect.locator('option').nth(1).waitFor({ state: 'attached' });
      const apiLabel = await apiSelect.locator('option').nth(1).innerText();
      await apiSelect.selectOption({ label: apiLabel });
      await restrict.getByLabel(/^Ends/).fill(localInput(48));
      await restrict.getByRole('button', { name: 'Restrict', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: / is restricted for / })
        .waitFor();
      await restrict.waitFor({ state: 'detached' });
      await summary
        .getByText(/^\d+ APIs?$/)
        .filter({ hasNotText: new RegExp(`^${restrictionsBefore}$`) })
        .waitFor();

      // 2. Grant points: the confirm says the balance before and after.
      await actions.getByRole('button', { name: 'Grant or deduct points…' }).click();
      const adjust = page.getByRole('dialog', { name: `Grant or deduct points: ${name} (#${PLAYER})` });
      await adjust.getByText('Balance now: 1,250 points').waitFor();
      await adjust.getByRole('button', { name: 'Apply', exact: true }).click();
      await adjust.getByText('Enter a number of points').waitFor();
      await accessibleAtBothWidths(page, 'points dialog');
      await adjust.getByLabel('Amount (points)', { exact: false }).fill('500');
      await adjust.getByLabel('Reason', { exact: false }).fill('Compensation for the outage (e2e)');
      await adjust.getByRole('button', { name: 'Apply', exact: true }).click();
      const grant = page.getByRole('dialog', { name: `Grant 500 points to ${name}?` });
      await grant.getByText(/from 1,250 to 1,750 points/).waitFor();
      await accessibleAtBothWidths(page, 'points confirm');
      await grant.getByRole('button', { name: 'Apply the adjustment' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Balance of #${PLAYER} is now 1,750 points` })
        .waitFor();
      await summary.getByText('1,750 points').waitFor();
      await main.getByRole('region', { name: 'Points account' }).getByText('1,750 points').waitFor();

      // 3. Send a present to this player.
      await actions.getByRole('button', { name: 'Send a present…' }).click();
      const present = page.getByRole('dialog', { name: `Send a present to ${name} (#${PLAYER})` });
      const presentSelect = present.getByRole('combobox', { name: /^Present/ });
      await presentSelect.locator('option', { hasText: 'Welcome pack' }).waitFor({ state: 'attached' });
      await accessibleAtBothWidths(page, 'present dialog');
      await presentSelect.selectOption({ label: 'Welcome pack' });
      await present.getByRole('button', { name: 'Send', exact: true }).click();
      const sendConfirm = page.getByRole('alertdialog', { name: `Send "Welcome pack" to ${name}?` });
      await sendConfirm.getByText(`One player (#${PLAYER}) receives it now.`).waitFor();
      await accessibleAtBothWidths(page, 'present confirm');
      await sendConfirm.getByRole('button', { name: 'Send', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `"Welcome pack" is being sent to ${name}` })
        .waitFor();
      await present.waitFor({ state: 'detached' });

      // 4. End the live battle, with a reason and a confirm.
      await actions.getByRole('button', { name: 'End live battle…' }).click();
      const end = page.getByRole('alertdialog', { name: `End battle #${BATTLE}` });
      await end.getByRole('button', { name: 'End battle', exact: true }).click();
      await end.getByText('Say why the battle is ended').waitFor();
      await accessibleAtBothWidths(page, 'end battle dialog');
      await end.getByLabel('Reason', { exact: false }).fill('Desync reported by support (e2e)');
      await end.getByRole('button', { name: 'End battle', exact: true }).click();
      const endConfirm = page.getByRole('alertdialog', { name: `End battle #${BATTLE} now?` });
      await accessibleAtBothWidths(page, 'end battle confirm');
      await endConfirm.getByRole('button', { name: 'End battle', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Battle #${BATTLE} was ended.` })
        .waitFor();
      await summary.getByText('None', { exact: true }).waitFor();
      assert.equal(await actions.getByRole('button', { name: 'End live battle…' }).count(), 0);

      // Each is in the player's history on the page.
      const history = main.getByRole('region', { name: 'What admins did to this player' });
      for (const action of ['player.restrictApi', 'pointUser.adjust', 'presentDistribution.create', 'battle.forceEnd']) {
        await history.getByRole('cell', { name: action, exact: true }).waitFor();
      }
      // Players are named where the page shows them: the history's records and the battles' players, linked to their page.
      const named = history.getByRole('link', { name: `${name} (#${PLAYER})` }).first();
      assert.equal(await named.getAttribute('href'), `/admin/user?id=${PLAYER}`);
      const battles = main.getByRole('region', { name: 'Last battles' });
      await battles.getByRole('link', { name: `${name} (#${PLAYER})` }).waitFor();
      await accessibleAtBothWidths(page, 'player page after the actions');
    } finally {
      await db.end();
      await context.close();
    }
  });
});
