import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import { keyedMessage } from '@phoenix/contract';
import type { ServerContext } from '../context';
import { tooManyRequests } from './errors';
import { claimExportSlot, releaseExportSlot, renewExportSlot } from './exportSlots';
import { databaseRateLimitStore } from './rateLimitStore';

/**
 * Limits per admin on the calls that read a lot at once: searches and CSV exports (issue "Trust
 * II"). Both are kept in the database, never in an instance's memory, so they hold however many
 * instances share it: a fixed-window rate per admin (@fastify/rate-limit over request_counts) and,
 * for exports, how many may run at once (export_slots, exportSlots.ts). A refusal is a 429 in the
 * API's error shape with Retry-After, and a message (by key: the console says it in its language)
 * naming the limit and when to try again.
 */
export interface RequestLimitSettings {
  /** Searches per admin per minute (SEARCHES_PER_MINUTE). */
  searchesPerMinute: number;
  /** CSV exports per admin per minute (EXPORTS_PER_MINUTE). */
  exportsPerMinute: number;
  /** CSV exports one admin may have running at once (EXPORTS_AT_ONCE). */
  exportsAtOnce: number;
}

export const REQUEST_LIMIT_DEFAULTS: RequestLimitSettings = { searchesPerMinute: 60, exportsPerMinute: 10, exportsAtOnce: 2 };

const WINDOW_MS = 60_000;
/** An export's lease: renewed every third of it while it streams; a crashed instance's slot frees within it. */
export const EXPORT_LEASE_MS = 60_000;
/** How long to wait before trying a refused export again: exports take seconds, and we cannot know which ends first. */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

export type LimitedKind = 'search' | 'export';

/** Exports are the GET `…/export.csv` routes (as for the permission check's `export` action), searches GET `/search`. */
export function limitedKindOf(method: string, url: string): LimitedKind | null {
  if (method !== 'GET') return null;
  if (url.endsWith('/export.csv')) return 'export';
  return url === '/search' ? 'search' : null;
}

/**
 * By admin id (not the address: admins share offices and proxies); the address only for a call
 * without one. Per service: the console's "Find anything" asks the BFF and the points API at once.
 */
const limitKey = (service: string, kind: LimitedKind, request: FastifyRequest) =>
  `${service}:${kind}:${request.auth?.admin.id ? `admin:${request.auth.admin.id}` : `ip:${request.ip}`}`;

function perMinute(service: string, kind: LimitedKind, max: number): RateLimitOptions {
  const key = kind === 'search' ? 'too_many_searches_try_again_in_n_seconds' : 'too_many_exports_try_again_in_n_seconds';
  return {
    max,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => limitKey(service, kind, request),
    // An HttpError: the error handler answers it in the API's shape, with its Retry-After.
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return tooManyRequests(keyedMessage(key, { max: context.max, seconds }), seconds);
    },
  };
}

/** Registers the limits; before any route (the plugin and the hook below act as each route is added). */
export async function installRequestLimits(
  app: FastifyInstance,
  ctx: ServerContext<any>,
  settings: RequestLimitSettings,
  service: string,
): Promise<void> {
  const holdExportSlot = exportSlotHook(ctx, settings);
  // Runs before the plugin's own onRoute hook, which reads the route's config.rateLimit.
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      const kind = limitedKindOf(method, route.url);
      if (!kind) continue;
      const max = kind === 'search' ? settings.searchesPerMinute : settings.exportsPerMinute;
      route.config = { ...route.config, rateLimit: perMinute(service, kind, max) };
      if (kind === 'export') route.preHandler = [...[route.preHandler ?? []].flat(), holdExportSlot];
    }
  });
  // Route-level onRequest hooks run after the app's own, so the token guard has named the admin.
  await app.register(rateLimit, { global: false, hook: 'onRequest', store: databaseRateLimitStore(ctx.db, ctx.now) });
}

/**
 * Before an export's handler (after its input is checked): takes one of the admin's slots or
 * answers 429. The slot is freed when the response closes, whether the download ended, failed
 * or the client went away; meanwhile its lease is renewed.
 */
function exportSlotHook(ctx: ServerContext<any>, settings: RequestLimitSettings): preHandlerAsyncHookHandler {
  return async function holdExportSlot(request: FastifyRequest, reply: FastifyReply) {
    const adminId = request.auth?.admin.id;
    if (!adminId) return;
    const slot = await claimExportSlot(ctx.db, {
      adminId,
      route: request.routeOptions.url ?? request.url,
      slots: settings.exportsAtOnce,
      leaseMs: EXPORT_LEASE_MS,
    });
    if (!slot) {
      const message = keyedMessage('n_exports_already_running_try_again_when_one_has_finished', { max: settings.exportsAtOnce });
      throw tooManyRequests(message, EXPORT_RETRY_AFTER_SECONDS);
    }
    const renew = () =>
      renewExportSlot(ctx.db, slot, EXPORT_LEASE_MS).then(
        (held) => held || request.log.warn({ slot: slot.slot }, 'export slot: the lease ran out and the slot was taken'),
        (error: unknown) => request.log.error({ err: error }, 'export slot: the lease was not renewed'),
      );
    const heartbeat = setInterval(() => void renew(), EXPORT_LEASE_MS / 3);
    heartbeat.unref(); // never keeps a closing process alive: the lease runs out instead
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      releaseExportSlot(ctx.db, slot).catch((error: unknown) =>
        request.log.error({ err: error }, 'export slot: not freed, its lease will run out'),
      );
    };
    // 'finish' when the last byte is handed over (the next export can start at once), 'close' also when the client went away.
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
    if (reply.raw.destroyed) release(); // the client left while the slot was being taken
  };
}
