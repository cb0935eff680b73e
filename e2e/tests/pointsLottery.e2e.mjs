// The lottery on the points API: a round created in the console with its price, prizes and a draw
// time seconds ahead; tickets bought by players (through the game server's route, each debited from
// the player's ledger); the round frozen once tickets are sold; then, at the draw time, the durable
// job draws it and pays the prizes, and the open page shows the winners, their payments and the
// revealed seed, which the test checks against the hash published before the draw and reruns the
// draw from; each winner's ledger holds its prize. axe on the list, the form and the round.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from '../../scripts/lib/pnpm.mjs';
import { assertAccessible } from '../support/axe.mjs';
import { signedInPage } from '../support/browser.mjs';
import { useConsole } from '../support/suite.mjs';

// `pg` is the services' dependency (the points API reaches the same database with it).
const pg = createRequire(path.join(repoRoot, 'points-api/package.json'))('pg');

/** A datetime-local value with seconds, `seconds` from now, in the browser's (= this machine's) time zone. */
function localInputIn(seconds) {
  const d = new Date(Date.now() + seconds * 1000);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The published recipe (shown on the round's page), rerun here: prize slots by rank, HMAC-SHA256 per slot. */
function drawWinners(seedHex, tickets, prizes) {
  const key = Buffer.from(seedHex, 'hex');
  const remaining = [...tickets].sort((a, b) => a.id - b.id);
  const slots = [...prizes].sort((a, b) => a.rank - b.rank).flatMap((prize) => Array.from({ length: prize.count }, () => prize));
  const winners = [];
  for (let slot = 0; slot < slots.length && remaining.length > 0; slot += 1) {
    const n = BigInt(`0x${createHmac('sha256', key).update(String(slot)).digest('hex')}`);
    const [ticket] = remaining.splice(Number(n % BigInt(remaining.length)), 1);
    winners.push([
      String(slot),
      String(slots[slot].rank),
      slots[slot].reward.toLocaleString('en-US'),
      String(ticket.id),
      String(ticket.playerId),
    ]);
  }
  return winners;
}

describe('points lottery: a verifiable draw a few seconds ahead', () => {
  const ctx = useConsole();

  it('creates a round, sells tickets (frozen), sees the draw with its seed matching the published hash; axe clean', async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const main = page.getByRole('main');
    const db = new pg.Client({ connectionString: ctx.stack.databaseUrl });
    await db.connect();
    try {
      await page.goto(`${ctx.stack.hostUrl}/admin/points-lottery`);
      await main.getByRole('heading', { name: 'Lottery rounds' }).waitFor();
      await assertAccessible(page, 'points-lottery');

      await page.goto(`${ctx.stack.hostUrl}/admin/points-lottery?create=1`);
      await main.getByLabel('Name').fill('E2E flash round');
      await main.getByLabel('Ticket price (points)').fill('25');
      await main.getByLabel('Prize 1 reward (points)').fill('5000');
      await main.getByRole('button', { name: 'Add prize' }).click();
      await main.getByLabel('Prize 2 reward (points)').fill('500');
      await main.getByLabel('Prize 2 winners').fill('2');
      await assertAccessible(page, 'points-lottery (new round)');
      // Time to sell the tickets and look at the frozen round before the draw.
      const drawTime = localInputIn(15);
      await main.getByLabel('Draw time').fill(drawTime);
      await main.getByRole('button', { name: 'Create lottery round' }).click();
      const row = main.getByRole('row', { name: /E2E flash round/ });
      await row.getByText('Rank 2: 500 points × 2').waitFor();

      // Players buy tickets in the game: the game's server calls the points API, which debits each.
      const {
        rows: [round],
      } = await db.query('select id, seed_hash, draw_at from points.lottery_rounds where name = $1', ['E2E flash round']);
      assert.equal(round.draw_at.getTime(), new Date(drawTime).getTime(), 'the draw time is kept to the second');
      const tickets = await ctx.stack.buyTickets(round.id, [3, 5, 7, 9, 11, 13], 25);

      await page.goto(`${ctx.stack.hostUrl}/admin/points-lottery?edit=${round.id}`);
      const proof = main.getByRole('region', { name: 'Verifiable draw' });
      const publishedHash = (await proof.getByRole('definition').first().textContent()).trim();
      assert.equal(publishedHash, round.seed_hash.trim(), 'the page publishes the seed hash before the draw');
      await proof.getByText('Revealed after the draw', { exact: true }).waitFor();
      // Frozen: the price and prizes are no longer fields, only a statement of what they are.
      await main.getByText('6 tickets have been sold: the ticket price and the prizes can no longer change.').waitFor();
      assert.equal(await main.getByLabel('Ticket price (points)').count(), 0);
      assert.equal(await main.getByLabel('Prize 1 reward (points)').count(), 0);
      await assertAccessible(page, 'points-lottery (round with tickets)');

      // The open page asks again once the draw is due: the winners and the seed appear on it.
      const winnersTable = proof.getByRole('table', { name: 'Winners' });
      await winnersTable.waitFor({ timeout: 45_000 });
      await main.getByText('This round has been drawn: it can no longer change.').waitFor();
      const seed = (await proof.getByRole('definition').nth(1).textContent()).trim();
      assert.match(seed, /^[0-9a-f]{64}$/);
      assert.equal(
        createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
        publishedHash,
        'the seed hashes to the published hash',
      );

      // The player cell names the player ("Name (#9)", or the id alone until the name is in): compared by id.
      const shown = (
        await winnersTable
          .getByRole('row')
          .evaluateAll((rows) => rows.slice(1).map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent.trim())))
      ).map((cells) => cells.map((cell, i) => (i === 4 ? (/\(#(\d+)\)$/.exec(cell)?.[1] ?? cell) : cell)));
      const prizes = [
        { rank: 1, reward: 5000, count: 1 },
        { rank: 2, reward: 500, count: 2 },
      ];
      assert.deepEqual(
        shown.map((cells) => cells.slice(0, 5)),
        drawWinners(seed, tickets, prizes),
        'anyone can rerun the draw from the seed and the tickets',
      );
      // Each prize paid by the draw: the payment column names the ledger entry, which is in the winner's ledger.
      for (const [, , reward, , player, payment] of shown) {
        const entryId = Number(/^Ledger entry (\d+)$/.exec(payment)?.[1]);
        assert.ok(entryId > 0, `the prize of player ${player} is paid: ${payment}`);
        const ledger = await page.evaluate(
          async ([api, id]) => {
            const token = JSON.parse(localStorage.getItem('admin-phoenix')).data.token;
            return (await (await fetch(`${api}/point-accounts/${id}/ledger?pageSize=50`, { headers: { token } })).json()).items;
          },
          [ctx.stack.pointsApiUrl, player],
        );
        const entry = ledger.find((e) => e.id === entryId);
        assert.equal(entry?.kind, 'lottery', `player ${player}'s ledger holds entry ${entryId}`);
        assert.equal(entry.amount.toLocaleString('en-US'), reward);
      }
      await assertAccessible(page, 'points-lottery (drawn round)');

      // Drawn once, by the job, in the action log.
      const logs = await page.evaluate(async (api) => {
        const token = JSON.parse(localStorage.getItem('admin-phoenix')).data.token;
        const response = await fetch(`${api}/action-logs?pageSize=20`, { headers: { token } });
        return (await response.json()).items.map((log) => `${log.action} ${log.targetId}`);
      }, ctx.stack.apiUrl);
      assert.equal(logs.filter((entry) => entry === `pointsLotteryRound.draw ${round.id}`).length, 1, logs.join(', '));
      assert.ok(logs.includes(`pointsLotteryRound.create ${round.id}`), logs.join(', '));

      // The economy report (Points Management → Economy Report): on the local seed plus this round,
      // the books balance; today's lottery row holds the 6 tickets' debits and the 3 prizes.
      await page.goto(`${ctx.stack.hostUrl}/admin/points/economy`);
      await main.getByRole('heading', { name: 'Economy Report', level: 1 }).waitFor();
      const reconciliation = main.getByRole('region', { name: 'Reconciliation' });
      await reconciliation.getByText('The books balance', { exact: true }).waitFor();
      for (const figure of [
        'Accounts whose balance differs from their entries (0 expected)',
        'Lottery tickets without a debit (0 expected)',
        'Drawn prizes unpaid (0 expected)',
      ]) {
        assert.equal(
          (await reconciliation.getByText(figure, { exact: true }).locator('xpath=following-sibling::dd[1]').textContent()).trim(),
          '0',
          figure,
        );
      }
      const today = new Date().toISOString().slice(0, 10);
      const todayRow = main.getByRole('table', { name: /^Points per day/ }).getByRole('row', { name: new RegExp(`^${today}`) });
      const cells = await todayRow.evaluate((row) => [...row.children].map((c) => c.textContent.trim()));
      assert.match(cells[1], /Lottery [\d,]+/, `today's issued points name the prizes: ${cells[1]}`);
      assert.match(cells[2], /Lottery [\d,]+/, `today's spent points name the tickets: ${cells[2]}`);
      const lotteryOf = (cell) => Number(/Lottery ([\d,]+)/.exec(cell)[1].replaceAll(',', ''));
      assert.ok(lotteryOf(cells[1]) >= 6_000 && lotteryOf(cells[2]) >= 150, `prizes ${cells[1]}; tickets ${cells[2]}`);
      await assertAccessible(page, 'points/economy');
    } finally {
      await db.end();
      await context.close();
    }
  });
});
