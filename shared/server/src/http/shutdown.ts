import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { loggableUrl } from './logging';
import { currentTracing } from '../tracing';

/**
 * docker-compose gives each service 45 s (stop_grace_period) between SIGTERM and SIGKILL: the
 * whole shutdown stays within 40 s, then exits anyway. Requests get the first 10 s to finish; the
 * job runner waits up to 30 s for a running handler (jobs/runner.ts), within the same 40 s.
 */
export const SHUTDOWN_BOUND_MS = 40_000;
export const DRAIN_BOUND_MS = 10_000;

interface InFlight {
  method: string;
  url: string;
  startedAt: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests received and not yet answered, by request id (what a shutdown would cut). */
    inFlight: Map<string, InFlight>;
  }
}

export function installInFlightTracking(app: FastifyInstance): void {
  const inFlight = new Map<string, InFlight>();
  app.decorate('inFlight', inFlight);
  app.addHook('onRequest', async (request) => {
    inFlight.set(request.id, { method: request.method, url: loggableUrl(request.url), startedAt: Date.now() });
  });
  app.addHook('onResponse', async (request) => {
    inFlight.delete(request.id);
  });
  // A client that hangs up never gets a response: it is no longer in flight either.
  app.addHook('onRequestAbort', async (request) => {
    inFlight.delete(request.id);
  });
}

function describe(inFlight: Map<string, InFlight>): { requestId: string; method: string; url: string; runningMs: number }[] {
  const now = Date.now();
  return [...inFlight].map(([requestId, r]) => ({ requestId, method: r.method, url: r.url, runningMs: now - r.startedAt }));
}

export interface ShutdownOptions {
  log: FastifyBaseLogger;
  /** Before the app closes: e.g. the BFF stops serving its embedded database to the points API. */
  before?: () => Promise<void>;
  boundMs?: number;
  drainMs?: number;
  /** process.exit (tests pass their own). */
  exit?: (code: number) => void;
}

/**
 * In this order: stop accepting connections (idle keep-alive ones close; a request arriving on a
 * busy one is answered 503), let in-flight requests finish (up to drainMs, then their connections
 * are cut and each cut request is logged), stop the jobs, close the database (the app's onClose
 * hook, jobs then database). Past boundMs it exits with 1 anyway, naming the stage it was in.
 */
export async function shutDown(app: FastifyInstance, signal: string, options: ShutdownOptions): Promise<void> {
  const { log, boundMs = SHUTDOWN_BOUND_MS, drainMs = DRAIN_BOUND_MS, exit = (code: number) => process.exit(code) } = options;
  const started = Date.now();
  let stage = 'draining requests';
  log.info({ signal, inFlight: app.inFlight.size, boundMs, drainMs }, 'shutting down');

  const bound = setTimeout(() => {
    log.error({ stage, cut: describe(app.inFlight), elapsedMs: Date.now() - started }, 'shutdown bound reached: exiting with work cut');
    exit(1);
  }, boundMs);
  const drain = setTimeout(() => {
    if (app.inFlight.size === 0) return;
    log.warn({ cut: describe(app.inFlight) }, 'drain bound reached: cutting the requests still running');
    app.server.closeAllConnections();
  }, drainMs);
  // Every connection has ended: app.close() goes on to its onClose hooks.
  app.server.once('close', () => {
    clearTimeout(drain);
    stage = 'stopping jobs, closing the database';
  });

  try {
    await options.before?.();
    await app.close();
    stage = 'exporting the last spans';
    // The spans still batched (OTEL_EXPORTER_OTLP_ENDPOINT): within the same bound.
    await currentTracing()?.shutdown();
    clearTimeout(bound);
    log.info({ elapsedMs: Date.now() - started }, 'shut down');
    exit(0);
  } catch (error) {
    clearTimeout(bound);
    log.error({ err: error, stage }, 'error while shutting down');
    exit(1);
  }
}
