// The lottery's incident tools, as an operator uses them: a round with tickets cancelled from its page
// (the confirmation names the tickets, players and points), every ticket's debit reversed by a ledger entry
// the holder's point account shows, the round shown cancelled everywhere; and a drawn round's tickets
// downloaded as CSV from its page, the draw re-run here from that file and the revealed seed (the
// recipe in points-api/src/features/pointsLottery/draw.ts, written again below, not imported) and
// by the published scripts/lottery-verify.mjs, both matching the winners the page shows.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../../scripts/lib/pnpm.mjs';
import { parseCsv } from '../../scripts/lottery-verify.mjs';
import { assertAccessible } from '../support/axe.mjs';
import { signedInPage } from '../support/browser.mjs';
import { useConsole } from '../support/suite.mjs';

// `pg` is the services' dependency (the points API reaches the same database with it).
const pg = createRequire(path.join(repoRoot, 'points-api/package.json'))('pg');

/** A call to the points API with the signed-in admin's token, from the page (as the console makes it). */
function pointsApi(page, apiUrl, method, route, body) {
  return page.evaluate(
    async ({ url, method, body }) => {
      const token = JSON.parse(localStorage.getItem('admin-phoenix')).data.token;
      const response = await fetch(url, {
        method,
        headers: { token, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: await response.json() };
    },
    { url: `${apiUrl}${route}`, method, body },
  );
}

/** The CSV's rows as objects by header (parsed as the published verifier parses it; the prizes cell is JSON). */
function csvRecords(text) {
  const [header, ...body] = parseCsv(text);
  return body.map((r) => Object.fromEntries(header.map((name, i) => [name, r[i]])));
}

/**
 * The documented draw, from its description: tickets by id; prize slots by rank, each `count` times;
 * per slot HMAC-SHA256(seed bytes, slot in decimal) as a big-endian integer, modulo the tickets left,
 * picks the winner, which leaves the list. Rows as the page's Winners table shows them.
 */
function rerunDraw(seedHex, tickets, prizes) {
  const remaining = [...tickets].sort((a, b) => a.id - b.id);
  const slots = [...prizes].sort((a, b) => a.rank - b.rank).flatMap((p) => Array(p.count).fill(p));
  return slots.slice(0, remaining.length).map((prize, slot) => {
    const mac = createHmac('sha256', Buffer.from(seedHex, 'hex')).update(`${slot}`).digest();
    const n = mac.reduce((acc, byte) => (acc << 8n) | BigInt(byte), 0n);
    const [ticket] = remaining.splice(Number(n % BigInt(remaining.length)), 1);
    return [slot, prize.rank, prize.reward.toLocaleString('en-US'), ticket.id, ticket.playerId].map(String);
  });
}

const tableRows = (table) =>
  table.getByRole('row').evaluateAll((rows) => rows.slice(1).map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent.trim())));
