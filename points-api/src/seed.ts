import { sql, type Kysely } from 'kysely';
import type { LedgerEntryKind } from '@phoenix/contract';
import type { Database } from './db/database';
import { withStartupLock, type LogActor } from '@phoenix/server/db';
import { seedFeatures } from '@phoenix/server';
import { FEATURES_DIR, type AppContext } from './context';

/** The points API's seeds take turns under this startup lock (@phoenix/server's startupLock.ts). */
export const POINTS_SEED_LOCK = 'seed:points';
const SEED_ACTOR: LogActor = { id: null, email: 'system (local seed)' };

/** The BFF's local players' wallet (bff/src/features/players/repository.ts): the same made-up people. */
const walletOf = (id: number) => sql<string>`'0x' || md5(${`wallet-${id}`}) || substr(md5(${`salt-${id}`}), 1, 8)`;

/** The local players with a point account: the BFF's first 30. */
export const LOCAL_POINT_ACCOUNTS = 30;

const GAME_ENTRIES: readonly (readonly [LedgerEntryKind, number, string])[] = [
  ['taskReward', 500, 'Task: Season kick-off'],
  ['checkin', 10, 'Check-in day 1'],
  ['taskReward', 50, 'Task: Follow Phoenix on X'],
  ['checkin', 20, 'Check-in day 2'],
  ['taskReward', 100, 'Task: Join the Discord'],
  ['purchase', -60, 'Shop: Stamina potion'],
  ['spin', 25, 'Wheel: 25 points'],
];

/**
 * LOCAL SEED DATA ONLY (SEED_LOCAL_DATA where allowed), as the BFF's seed.ts: the point accounts
 * first (the areas' seeds refer to them: the lottery's tickets are bought through the ledger), then
 * each area's `features/<area>/seed.ts`. Idempotent; each step takes POINTS_SEED_LOCK.
 */
export async function seedLocalPointData(ctx: AppContext): Promise<void> {
  await seedLocalPointAccounts(ctx.db, LOCAL_POINT_ACCOUNTS, ctx.now());
  await seedFeatures(ctx, SEED_ACTOR, FEATURES_DIR);
}

/**
 * LOCAL SEED DATA ONLY (SEED_LOCAL_DATA where allowed): `count` point accounts with ids 1..count (the
 * BFF's local players) and a few game entries each: an account opens at 0 and each entry moves it,
 * as every entry does (migration 0032). Runs once (one instance at a time): nothing happens when point accounts exist.
 */
export async function seedLocalPointAccounts(db: Kysely<Database>, count: number, now: Date): Promise<void> {
  // Under the lock: two instances started together would each find no point account.
  await withStartupLock(db, POINTS_SEED_LOCK, () => insertPointUsers(db, count, now));
}

async function insertPointUsers(db: Kysely<Database>, count: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('points.accounts').select('id').limit(1).executeTakeFirst();
    if (existing) return;
    for (let id = 1; id <= count; id++) {
      const entries = GAME_ENTRIES.slice(0, 1 + (id % GAME_ENTRIES.length));
      // The account opens at 0; each entry moves its balance (migration 0032).
      const rows = entries.map(([kind, amount, reason], index) => {
        return {
          player_id: id,
          kind,
          amount,
          reason,
          created_at: new Date(now.getTime() - (entries.length - index) * 3_600_000 * (1 + (id % 5))),
          created_by: null,
        };
      });
      await trx
        .insertInto('points.accounts')
        .values({
          id,
          wallet: walletOf(id),
          booster_percent: id % 4 === 0 ? 25 : 0,
          last_activity_at: rows.at(-1)!.created_at,
          version: 1,
          created_at: now,
          updated_at: now,
          updated_by: 'system (local seed)',
        })
        .execute();
      await trx.insertInto('points.ledger_entries').values(rows).execute();
    }
  });
}
