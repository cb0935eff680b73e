import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * The exports an admin has running, held in the database (export_slots, migration 0064) so the
 * limit holds however many instances serve the admin: a slot per running export, numbered
 * 0 .. limit-1, under a lease its instance renews while the download streams. Leases are on the
 * database clock, the one clock every instance shares; a crashed instance's lease runs out and
 * its slot can be taken again.
 */
export interface ExportSlot {
  adminId: number;
  slot: number;
  /** The request holding it: only its holder renews or frees it. */
  holder: string;
}

const leaseEnd = (leaseMs: number) => sql`now() + ${Math.ceil(leaseMs)}::integer * interval '1 millisecond'`;

/**
 * Takes one of the admin's `slots` free slots, or null when every one is held. One atomic upsert
 * per slot takes it when it has no row or its lease has run out. Two requests racing for a slot:
 * PostgreSQL makes the second wait for the first's row, then finds its lease live (the update's
 * `where` is checked on the newest row) and it moves on to the next slot.
 */
export async function claimExportSlot(
  db: Kysely<any>,
  input: { adminId: number; route: string; slots: number; leaseMs: number },
): Promise<ExportSlot | null> {
  const holder = randomUUID();
  for (let slot = 0; slot < input.slots; slot++) {
    const { rows } = await sql<{ slot: number }>`
      insert into export_slots as s (admin_id, slot, holder, route, started_at, lease_expires_at)
      values (${input.adminId}, ${slot}, ${holder}, ${input.route.slice(0, 300)}, now(), ${leaseEnd(input.leaseMs)})
      on conflict (admin_id, slot) do update set
        holder = excluded.holder, route = excluded.route, started_at = excluded.started_at, lease_expires_at = excluded.lease_expires_at
      where s.lease_expires_at <= now()
      returning s.slot`.execute(db);
    if (rows.length > 0) return { adminId: input.adminId, slot, holder };
  }
  return null;
}

/** Moves the lease on; false when the slot is no longer this holder's (its lease ran out and was taken). */
export async function renewExportSlot(db: Kysely<any>, slot: ExportSlot, leaseMs: number): Promise<boolean> {
  const result = await sql`
    update export_slots set lease_expires_at = ${leaseEnd(leaseMs)}
    where admin_id = ${slot.adminId} and slot = ${slot.slot} and holder = ${slot.holder}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Frees the slot (only if still this holder's). */
export async function releaseExportSlot(db: Kysely<any>, slot: ExportSlot): Promise<void> {
  await sql`delete from export_slots where admin_id = ${slot.adminId} and slot = ${slot.slot} and holder = ${slot.holder}`.execute(db);
}
