import type { PGlite } from '@electric-sql/pglite';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { listenWithPassword, type PasswordGate } from './wirePassword';

/**
 * PGlite is one PostgreSQL session. The BFF uses it directly, and other local processes (the
 * points API) reach it over the PostgreSQL wire protocol (`PGLITE_WIRE_PORT`), so they use `pg`
 * exactly as on a real PostgreSQL. pglite-socket multiplexes its clients message by message; this
 * gate makes the BFF and the wire clients take turns at transaction boundaries, so nobody's
 * statement ever lands inside somebody else's transaction or between a client's Parse and Sync.
 */
export class SessionGate {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  get isHeld(): boolean {
    return this.held;
  }

  /** Sessions queued for the gate (the BFF's queries and the wire's clients). */
  get waitingCount(): number {
    return this.waiting.length;
  }

  async acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

/** First byte of the messages after which a wire client waits for ReadyForQuery (Sync, Query, Terminate). */
const CYCLE_ENDS = new Set([0x53, 0x51, 0x58]);
const isStartupPacket = (message: Uint8Array) => message[0] === 0 && message.length >= 8;

/**
 * The PGlite handed to pglite-socket: every message takes the gate unless the wire side holds it,
 * and the gate goes back once a request cycle has ended outside a transaction.
 */
function gatedForWire(pglite: PGlite, gate: SessionGate): PGlite {
  let wireHolds = false;
  let cycleEnded = true;
  const take = async () => {
    if (wireHolds) return;
    await gate.acquire();
    wireHolds = true;
  };
  const giveBackIfDone = () => {
    if (wireHolds && cycleEnded && !pglite.isInTransaction()) {
      wireHolds = false;
      gate.release();
    }
  };
  const facade = {
    get waitReady() {
      return pglite.waitReady;
    },
    // pglite-socket keeps serving the last client while this answers true, else it takes the next
    // client's message. So answer true in the middle of a request cycle too (Parse…Sync), not only
    // in a transaction block: otherwise two clients' extended-protocol messages interleave on the one
    // session (B's Parse replaces A's unnamed statement: "unnamed prepared statement does not exist"),
    // and the ReadyForQuery that ends one client's cycle goes to another, which then waits forever.
    isInTransaction: () => wireHolds && (!cycleEnded || pglite.isInTransaction()),
    runExclusive: async <T>(fn: () => Promise<T>): Promise<T> => {
      await take();
      try {
        return await pglite.runExclusive(fn);
      } finally {
        giveBackIfDone();
      }
    },
    execProtocolRawStream: async (message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) => {
      cycleEnded = isStartupPacket(message) || CYCLE_ENDS.has(message[0]!);
      return pglite.execProtocolRawStream(message, options);
    },
    // Used by the multiplexer to roll back a disconnected client's transaction.
    exec: async (query: string) => {
      await take();
      try {
        return await pglite.exec(query);
      } finally {
        cycleEnded = true;
        giveBackIfDone();
      }
    },
  };
  return facade as unknown as PGlite;
}

export interface PgliteWire {
  port: number;
  stop(): Promise<void>;
}

/**
 * Serves `pglite` on host:port (port 0: any free port) for local clients, loopback only by default,
 * to those that know `password` (wirePassword.ts: the password of this start, handed to the points
 * API; PGlite itself would take any). The database listens on a Unix socket in a private folder.
 */
export async function servePgliteOverWire(
  pglite: PGlite,
  gate: SessionGate,
  options: { port: number; password: string; host?: string; maxConnections?: number },
): Promise<PgliteWire> {
  const maxConnections = options.maxConnections ?? 32;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-wire-')); // 0700: this user only
  const innerPath = path.join(folder, 'pglite.sock');
  const server = new PGLiteSocketServer({ db: gatedForWire(pglite, gate), path: innerPath, maxConnections });
  // pglite-socket (0.1.6) marks itself active before listening and so never rejects start() on a
  // listen error: it only dispatches 'error'. Take that as the failure.
  await new Promise<void>((resolve, reject) => {
    const onError = (event: Event) => reject((event as CustomEvent<Error>).detail);
    server.addEventListener('error', onError, { once: true });
    server.start().then(() => {
      server.removeEventListener('error', onError);
      resolve();
    }, reject);
  });
  const removeFolder = () => fs.rmSync(folder, { recursive: true, force: true });
  let front: PasswordGate;
  try {
    front = await listenWithPassword({
      port: options.port,
      host: options.host ?? '127.0.0.1',
      password: options.password,
      innerPath,
      maxConnections,
    });
  } catch (error) {
    await server.stop();
    removeFolder();
    throw error;
  }
  return {
    port: front.port,
    stop: async () => {
      await front.stop();
      await server.stop();
      removeFolder();
    },
  };
}
