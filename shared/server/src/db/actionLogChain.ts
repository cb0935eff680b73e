import type { ActionLogChainVerdict } from '@phoenix/contract';
import { sql, type Kysely } from 'kysely';
import type { ServerDatabase } from './schema';

interface ChainRow {
  chain: string;
  rows: string;
  last_seq: string | null;
  broken_seq: string | null;
  head_seq: string | null;
  head_hash: string | null;
  last_hash: string | null;
}

interface BrokenRow {
  id: number;
  chain_seq: string;
  hash_ok: boolean;
  link_ok: boolean;
  seq_ok: boolean;
}

/**
 * Checks every chain of the action log (migration 0061): each row's hash against its contents, its
 * link to the row before it, the numbering without a gap, and the newest row against the chain's
 * head. One pass over the table in the database (sha256 per row); the rows never travel. A chain
 * is intact through its last row, or through the row before the first broken one, which is named
 * with what is wrong with it.
 */
export async function verifyActionLog(db: Kysely<ServerDatabase>): Promise<ActionLogChainVerdict[]> {
  const { rows } = await sql<ChainRow>`
    with checked as (
      select chain, chain_seq, hash,
        hash = action_log_hash(l) and previous_hash = coalesce(lag(hash) over w, repeat('0', 64))
          and chain_seq = coalesce(lag(chain_seq) over w, 0) + 1 as ok
      from action_logs l
      window w as (partition by chain order by chain_seq)
    ), chains as (
      select chain, count(*) as rows, max(chain_seq) as last_seq, min(chain_seq) filter (where not ok) as broken_seq
      from checked group by chain
    )
    select coalesce(c.chain, h.chain) as chain, coalesce(c.rows, 0)::text as rows, c.last_seq::text as last_seq,
      c.broken_seq::text as broken_seq, h.seq::text as head_seq, h.hash as head_hash,
      (select hash from action_logs where chain = c.chain and chain_seq = c.last_seq) as last_hash
    from chains c full join action_log_chains h on h.chain = c.chain
    order by 1`.execute(db);
  const verdicts: ActionLogChainVerdict[] = [];
  for (const row of rows) verdicts.push(await verdictOf(db, row));
  return verdicts;
}

async function verdictOf(db: Kysely<ServerDatabase>, row: ChainRow): Promise<ActionLogChainVerdict> {
  const count = Number(row.rows);
  /** The newest row of the chain numbered below `seq` (rows may be missing: the one before a gap). */
  const lastIdBefore = async (seq: number) =>
    (
      await db
        .selectFrom('action_logs')
        .select('id')
        .where('chain', '=', row.chain)
        .where('chain_seq', '<', String(seq) as never)
        .orderBy('chain_seq', 'desc')
        .limit(1)
        .executeTakeFirst()
    )?.id ?? null;
  if (row.broken_seq !== null) {
    const seq = Number(row.broken_seq);
    const { rows: found } = await sql<BrokenRow>`
      select id, chain_seq::text as chain_seq, hash = action_log_hash(l) as hash_ok,
        previous_hash = coalesce((select hash from action_logs p where p.chain = l.chain and p.chain_seq < l.chain_seq order by p.chain_seq desc limit 1), repeat('0', 64)) as link_ok,
        chain_seq = coalesce((select max(chain_seq) from action_logs p where p.chain = l.chain and p.chain_seq < l.chain_seq), 0) + 1 as seq_ok
      from action_logs l where chain = ${row.chain} and chain_seq = ${seq}`.execute(db);
    const broken = found[0]!;
    const reason = !broken.hash_ok ? 'changed' : !broken.seq_ok ? 'missing-before' : 'relinked';
    return { chain: row.chain, rows: count, intactThroughId: await lastIdBefore(seq), broken: { id: broken.id, seq, reason } };
  }
  const lastSeq = row.last_seq === null ? 0 : Number(row.last_seq);
  if (row.head_seq !== null && Number(row.head_seq) !== lastSeq) {
    // The head counts rows past the last one left: the newest rows went.
    return {
      chain: row.chain,
      rows: count,
      intactThroughId: await lastIdBefore(lastSeq + 1),
      broken: { id: null, seq: lastSeq + 1, reason: 'missing-newest' },
    };
  }
  if (lastSeq > 0 && row.head_hash !== row.last_hash) {
    // As many rows as the head counts, but the last is not the one it recorded: replaced whole.
    return {
      chain: row.chain,
      rows: count,
      intactThroughId: await lastIdBefore(lastSeq),
      broken: { id: await lastIdBefore(lastSeq + 1), seq: lastSeq, reason: 'relinked' },
    };
  }
  return { chain: row.chain, rows: count, intactThroughId: await lastIdBefore(lastSeq + 1), broken: null };
}
