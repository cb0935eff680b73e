// The points ledger filled in bulk for the benches (economy, dashboard): `accounts` accounts and
// `entries` entries of every kind spread over 90 days before `now`, the balances set once after.
import { sql, type Kysely } from './deps';

export async function fillLedger(
  db: Kysely<any>,
  { accounts, entries, now }: { accounts: number; entries: number; now: Date },
): Promise<void> {
  // The per-row triggers off (each entry would update its account); back on whatever happens.
  await sql`alter table points.ledger_entries disable trigger user`.execute(db);
  await sql`alter table points.accounts disable trigger user`.execute(db);
  try {
    await sql`truncate points.ledger_entries, points.accounts cascade`.execute(db);
    await sql`
      insert into points.accounts (id, wallet, version, created_at, updated_at)
      select i, null, 1, ${now}::timestamptz, ${now}::timestamptz from generate_series(1, ${accounts}::integer) as i`.execute(db);
    await sql`
      insert into points.ledger_entries (player_id, kind, amount, balance_after, reason, created_at)
      select 1 + (i % ${accounts}), (array['taskReward','checkin','referral','lootbox','spin','lottery','purchase','adjustment'])[1 + (i / ${accounts}) % 8],
        case when (i / ${accounts}) % 8 in (5, 6) then -10 else 25 end, 0, '',
        ${now}::timestamptz - make_interval(secs => (i::bigint * 7919) % (90 * 86400))
      from generate_series(1, ${entries}::integer) as i`.execute(db);
    await sql`update points.accounts u set balance = e.total from (select player_id, sum(amount) as total from points.ledger_entries group by player_id) e where e.player_id = u.id`.execute(
      db,
    );
  } finally {
    await sql`alter table points.accounts enable trigger user`.execute(db);
    await sql`alter table points.ledger_entries enable trigger user`.execute(db);
  }
}
