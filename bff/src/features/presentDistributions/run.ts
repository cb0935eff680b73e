import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { recipientFilter, segmentRecipientFilter } from './recipients';

export const DISTRIBUTION_QUEUE = 'present-distribution';
export interface DistributionJob {
  distributionId: number;
}
/**
 * Players per batch: one set-based insert … select each, committed with the progress. Large, so a
 * million players is ten statements (the per-statement cost vanishes), small enough that progress
 * still moves and a retried batch is short.
 */
export const DELIVERY_BATCH = 100_000;

/**
 * Runs one distribution: claims it (only if still scheduled, or resuming a run that died), then
 * delivers in batches of players by id. Each batch is one statement — insert … select … on
 * conflict do nothing — committed with the new progress and cursor, so a crash resumes where it
 * stopped and the primary key (distribution_id, player_id) makes a second delivery impossible,
 * whatever runs twice. A cancelled or finished distribution is left alone.
 */
export async function runDistribution(ctx: AppContext, distributionId: number, batchSize = DELIVERY_BATCH): Promise<void> {
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const row = await trx
      .updateTable('present_distributions')
      .set((eb) => ({ status: 'running', started_at: eb.fn.coalesce('started_at', sql<Date>`${now}::timestamptz`), error: null }))
      .where('id', '=', distributionId)
      .where('status', 'in', ['scheduled', 'running', 'failed'])
      .returningAll()
      .executeTakeFirst();
    if (row && row.target === 'segment' && row.members_fixed_at === null && row.segment_criteria) {
      // The segment's members are fixed now, once: its active members at the start of the send. A
      // retried or resumed run reads these ids, so a player joining or leaving the segment later
      // changes nothing about this send.
      const { rows } = await sql<{ ids: string | null; count: string }>`
        select string_agg(id::text, ',' order by id) as ids, count(*) as count
        from players p where ${segmentRecipientFilter(row.segment_criteria, now)}`.execute(trx);
      const ids = rows[0].ids ? rows[0].ids.split(',').map(Number) : [];
      await trx
        .updateTable('present_distributions')
        .set({ player_ids: `{${ids.join(',')}}`, recipient_count: ids.length, members_fixed_at: now })
        .where('id', '=', row.id)
        .execute();
      row.player_ids = ids;
      row.recipient_count = ids.length;
      row.members_fixed_at = now;
    }
    if (row) {
      // From the first delivery on, the present's items are what players hold: they can no longer change.
      await trx
        .updateTable('presents')
        .set((eb) => ({ distributed_at: eb.fn.coalesce('distributed_at', sql<Date>`${now}::timestamptz`) }))
        .where('id', '=', row.present_id)
        .execute();
    }
    return row;
  });
  if (!claimed) return;

  const who = recipientFilter(claimed.target, claimed.player_ids);
  let cursor = claimed.cursor_player_id;
  for (;;) {
    const last = await ctx.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ last: number | null; inserted: string }>`
        with batch as (
          select p.id from players p where ${who} and p.id > ${cursor} order by p.id limit ${batchSize}
        ), delivered as (
          insert into present_deliveries (distribution_id, player_id, present_id, delivered_at)
          select ${distributionId}, id, ${claimed.present_id}, ${ctx.now()} from batch
          on conflict do nothing
          returning 1
        )
        select (select max(id) from batch) as last, (select count(*) from delivered) as inserted`.execute(trx);
      const { last, inserted } = rows[0];
      if (last === null) return null;
      await trx
        .updateTable('present_distributions')
        .set((eb) => ({ cursor_player_id: last, delivered_count: eb('delivered_count', '+', Number(inserted)) }))
        .where('id', '=', distributionId)
        .execute();
      return Number(last);
    });
    if (last === null) break;
    cursor = last;
  }
  await ctx.db
    .updateTable('present_distributions')
    .set({ status: 'done', finished_at: ctx.now() })
    .where('id', '=', distributionId)
    .where('status', '=', 'running')
    .execute();
}

/** A failed attempt is recorded on the row (the list shows it); pg-boss retries it, resuming from the cursor. */
export async function markFailed(ctx: AppContext, distributionId: number, error: unknown): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  await ctx.db
    .updateTable('present_distributions')
    .set({ status: 'failed', error: message })
    .where('id', '=', distributionId)
    .where('status', '=', 'running')
    .execute();
}
