import type { Kysely } from 'kysely';
import pg from 'pg';
import { rawConnectionOf } from '../db/connect';

/** The channel the migrations' triggers notify (bff migration 0071): `{"topic": …, "id": …}`. */
export const LIVE_CHANNEL = 'phoenix_live';

export interface LiveListener {
  stop(): Promise<void>;
}

interface ListenerOptions {
  channel?: string;
  /** Called with each notification's payload, as sent. */
  onPayload: (payload: string) => void;
  /** A lost connection and its reconnection (PostgreSQL). */
  onError?: (error: Error) => void;
  onConnected?: () => void;
  /** First reconnection delay; it doubles up to 30 s. */
  retryMs?: number;
}

/**
 * The instance's ONE listening connection, whatever its number of streams. On PostgreSQL a client of
 * its own outside the pool (a LISTEN holds its connection for good), reconnected with backoff when
 * lost; on PGlite (one process holds it) PGlite's own `listen`, run while holding Kysely's connection
 * so the LISTEN never lands inside another request's transaction.
 */
export async function startLiveListener(db: Kysely<any>, options: ListenerOptions): Promise<LiveListener> {
  const channel = options.channel ?? LIVE_CHANNEL;
  const raw = rawConnectionOf(db);
  if (!raw) throw new Error('live events: no database connection to listen on');
  if (raw.kind === 'pglite') {
    const unlisten = await db.connection().execute(() => raw.pglite.listen(channel, options.onPayload));
    // What a client of its wire (db/pgliteWire.ts: the points API) commits is heard here too: one backend.
    options.onConnected?.();
    return {
      stop: async () => {
        await db
          .connection()
          .execute(() => unlisten())
          .catch(() => {}); // the database may be closing already
      },
    };
  }

  const config = (raw.pool as unknown as { options: pg.ClientConfig }).options;
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let delay = options.retryMs ?? 500;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client(config);
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) options.onPayload(message.payload);
    });
    next.on('error', (error) => {
      options.onError?.(error);
      if (client === next) reconnect(next);
    });
    next.on('end', () => {
      if (client === next) reconnect(next);
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      options.onError?.(error as Error);
      reconnect(next);
      return;
    }
    delay = options.retryMs ?? 500;
    options.onConnected?.();
  };
  const reconnect = (dead: pg.Client) => {
    if (stopped || retry) return;
    client = null;
    void dead.end().catch(() => {});
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, 30_000);
  };
  await connect();
  return {
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
