import { sql, type Kysely } from 'kysely';
import type { EconomyDay, EconomyQuery, EconomyReconciliation, EconomyRolledDay, LedgerEntryKind } from '@phoenix/contract';
import type { Database } from '../../db/database';

const DAY_MS = 86_400_000;
const int = (value: unknown) => Number(value ?? 0);

type Figure = 'entriesTotal' | 'balancesTotal' | 'accountsOff' | 'ticketsWithoutDebit' | 'unpaidPrizes';

/** One query per figure of the reconciliation, each read from an index (migration 0035); bench/points-economy.mjs times them. */
export const RECONCILIATION_FIGURES: Record<Figure, (db: Kysely<Database>) => Promise<number>> = {
  entriesTotal: async (db) =>
    one(await sql<{ n: string }>`select coalesce(sum(amount), 0) as total from points.ledger_entries`.execute(db)),
  balancesTotal: async (db) => one(await sql<{ n: string }>`select coalesce(sum(balance), 0) as total from points.accounts`.execute(db)),
  accountsOff: async (db) =>
    one(
      await sql<{ n: string }>`
        select count(*) as n from points.accounts u
        left join (select player_id, sum(amount) as total from points.ledger_entries group by player_id) e on e.player_id = u.id
        where u.balance <> coalesce(e.total, 0)`.execute(db),
    ),
  ticketsWithoutDebit: async (db) =>
    one(await sql<{ n: string }>`select count(*) as n from points.lottery_tickets where entry_id is null`.execute(db)),
  unpaidPrizes: async (db) =>
    one(
      await sql<{ n: string }>`
        select count(*) as n from points.lottery_rounds r cross join lateral jsonb_array_elements(r.winners) as w
        where r.drawn_at is not null and (w ->> 'entryId') is null`.execute(db),
    ),
};

const one = (result: { rows: Record<string, unknown>[] }) => int(Object.values(result.rows[0] ?? {})[0]);

/**
 * The reconciliation, one query per figure, all in one snapshot (repeatable read): an entry
 * committed between two figures would otherwise show as a mismatch that is not there. They run one
 * after the other, not at once: on a pool of five connections a report must not take them all.
 */
export function reconcile(db: Kysely<Database>, now: Date): Promise<EconomyReconciliation> {
  return inOneSnapshot(db, (trx) => reconcileIn(trx, now));
}

/** The economy report's figures: the period's days and the reconciliation, from one snapshot. */
export function economyReport(
  db: Kysely<Database>,
  query: EconomyQuery,
  now: Date,
): Promise<{ days: EconomyDay[]; reconciliation: EconomyReconciliation }> {
  return inOneSnapshot(db, async (trx) => {
    const reconciliation = await reconcileIn(trx, now);
    return { reconciliation, days: await economyDays(trx, query, reconciliation.entriesTotal) };
  });
}

const inOneSnapshot = <T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>) =>
  db.transaction().setIsolationLevel('repeatable read').execute(work);

async function reconcileIn(db: Kysely<Database>, now: Date): Promise<EconomyReconciliation> {
  const figures = { at: now.toISOString() } as Omit<EconomyReconciliation, 'mismatches'>;
  for (const [name, query] of Object.entries(RECONCILIATION_FIGURES)) figures[name as Figure] = await query(db);
  const mismatches: EconomyReconciliation['mismatches'] = [];
  if (figures.entriesTotal !== figures.balancesTotal) mismatches.push('totals');
  if (figures.accountsOff > 0) mismatches.push('accountsOff');
  if (figures.ticketsWithoutDebit > 0) mismatches.push('ticketsWithoutDebit');
  if (figures.unpaidPrizes > 0) mismatches.push('unpaidPrizes');
  return { ...figures, mismatches };
}

/**
 * The period's days (UTC), each with what was issued by source and spent by sink, the reversals
 * either way and the points in circulation at its end: a range of the (created_at) index grouped
 * by day and kind, and the sum after the period. Circulation starts from the ledger's total (the
 * reconciliation's, same snapshot) less what came after the period's start: a recent period reads
 * only recent entries.
 */
async function economyDays(db: Kysely<Database>, query: EconomyQuery, entriesTotal: number): Promise<EconomyDay[]> {
  const from = new Date(`${query.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS);
  const after = await sql<{ total: string }>`
    select coalesce(sum(amount), 0) as total from points.ledger_entries where created_at >= ${end}`.execute(db);
  const days = await daysOfEntries(db, from, end);
  const inPeriod = days.reduce((sum, d) => sum + net(d), 0);
  let circulation = entriesTotal - int(after.rows[0]?.total) - inPeriod;
  return days.map((d) => {
    circulation += net(d);
    return { ...d, circulation };
  });
}

const sumOf = (byKind: Partial<Record<LedgerEntryKind, number>>) => Object.values(byKind).reduce((sum, n) => sum + (n ?? 0), 0);
const net = (d: EconomyRolledDay) => sumOf(d.issued) - sumOf(d.spent) + d.refunded - d.reversedAway;

/**
 * Each UTC day of [from, end) with what was issued by source and spent by sink, the reversals either
 * way and its number of entries: a range of the (created_at) index grouped by day and kind. The
 * report's days and the daily rollup's rows (rollup.ts) are both made here.
 */
export async function daysOfEntries(db: Kysely<Database>, from: Date, end: Date): Promise<EconomyRolledDay[]> {
  // date_bin on the timestamptz itself (UTC days from a UTC origin): no text or time-zone conversion per row.
  const binned = await sql<{ day: Date | string; kind: LedgerEntryKind; credit: string; debit: string; n: string }>`
    select date_bin('1 day', created_at, timestamptz '2000-01-01 00:00:00+00') as day, kind,
      coalesce(sum(amount) filter (where amount > 0), 0) as credit,
      coalesce(sum(-amount) filter (where amount < 0), 0) as debit,
      count(*) as n
    from points.ledger_entries where created_at >= ${from} and created_at < ${end}
    group by 1, 2 order by 1, 2`.execute(db);
  const rows = binned.rows.map((r) => ({ ...r, day: new Date(r.day).toISOString().slice(0, 10) }));
  const days: EconomyRolledDay[] = [];
  for (let at = Date.parse(`${from.toISOString().slice(0, 10)}T00:00:00Z`); at < end.getTime(); at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    const entry: EconomyRolledDay = { day, issued: {}, spent: {}, refunded: 0, reversedAway: 0, entries: 0 };
    for (const row of rows.filter((r) => r.day === day)) {
      const credit = int(row.credit);
      const debit = int(row.debit);
      if (row.kind === 'reversal') {
        entry.refunded += credit;
        entry.reversedAway += debit;
      } else {
        if (credit) entry.issued[row.kind] = credit;
        if (debit) entry.spent[row.kind] = debit;
      }
      entry.entries += int(row.n);
    }
    days.push(entry);
  }
  return days;
}
