import type { Kysely } from 'kysely';
import { ECONOMY_DAYS_MAX, type EconomyDays, type EconomyRolledDay } from '@phoenix/contract';
import { addDays, dayOf, startOfDay, type DailyRollup } from '@phoenix/server/jobs';
import type { Database } from '../../db/database';
import { daysOfEntries } from './figures';

export const ECONOMY_ROLLUP_QUEUE = 'points-economy-daily-rollup';

/**
 * The economy's daily rollup (table points.economy_days, migration 0037): a day's points issued by
 * source, spent by sink, its reversals and entries, the same figures as the report's (figures.ts).
 * A first run fills in the days a GET /economy/days may ask for.
 */
export const economyRollup: DailyRollup<{ issued: object; spent: object; refunded: number; reversed_away: number; entries: number }> = {
  queue: ECONOMY_ROLLUP_QUEUE,
  table: 'points.economy_days',
  backfillDays: ECONOMY_DAYS_MAX,
  async figures(db, from, to) {
    const [day] = await daysOfEntries(db as Kysely<Database>, from, to);
    return {
      issued: day?.issued ?? {},
      spent: day?.spent ?? {},
      refunded: day?.refunded ?? 0,
      reversed_away: day?.reversedAway ?? 0,
      entries: day?.entries ?? 0,
    };
  },
};

/**
 * The last `count` days, oldest first: the rolled ones (a primary-key range of economy_days) and
 * today so far (a range of the ledger's created_at index). A day not rolled yet is left out rather
 * than read from the ledger.
 */
export async function economyDaysOf(db: Kysely<Database>, count: number, now: Date): Promise<EconomyDays> {
  const today = dayOf(now);
  const rolled = await db
    .selectFrom('points.economy_days')
    .select(['day', 'issued', 'spent', 'refunded', 'reversed_away', 'entries'])
    .where('day', '>=', addDays(today, -(count - 1)))
    .where('day', '<', today)
    .where('rolled_at', 'is not', null)
    .orderBy('day')
    .execute();
  const [sofar] = await daysOfEntries(db, startOfDay(today), new Date(now.getTime() + 1));
  const days: EconomyRolledDay[] = rolled.map((r) => ({
    day: r.day,
    issued: r.issued,
    spent: r.spent,
    refunded: Number(r.refunded),
    reversedAway: Number(r.reversed_away),
    entries: Number(r.entries),
  }));
  return { today, days: [...days, sofar ?? { day: today, issued: {}, spent: {}, refunded: 0, reversedAway: 0, entries: 0 }] };
}
