#!/usr/bin/env node
// Re-runs a lottery round's draw from its ticket CSV (the round page's "Download tickets (CSV)",
// GET /lottery/rounds/:id/tickets/export.csv) and the seed revealed after the draw:
//
//   node scripts/lottery-verify.mjs lottery-round-7-tickets.csv <seed hex> [--json]
//
// It checks sha256(seed) against the seed hash published when the round opened (in every CSV row),
// then draws as points-api/src/features/pointsLottery/draw.ts does and prints the winners, to compare with
// the ones the round page shows. No dependency: anyone can run it with Node alone.
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** RFC 4180 records (quoted cells, doubled quotes, CRLF or LF), the UTF-8 BOM dropped. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < src.length; i += 1) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i += 1;
      endRow();
    } else cell += c;
  }
  if (cell !== '' || row.length) endRow();
  return rows.filter((r) => r.length > 1 || r[0] !== '');
}

/** The round's input from the CSV: tickets (id, player), the published seed hash and the prizes. */
export function readTicketCsv(text) {
  const [header, ...rows] = parseCsv(text);
  const col = (name) => {
    const index = header?.indexOf(name) ?? -1;
    if (index < 0) throw new Error(`the CSV has no "${name}" column: is it a lottery ticket export?`);
    return index;
  };
  const [ticketId, playerId, seedHash, prizes] = ['ticketId', 'playerId', 'seedHash', 'prizes'].map(col);
  if (rows.length === 0) return { tickets: [], seedHash: null, prizes: [] };
  return {
    tickets: rows.map((r) => ({ id: Number(r[ticketId]), playerId: Number(r[playerId]) })),
    seedHash: rows[0][seedHash],
    prizes: JSON.parse(rows[0][prizes]),
  };
}

export const seedHashOf = (seedHex) => createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');

/** The published recipe (see draw.ts): tickets by id; slots by rank; HMAC-SHA256(seed, slot) mod remaining. */
export function drawWinners(seedHex, tickets, prizes) {
  const key = Buffer.from(seedHex, 'hex');
  if (!/^[0-9a-f]{64}$/i.test(seedHex) || key.length !== 32) throw new Error('the seed is 64 hex characters (32 bytes)');
  const remaining = [...tickets].sort((a, b) => a.id - b.id);
  const slots = [...prizes].sort((a, b) => a.rank - b.rank).flatMap((p) => Array.from({ length: p.count }, () => p));
  const winners = [];
  for (let slot = 0; slot < slots.length && remaining.length > 0; slot += 1) {
    const n = BigInt(`0x${createHmac('sha256', key).update(String(slot)).digest('hex')}`);
    const [ticket] = remaining.splice(Number(n % BigInt(remaining.length)), 1);
    winners.push({ slot, rank: slots[slot].rank, reward: slots[slot].reward, ticketId: ticket.id, playerId: ticket.playerId });
  }
  return winners;
}

/** Verifies and draws; throws when the seed does not match the published hash. */
export function verify(csvText, seedHex) {
  const seed = seedHex.trim().toLowerCase();
  const round = readTicketCsv(csvText);
  if (round.seedHash !== null && seedHashOf(seed) !== round.seedHash) {
    throw new Error(`sha256(seed) = ${seedHashOf(seed)} is not the published seed hash ${round.seedHash}`);
  }
  return { ...round, winners: drawWinners(seed, round.tickets, round.prizes) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, seed, flag] = process.argv.slice(2);
  if (!file || !seed) {
    console.error('usage: node scripts/lottery-verify.mjs <tickets.csv> <seed hex> [--json]');
    process.exit(2);
  }
  try {
    const { tickets, seedHash, winners } = verify(readFileSync(file, 'utf8'), seed);
    if (flag === '--json') console.log(JSON.stringify(winners));
    else {
      console.log(`${tickets.length} tickets; the seed matches the published hash ${seedHash ?? '(no ticket: nothing to check)'}`);
      for (const w of winners)
        console.log(`slot ${w.slot}: rank ${w.rank} (${w.reward} points) -> ticket ${w.ticketId}, player ${w.playerId}`);
    }
  } catch (error) {
    console.error(`lottery-verify: ${error.message}`);
    process.exit(1);
  }
}
