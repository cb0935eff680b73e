import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHmac } from 'node:crypto';
import { drawWinners, parseCsv, seedHashOf, verify } from '../lottery-verify.mjs';

// The server's draw is checked against this script in points-api/test/pointsLotteryCancel.test.ts (a real
// export and a real draw); here the script's own parsing, refusal and recipe.
const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'lottery-verify.mjs');
const seed = '5e'.repeat(32);
const prizes = [
  { rank: 2, reward: 10, count: 2 },
  { rank: 1, reward: 100, count: 1 },
];
const prizeCell = `"${JSON.stringify([...prizes].sort((a, b) => a.rank - b.rank)).replace(/"/g, '""')}"`;
const csvOf = (tickets, hash = seedHashOf(seed)) =>
  `\uFEFFroundId,ticketId,playerId,seedHash,prizes\r\n${tickets.map(([id, player]) => `7,${id},${player},${hash},${prizeCell}\r\n`).join('')}`;
const tickets = [
  [12, 3],
  [4, 1],
  [9, 2],
  [30, 3],
];

describe('lottery-verify', () => {
  it('parses the export: BOM, quoted JSON cells with doubled quotes, CRLF', () => {
    const [header, first] = parseCsv(csvOf(tickets));
    assert.deepEqual(header, ['roundId', 'ticketId', 'playerId', 'seedHash', 'prizes']);
    assert.deepEqual(JSON.parse(first[4]), [prizes[1], prizes[0]]);
  });

  it('draws by the published recipe: tickets by id, rank 1 first, HMAC-SHA256(seed, slot) mod remaining', () => {
    const { winners } = verify(csvOf(tickets), seed);
    const remaining = [4, 9, 12, 30];
    const expected = [0, 1, 2].map((slot) => {
      const n = BigInt(`0x${createHmac('sha256', Buffer.from(seed, 'hex')).update(String(slot)).digest('hex')}`);
      return remaining.splice(Number(n % BigInt(remaining.length)), 1)[0];
    });
    assert.deepEqual(
      winners.map((w) => [w.slot, w.rank, w.ticketId]),
      expected.map((id, slot) => [slot, slot === 0 ? 1 : 2, id]),
    );
    assert.deepEqual(drawWinners(seed, [], prizes), []);
  });

  it('refuses a seed that is not the published one, from the command line too (exit 1)', () => {
    assert.throws(() => verify(csvOf(tickets), 'ab'.repeat(32)), /is not the published seed hash/);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lottery-verify-'));
    const file = path.join(dir, 'tickets.csv');
    writeFileSync(file, csvOf(tickets));
    const bad = spawnSync(process.execPath, [script, file, 'ab'.repeat(32)], { encoding: 'utf8' });
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /not the published seed hash/);
    const good = JSON.parse(execFileSync(process.execPath, [script, file, seed, '--json'], { encoding: 'utf8' }));
    assert.deepEqual(good, verify(csvOf(tickets), seed).winners);
    assert.throws(() => verify('a,b\r\n1,2\r\n', seed), /no "ticketId" column/);
  });
});