/** A player cell names the player ("Name (#9)", or the id alone until the name is in): read as the id. */
const playerIdIn = (cell) => /\(#(\d+)\)$/.exec(cell)?.[1] ?? cell;

describe('points lottery incidents: a cancellation refunded through the ledger; a draw re-run from the downloaded tickets', () => {
  const ctx = useConsole();

  it('cancels a round with tickets after a confirm naming the refund; the holders’ ledgers show it; shown cancelled; axe clean', async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const main = page.getByRole('main');
    const db = new pg.Client({ connectionString: ctx.stack.databaseUrl });
    await db.connect();
    try {
      const created = await pointsApi(page, ctx.stack.pointsApiUrl, 'POST', '/lottery/rounds', {
        name: 'E2E round to cancel',
        ticketPrice: 30,
        prizes: [{ rank: 1, reward: 1000, count: 1 }],
        drawAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const round = created.body;
      // Player 3 holds two tickets, players 5 and 8 one each: 4 tickets, 3 players, 120 points debited.
      const holders = [3, 5, 8];
      const balanceOf = async (id) => (await pointsApi(page, ctx.stack.pointsApiUrl, 'GET', `/point-accounts/${id}`)).body.balance;
      const before = Object.fromEntries(await Promise.all(holders.map(async (id) => [id, await balanceOf(id)])));
      const tickets = await ctx.stack.buyTickets(round.id, [3, 5, 3, 8], 30);
      for (const id of holders) {
        const held = tickets.filter((t) => t.playerId === id).length;
        assert.equal(await balanceOf(id), before[id] - 30 * held, `player ${id} paid for ${held} tickets`);
      }

      await page.goto(`${ctx.stack.hostUrl}/admin/points-lottery?edit=${round.id}`);
      const ticketsPanel = main.getByRole('region', { name: 'Tickets' });
      await ticketsPanel.getByRole('table', { name: '4 tickets from 3 players, in draw order' }).waitFor();
      await ticketsPanel.getByRole('button', { name: 'Cancel round and refund tickets' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Cancel “E2E round to cancel”?' });
      await dialog
        .getByText(
          'This gives back what 4 tickets of 3 players paid: 120 points in total, each ticket’s debit reversed by one ledger entry.',
          {
            exact: true,
          },
        )
        .waitFor();
      await assertAccessible(page, 'points-lottery (cancel dialog)');
      await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
      await page.getByText('“E2E round to cancel” was cancelled and its tickets refunded').waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // The round, on its page: cancelled, read-only, not drawn, nothing left to cancel.
      await main.getByText('This round was cancelled before its draw: it can no longer change.').waitFor();
      await ticketsPanel
        .getByText(
          /Cancelled at .+ by \S+@\S+: the debits of 4 tickets were reversed \(120 points to 3 players\)\. It will not be drawn\.$/,
        )
        .waitFor();
      const proof = main.getByRole('region', { name: 'Verifiable draw' });
      await proof.getByText('No winners: the round was cancelled before its draw.', { exact: true }).waitFor();
      assert.equal(await proof.getByText(/The winners are drawn at/).count(), 0, 'a cancelled round promises no draw');
      assert.equal(await ticketsPanel.getByRole('button', { name: 'Cancel round and refund tickets' }).count(), 0);
      await assertAccessible(page, 'points-lottery (cancelled round)');
      await page.goto(`${ctx.stack.hostUrl}/admin/points-lottery`);
      await main
        .getByRole('row', { name: /E2E round to cancel/ })
        .getByText('Cancelled', { exact: true })
        .waitFor();

      // Each holder's ledger: one reversal of +30 per ticket they held, naming the debit; the balance back where it was.
      for (const id of holders) {
        const theirs = tickets.filter((t) => t.playerId === id);
        await page.goto(`${ctx.stack.hostUrl}/admin/points/users?id=${id}`);
        const dialog = page.getByRole('dialog');
        const ledger = dialog.getByRole('table', { name: 'Ledger' });
        await ledger.waitFor();
        const refunds = (await tableRows(ledger)).filter((cells) => cells[5]?.includes('"E2E round to cancel" was cancelled'));
        assert.deepEqual(
          refunds.map((cells) => [cells[2], cells[3], cells[5]]).sort(),
          theirs
            // Each refund names the debit it reverses (the ledger shows "Reverses #<entry>").
            .map((t) => [
              'Reversal',
              '+30',
              `Refund of ticket ${t.id}: lottery round ${round.id} "E2E round to cancel" was cancelledReverses #${t.entryId}`,
            ])
            .sort(),
          `player ${id}'s refunds`,
        );
        await dialog.getByText(`${before[id].toLocaleString('en-US')} points`, { exact: true }).waitFor();
      }
      await assertAccessible(page, 'points/users ledger with refunds');

      // Once: a second cancellation is refused and refunds nothing more; the log has one cancel.
      const again = await pointsApi(page, ctx.stack.pointsApiUrl, 'POST', `/lottery/rounds/${round.id}/cancel`, {
        version: round.version + 1,
        ticketCount: 4,
      });
      assert.equal(again.status, 409, JSON.stringify(again.body));
      const {
        rows: [{ n }],
      } = await db.query('select count(*)::int as n from points.ledger_entries where idempotency_key like $1', [
        `lottery-refund:${round.id}:%`,
      ]);
      assert.equal(n, 4, 'one refund per ticket, once');
      // And the game can sell no ticket in it any more (that one would never be drawn nor refunded).
      await assert.rejects(ctx.stack.buyTickets(round.id, [3], 30), /409 .*no longer on sale/);
      const logs = await page.evaluate(async (api) => {
        const token = JSON.parse(localStorage.getItem('admin-phoenix')).data.token;
        const response = await fetch(`${api}/action-logs?pageSize=50`, { headers: { token } });
        return (await response.json()).items.map((log) => `${log.action} ${log.targetId}`);
      }, ctx.stack.apiUrl);
      assert.equal(logs.filter((entry) => entry === `pointsLotteryRound.cancel ${round.id}`).length, 1, logs.join(', '));
    } finally {
      await db.end();
      await context.close();
    }
  });

  it('downloads a drawn round’s tickets (CSV) from its page and re-runs the draw from them and the revealed seed', async () => {
    const { context, page } = await signedInPage(ctx.browser, ctx.stack.hostUrl);
    const main = page.getByRole('main');
    const db = new pg.Client({ connectionString: ctx.stack.databaseUrl });
    await db.connect();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'phoenix-e2e-lottery-'));
    try {
      const prizes = [
        { rank: 2, reward: 250, count: 3 },
        { rank: 1, reward: 10000, count: 1 },
      ];
      const created = await pointsApi(page, ctx.stack.pointsApiUrl, 'POST', '/lottery/rounds', {
        name: 'E2E round to verify',
        ticketPrice: 10,
        prizes,
        drawAt: new Date(Date.now() + 12_000).toISOString(),
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const round = created.body;
      const sold = (await ctx.stack.buyTickets(round.id, [2, 4, 6, 4, 9, 10, 12, 2, 15, 16, 17], 10)).map(({ id, playerId }) => ({
        id,
        playerId,
      }));

      await page.goto(`${ctx.stack.hostUrl}/admin/points-lottery?edit=${round.id}`);
      const proof = main.getByRole('region', { name: 'Verifiable draw' });
      const winnersTable = proof.getByRole('table', { name: 'Winners' });
      await winnersTable.waitFor({ timeout: 45_000 });
      const [publishedHash, seed] = (await proof.getByRole('definition').allTextContents()).map((s) => s.trim());
      assert.equal(publishedHash, round.seedHash, 'the hash on the page is the one published at creation');
      const shown = (await tableRows(winnersTable)).map((cells) => [...cells.slice(0, 4), playerIdIn(cells[4])]);
      assert.equal(shown.length, 4);

      const ticketsPanel = main.getByRole('region', { name: 'Tickets' });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        ticketsPanel.getByRole('button', { name: 'Download tickets (CSV)' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), `lottery-round-${round.id}-tickets.csv`);
      const file = path.join(dir, download.suggestedFilename());
      await download.saveAs(file);
      const records = csvRecords(await readFile(file, 'utf8'));

      // The file alone is the draw's input: every ticket sold (and only those), the hash, the prizes.
      assert.deepEqual(
        records.map((r) => ({ id: Number(r.ticketId), playerId: Number(r.playerId) })),
        [...sold].sort((a, b) => a.id - b.id),
      );
      assert.ok(records.every((r) => r.roundId === String(round.id) && r.seedHash === publishedHash && r.prizes === records[0].prizes));
      const filePrizes = JSON.parse(records[0].prizes);
      assert.deepEqual(
        filePrizes,
        [...prizes].sort((a, b) => a.rank - b.rank),
      );

      assert.equal(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'), records[0].seedHash, 'the seed matches the hash');
      const rerun = rerunDraw(
        seed,
        records.map((r) => ({ id: Number(r.ticketId), playerId: Number(r.playerId) })),
        filePrizes,
      );
      assert.deepEqual(shown, rerun, 'the draw re-run from the downloaded tickets gives the winners on the page');

      // The command the page gives to anyone with the file and the seed prints the same winners.
      const { stdout } = await promisify(execFile)(process.execPath, [
        path.join(repoRoot, 'scripts/lottery-verify.mjs'),
        file,
        seed,
        '--json',
      ]);
      assert.deepEqual(
        JSON.parse(stdout).map((w) => [w.slot, w.rank, w.reward.toLocaleString('en-US'), w.ticketId, w.playerId].map(String)),
        shown,
      );
      await assertAccessible(page, 'points-lottery (drawn round with tickets)');
    } finally {
      await rm(dir, { recursive: true, force: true });
      await db.end();
      await context.close();
    }
  });
});
