import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite on a worker thread. PGlite runs each query synchronously on the thread that owns it: on the
 * BFF's thread one heavy list query held every other request, /health included, until it ended. Here
 * the BFF's thread only sends SQL and receives rows, so it keeps answering while a query runs.
 *
 * The worker is plain JavaScript evaluated from this string (no build step, no TypeScript loader in
 * the thread): the same under tsx, the esbuild bundle and jest. It loads the BFF's own PGlite.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);
const { pg_trgm } = require(workerData.pgTrgm);
const db = new PGlite({ dataDir: workerData.dataDir, extensions: { pg_trgm } });
const unlisteners = new Map();
parentPort.on('message', async ({ id, close, exec, sql, params, listen, unlisten }) => {
  try {
    // Notifications (live events: shared/server events/) travel back as messages without an id.
    if (listen) {
      if (!unlisteners.has(listen)) {
        unlisteners.set(listen, await db.listen(listen, (payload) => parentPort.postMessage({ notification: { channel: listen, payload } })));
      }
      parentPort.postMessage({ id });
      return;
    }
    if (unlisten) {
      const stop = unlisteners.get(unlisten);
      unlisteners.delete(unlisten);
      if (stop) await stop();
      parentPort.postMessage({ id });
      return;
    }
    if (close) {
      await db.close();
      parentPort.postMessage({ id });
      return;
    }
    if (exec) {
      const results = await db.exec(sql);
      parentPort.postMessage({ id, result: results.map((r) => ({ rows: r.rows, affectedRows: r.affectedRows, fields: r.fields })) });
      return;
    }
    const result = await db.query(sql, params);
    parentPort.postMessage({ id, result: { rows: result.rows, affectedRows: result.affectedRows, fields: result.fields } });
  } catch (error) {
    // Own fields (code, detail, constraint…) travel as data: the BFF reads error.code (e.g. 23505).
    const fields = typeof error === 'object' && error !== null ? { ...error } : {};
    parentPort.postMessage({ id, error: { ...fields, name: error && error.name, message: error && error.message ? error.message : String(error) } });
  }
});
`;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Reply {
  id: number;
  notification?: { channel: string; payload: string };
  result?: unknown;
  error?: Record<string, unknown> & { name?: string; message: string };
}

function toError(data: NonNullable<Reply['error']>): Error {
  return Object.assign(new Error(data.message), data);
}

/** The part of PGlite the Kysely dialect (query, close), pg-boss (exec) and live events (listen) use, served by a worker thread. */
export function pgliteInWorker(dataDir: string): PGlite {
  const require = createRequire(__filename);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      dataDir,
      pglite: require.resolve('@electric-sql/pglite'),
      pgTrgm: require.resolve('@electric-sql/pglite/contrib/pg_trgm'),
    },
  });
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let failure: Error | null = null;
  // Only work in flight keeps the process alive (a script that forgets to close still exits).
  worker.unref();

  const failAll = (error: Error) => {
    failure = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  const listeners = new Map<string, Set<(payload: string) => void>>();
  worker.on('message', ({ id, result, error, notification }: Reply) => {
    if (notification) {
      for (const callback of listeners.get(notification.channel) ?? []) callback(notification.payload);
      return;
    }
    const waiting = pending.get(id);
    if (!waiting) return;
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    if (error) waiting.reject(toError(error));
    else waiting.resolve(result);
  });
  worker.on('error', (error) => failAll(error instanceof Error ? error : new Error(String(error))));
  worker.on('exit', (code) => failAll(new Error(`the PGlite worker stopped (exit code ${code})`)));

  const send = (message: object): Promise<unknown> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, ...message });
    });
  };

  const client: Pick<PGlite, 'query' | 'exec' | 'close' | 'listen'> = {
    listen: async (channel: string, callback: (payload: string) => void) => {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(callback);
      await send({ listen: channel });
      return async () => {
        set.delete(callback);
        if (set.size === 0) {
          listeners.delete(channel);
          await send({ unlisten: channel });
        }
      };
    },
    query: ((sql: string, params?: unknown[]) => send({ sql, params: params ?? [] })) as PGlite['query'],
    // Several statements in one text (pg-boss's schema and locked blocks: jobs/runner.ts).
    exec: ((sql: string) => send({ exec: true, sql })) as PGlite['exec'],
    close: async () => {
      if (failure) return;
      await send({ close: true });
      await worker.terminate();
    },
  };
  return client as PGlite;
}
