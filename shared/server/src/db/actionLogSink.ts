import fs from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import type { ServerDatabase } from './schema';
import { parseSink, type SinkTarget } from './sinkTarget';

export { parseSink, type SinkTarget } from './sinkTarget';

/**
 * The action log shipped off the box: each service streams its own chain, in order, as
 * JSON lines to ACTION_LOG_SINK: a file (appended) or an HTTP(S) endpoint (POSTed, one batch of
 * lines per request, content-type application/x-ndjson). A copy elsewhere is what catches rows
 * removed together with the chain's head, which the chain alone cannot.
 *
 * Several instances, one shipper at a time: a batch runs in a transaction holding the chain's
 * sink lock (an advisory lock) and its cursor row; the cursor moves only once the sink took the
 * lines, so a failed write is retried and nothing is lost. A crash after the write and before the
 * commit ships that batch again: delivery is at least once, and each line carries its chain and
 * number (and hash) for the receiver to drop a repeat.
 */

const BATCH = 500;

interface LogLine {
  chain: string;
  seq: number;
  hash: string;
  previousHash: string;
  id: number;
  at: string;
  admin: { id: number | null; email: string };
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
}

async function deliver(target: SinkTarget, body: string, timeoutMs: number): Promise<void> {
  if (target.kind === 'file') {
    await fs.appendFile(target.path, body, { encoding: 'utf8', mode: 0o600 });
    return;
  }
  const response = await fetch(target.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-ndjson' },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`the sink answered ${response.status}`);
}

/** Ships the chain's next rows (up to BATCH): the number shipped, 0 when another instance holds the lock. */
export async function shipActionLog(anyDb: Kysely<any>, chain: string, target: SinkTarget, sinkName: string, timeoutMs = 10_000) {
  const db = anyDb as Kysely<ServerDatabase>; // any service's database: the server tables are in each
  return db.transaction().execute(async (trx) => {
    const { rows: locked } = await sql<{
      ok: boolean;
    }>`select pg_try_advisory_xact_lock(hashtext(${`phoenix_sink:${sinkName}:${chain}`})) as ok`.execute(trx);
    if (!locked[0]?.ok) return 0;
    await sql`insert into action_log_sink_cursors (sink, chain, last_seq, updated_at) values (${sinkName}, ${chain}, 0, now())
      on conflict (sink, chain) do nothing`.execute(trx);
    const { rows: cursor } = await sql<{ last_seq: string }>`select last_seq from action_log_sink_cursors
      where sink = ${sinkName} and chain = ${chain} for update`.execute(trx);
    const after = Number(cursor[0]!.last_seq);
    const rows = await trx
      .selectFrom('action_logs')
      .selectAll()
      .where('chain', '=', chain)
      .where(sql<boolean>`chain_seq > ${after}`)
      .orderBy(sql`chain_seq`)
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return 0;
    const lines = rows.map((row): LogLine => ({
      chain: row.chain,
      seq: Number(row.chain_seq),
      hash: row.hash,
      previousHash: row.previous_hash,
      id: row.id,
      at: row.created_at.toISOString(),
      admin: { id: row.admin_id, email: row.admin_email },
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      before: row.before,
      after: row.after,
      requestId: row.request_id,
    }));
    await deliver(target, lines.map((line) => `${JSON.stringify(line)}\n`).join(''), timeoutMs);
    await sql`update action_log_sink_cursors set last_seq = ${lines.at(-1)!.seq}, updated_at = now()
      where sink = ${sinkName} and chain = ${chain}`.execute(trx);
    return lines.length;
  });
}

export interface ActionLogShipper {
  /** Ships until the chain is caught up (tests, shutdown). */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Ships `chain` every `intervalMs` (and until caught up each time). A failing sink is retried at the
 * next tick, reported once per failure streak through `onError`.
 */
export function startActionLogShipper(options: {
  db: Kysely<any>;
  chain: string;
  sink: string;
  intervalMs?: number;
  onError(error: unknown): void;
  onRecovered?(): void;
}): ActionLogShipper {
  const target = parseSink(options.sink);
  if (!target) throw new Error(`ACTION_LOG_SINK: not a file:/// or http(s):// URL`);
  let failing = false;
  let running: Promise<number> | null = null;
  const drain = async () => {
    let total = 0;
    for (;;) {
      const shipped = await shipActionLog(options.db, options.chain, target, options.sink);
      total += shipped;
      if (shipped < BATCH) return total;
    }
  };
  const tick = () => {
    if (running) return;
    running = drain()
      .then((n) => {
        if (failing) options.onRecovered?.();
        failing = false;
        return n;
      })
      .catch((error: unknown) => {
        if (!failing) options.onError(error);
        failing = true;
        return 0;
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs ?? 2000);
  timer.unref();
  return {
    drain: async () => {
      await running;
      return drain();
    },
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
