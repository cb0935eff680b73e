import type { AppContext } from '../../context';
import { writeActionLog, toJson, withStartupLock, type LogActor } from '@phoenix/server/db';
import { POINTS_SEED_LOCK } from '../../seed';
import { newSeed, seedHashOf } from './draw';
import { drawRound, LOTTERY_DRAW_QUEUE, lotteryRounds, type LotteryDrawJob } from './rounds';
import { buyTicket } from './purchase';

const DAY = 24 * 3600_000;

/**
 * Local sample data (only where the BFF seeds too, and only into an empty table): an open round
 * with tickets and its draw job, and last week's round already drawn (its prizes paid). The tickets
 * are bought through the one path the game's server uses (`points.buy_lottery_ticket`), so each
 * has its debit; the point accounts are seeded first (seedLocalPointData in src/seed.ts).
 */
export default async function seedLotteryRounds(ctx: AppContext, actor: LogActor): Promise<void> {
  // One instance at a time: two started together would each find the table empty.
  await withStartupLock(ctx.db, POINTS_SEED_LOCK, () => seedRounds(ctx, actor));
}

async function seedRounds(ctx: AppContext, actor: LogActor): Promise<void> {
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
          updated_by: actor.email,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // Bought as the game buys them (the ledger debits each), a minute apart, the last an hour before the draw time.
      for (let i = 0; i < sample.tickets; i += 1) {
        const at = new Date(Math.min(now.getTime(), sample.drawAt.getTime() - 3600_000) - (sample.tickets - i) * 60_000);
        await buyTicket(trx, row.id, { purchaseId: `seed-${row.id}-${i + 1}`, playerId: 1 + ((i * 7) % 12), ticketPrice: 100 }, at);
      }
      const data: LotteryDrawJob = { roundId: row.id, drawAt: sample.drawAt.toISOString() };
      const after = lotteryRounds.toApi(row, now);
      await writeActionLog(
        trx,
        actor,
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
