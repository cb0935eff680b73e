import type { Kysely } from 'kysely';
import { DASHBOARD_SERIES_DAYS } from '@phoenix/contract';
import type { DailyRollup } from '@phoenix/server/jobs';
import type { Database } from '../../db/schema';

export const DASHBOARD_ROLLUP_QUEUE = 'dashboard-daily-rollup';

/** Battles started in [from, to): a range of the (started_at, id) index (migration 0043). */
export async function battlesStarted(db: Kysely<Database>, from: Date, to: Date): Promise<number> {
  const row = await db
    .selectFrom('battles')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('started_at', '>=', from)
    .where('started_at', '<', to)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The dashboard's daily rollup (table dashboard_days, migration 0068): battles started per day. A
 * first run fills in the series' days; each later run adds the day just over.
 */
export const dashboardRollup: DailyRollup<{ battles: number }> = {
  queue: DASHBOARD_ROLLUP_QUEUE,
  table: 'dashboard_days',
  backfillDays: DASHBOARD_SERIES_DAYS,
  figures: async (db, from, to) => ({ battles: await battlesStarted(db as Kysely<Database>, from, to) }),
};
