import type { AppContext } from '../../context';
import { writeActionLog, toJson, withStartupLock } from '@phoenix/server/db';
import { newSeed, seedHashOf } from './draw';
import { drawRound, LOTTERY_DRAW_QUEUE, lotteryRounds, type LotteryDrawJob } from './rounds';

/** The points API's seeds take turns under this startup lock (@phoenix/server's startupLock.ts). */
export const POINTS_SEED_LOCK = 'seed:points';
const SEED_ACTOR = { id: null, email: 'system (local seed)' };
const DAY = 24 * 3600_000;

/**
 * Local sample data (only where the BFF seeds too, and only into an empty table): an open round
 * with tickets and its draw job, and last week's round already drawn. Tickets are the player
 * side's (there is no admin route that sells one), so they are inserted here directly.
 */
export async function seedLotteryRounds(ctx: AppContext): Promise<void> {
  // One instance at a time: two started together would each find the table empty.
  await withStartupLock(ctx.db, POINTS_SEED_LOCK, () => seedRounds(ctx));
}

async function seedRounds(ctx: AppContext): Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) throw new Error('lottery seed: needs the started job runner');
  const existing = await ctx.db.selectFrom('points.lottery_rounds').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const now = ctx.now();
  const rounds = [
    { name: 'Weekly lottery (this week)', drawAt: new Date(now.getTime() + 6 * DAY), tickets: 24 },
    { name: 'Weekly lottery (last week)', drawAt: new Date(now.getTime() - DAY), tickets: 18 },
  ];
  for (const sample of rounds) {
    const job = await ctx.db.transaction().execute(async (trx) => {
      const seed = newSeed();
      const row = await trx
        .insertInto('points.lottery_rounds')
        .values({
          name: sample.name,
          ticket_price: 100,
          prizes: toJson([
            { rank: 1, reward: 10_000, count: 1 },
            { rank: 2, reward: 1_000, count: 3 },
          ])!,
          draw_at: sample.drawAt,
          seed,
          seed_hash: seedHashOf(seed),
          version: 1,
          created_at: now,
          updated_at: now,
          updated_by: SEED_ACTOR.email,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('points.lottery_tickets')
        .values(Array.from({ length: sample.tickets }, (_, i) => ({ round_id: row.id, player_id: 1 + ((i * 7) % 12) })))
        .execute();
      const data: LotteryDrawJob = { roundId: row.id, drawAt: sample.drawAt.toISOString() };
      const after = lotteryRounds.toApi(row, now);
      await writeActionLog(
        trx,
        SEED_ACTOR,
        { action: 'pointsLotteryRound.create', targetType: 'pointsLotteryRound', targetId: row.id, before: null, after },
        now,
      );
      if (sample.drawAt > now) {
        const jobId = await jobs.send(trx, LOTTERY_DRAW_QUEUE, data, (sample.drawAt.getTime() - now.getTime()) / 1000);
        await trx.updateTable('points.lottery_rounds').set({ job_id: jobId }).where('id', '=', row.id).execute();
      }
      return data;
    });
    if (sample.drawAt <= now) await drawRound(ctx, job);
  }
}
