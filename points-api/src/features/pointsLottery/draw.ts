import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { LotteryPrize, LotteryWinner } from '@phoenix/contract';

/**
 * The verifiable draw. Anyone holding the revealed seed and the ticket list can rerun it:
 *
 * 1. sha256(hex-decoded seed) must equal the hash published when the round was created;
 * 2. sort the tickets by id, ascending;
 * 3. list the prize slots: prizes by rank ascending, each repeated `count` times (slot 0, 1, ...);
 * 4. for each slot, while tickets remain: n = HMAC-SHA256(key = the 32 seed bytes, message = the
 *    slot index in ASCII decimal) read as a big-endian unsigned integer; the winner is the ticket at
 *    position n mod (tickets remaining), which is then removed (no ticket wins twice).
 *
 * Slots beyond the number of tickets stay empty. Pure and deterministic: the job and the tests
 * call the same function.
 */
export interface DrawTicket {
  id: number;
  playerId: number;
}

/** A winner as the draw decides it; its payment is added by `payPrizes`. */
export type DrawnWinner = Omit<LotteryWinner, 'entryId' | 'unpaidReason'>;

export const newSeed = (): string => randomBytes(32).toString('hex');

export const seedHashOf = (seedHex: string): string => createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');

export function drawWinners(seedHex: string, tickets: readonly DrawTicket[], prizes: readonly LotteryPrize[]): DrawnWinner[] {
  const key = Buffer.from(seedHex, 'hex');
  if (key.length !== 32) throw new Error('lottery: the seed is 32 bytes of hex');
  const remaining = [...tickets].sort((a, b) => a.id - b.id);
  const slots = [...prizes].sort((a, b) => a.rank - b.rank).flatMap((prize) => Array.from({ length: prize.count }, () => prize));
  const winners: DrawnWinner[] = [];
  for (let slot = 0; slot < slots.length && remaining.length > 0; slot += 1) {
    const digest = createHmac('sha256', key).update(String(slot)).digest('hex');
    const position = Number(BigInt(`0x${digest}`) % BigInt(remaining.length));
    const [ticket] = remaining.splice(position, 1);
    const prize = slots[slot]!;
    winners.push({ slot, rank: prize.rank, reward: prize.reward, ticketId: ticket!.id, playerId: ticket!.playerId });
  }
  return winners;
}
