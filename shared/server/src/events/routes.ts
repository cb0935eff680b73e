import { createHmac, timingSafeEqual } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import {
  ADMIN_ROLE,
  can,
  ERROR_CODES,
  LIVE_EVENTS_PATH,
  LIVE_STREAMS_PER_SESSION,
  liveTopicScope,
  type LiveEvent,
  type PermissionScope,
} from '@phoenix/contract';
import type { ServerContext } from '../context';
import { requireActor } from '../http/auth';
import { docOf } from '../http/openapi';
import { forbidden, HttpError, tooManyRequests, unauthorized } from '../http/errors';
import { LiveHub } from './hub';
import { startLiveListener, type LiveListener } from './listener';

export interface LiveEventsOptions {
  /** Default GET /events. */
  path?: string;
  /** Whose each topic is (default: the contract's table). */
  scopeOf?: (topic: string) => PermissionScope;
  streamsPerSession?: number;
  /** A comment line this often keeps proxies from closing an idle stream (default 20 s). */
  heartbeatMs?: number;
  /** The session is read again this often (default 30 s): a signed-out, expired or idle one ends its streams. */
  sessionCheckMs?: number;
}

export interface LiveEvents {
  hub: LiveHub;
  /** Streams open on this instance. */
  readonly streams: number;
}

/**
 * GET /events?ticket=…: server-sent events of the changes every instance makes (see listener.ts).
 * EventSource cannot send the token header, and the token never goes in a URL: the console first asks
 * POST /events/ticket (token header, like every call) for a ticket good for a minute, bound to its
 * session. The stream needs that ticket, its session still open (read again every sessionCheckMs) and
 * `Accept: text/event-stream` and, for each topic, the right to read its scope: an admin whose roles may not read it
 * never receives it. An event carries only `{ topic, id }`. At most `streamsPerSession` streams a
 * session on an instance (429 beyond); every stream ends when its client goes, when its session
 * ends, and when the instance closes.
 */
export async function installLiveEvents(
  app: FastifyInstance,
  ctx: ServerContext<any>,
  options: LiveEventsOptions = {},
): Promise<LiveEvents> {
  const path = options.path ?? LIVE_EVENTS_PATH;
  const scopeOf = options.scopeOf ?? liveTopicScope;
  const perSession = options.streamsPerSession ?? LIVE_STREAMS_PER_SESSION;
  const heartbeatMs = options.heartbeatMs ?? 20_000;
  const sessionCheckMs = options.sessionCheckMs ?? 30_000;
  const hub = new LiveHub();
  const bySession = new Map<number, number>();
  const closers = new Set<() => void>();

  let listener: LiveListener | null = null;
  listener = await startLiveListener(ctx.db, {
    onPayload: (payload) => hub.publishPayload(payload),
    onError: (error) => app.log.warn({ err: error }, 'live events: the listening connection was lost; reconnecting'),
  });
  app.addHook('preClose', async () => {
    for (const close of [...closers]) close();
    await listener?.stop();
    listener = null;
  });

  // The ticket: what EventSource (which cannot send the token header) puts in the stream's URL.
  app.post(
    `${path}/ticket`,
    {
      config: { scope: 'self', action: 'read', ...docOf('A ticket for the live events stream') },
      schema: { response: { 200: ticketSchema } },
    },
    async (request): Promise<{ ticket: string; expiresAt: string }> => {
      requireActor(request);
      const sessionId = request.auth!.sessionId;
      if (!sessionId) throw unauthorized();
      const session = await openSession(ctx, sessionId);
      if (!session) throw unauthorized();
      const expires = ctx.now().getTime() + TICKET_TTL_MS;
      return { ticket: signTicket(sessionId, expires, session.tokenHash), expiresAt: new Date(expires).toISOString() };
    },
  );

  // Public in the guard: its ticket is the proof (checked here against the session, on any instance).
  app.get(path, { config: streamConfig, schema: { response: { 200: streamResponse } } }, async (request, reply) => {
    const ticket = (request.query as { ticket?: unknown }).ticket;
    const claimed = typeof ticket === 'string' ? parseTicket(ticket) : null;
    const now = ctx.now().getTime();
    if (!claimed || claimed.expires <= now || claimed.expires > now + 2 * TICKET_TTL_MS) throw unauthorized();
    const session = await openSession(ctx, claimed.sessionId);
    if (!session || !sameMac(claimed, session.tokenHash)) throw unauthorized();
    if (!can(session.roles, 'self', 'read')) throw forbidden();
    // A stream only for a client that asks for one (EventSource always does): any other call gets a
    // plain answer instead of a response that never ends.
    if (!/\btext\/event-stream\b/.test(request.headers.accept ?? '')) {
      throw new HttpError(400, ERROR_CODES.validation, 'This route streams live events: ask for text/event-stream');
    }
    const sessionId = claimed.sessionId;
    const open = bySession.get(sessionId) ?? 0;
    if (open >= perSession) {
      throw tooManyRequests('Too many live streams are open for this session: close another tab', 5);
    }
    bySession.set(sessionId, open + 1);

    let roles = session.roles;
    const stream = new PassThrough();
    const send = (event: LiveEvent) => {
      if (can(roles, scopeOf(event.topic), 'read')) stream.write(`data: ${JSON.stringify({ topic: event.topic, id: event.id })}\n\n`);
    };
    const unsubscribe = hub.subscribe(send);
    const heartbeat = setInterval(() => stream.write(': ping\n\n'), heartbeatMs);
    const check = setInterval(() => {
      openSession(ctx, sessionId)
        .then((current) => {
          if (current && can(current.roles, 'self', 'read')) roles = current.roles;
          else close();
        })
        .catch(() => {}); // the database unreachable for a moment: the next check decides
    }, sessionCheckMs);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      closers.delete(close);
      unsubscribe();
      clearInterval(heartbeat);
      clearInterval(check);
      const left = (bySession.get(sessionId) ?? 1) - 1;
      if (left > 0) bySession.set(sessionId, left);
      else bySession.delete(sessionId);
      stream.end();
    };
    closers.add(close);
    request.raw.once('close', close);
    reply.raw.once('close', close);
    stream.once('close', close);

    // `retry`: the browser's own reconnection delay; the first comment lets the client know it is open.
    stream.write('retry: 3000\n: open\n\n');
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('x-accel-buffering', 'no') // nginx: pass each event on at once
      .header('connection', 'keep-alive');
    // A plain FastifyReply: the documented answer (text) is this stream of it.
    return (reply as FastifyReply).send(stream);
  });

  return {
    hub,
    get streams() {
      return closers.size;
    },
  };
}

/** POST /events/ticket: the ticket for GET /events?ticket=… and when it stops opening a stream. */
const ticketSchema = z.object({ ticket: z.string(), expiresAt: z.string() });

/** GET /events: public in the guard (its ticket is the proof). */
const streamConfig = { auth: 'public' as const, ...docOf('Live events (server-sent events)') };

/** GET /events: the stream (documented, never serialized). */
const streamResponse = {
  description: 'Server-sent events, one `data: { topic, id }` line per change the session may read (`?ticket=` from POST /events/ticket)',
  content: { 'text/event-stream': { schema: z.string() } },
};

/** How long a ticket opens the stream (EventSource reconnects with a new one). */
export const TICKET_TTL_MS = 60_000;

/**
 * `<session id>.<expiry ms>.<HMAC-SHA256 of both, keyed by the session's token hash>`: any instance
 * checks it against the sessions table (no secret to share between instances), it names no admin,
 * and it stops working when it expires or when its session ends. Only a holder of the session's
 * token can make one (POST /events/ticket).
 */
function signTicket(sessionId: number, expires: number, tokenHash: string): string {
  return `${sessionId}.${expires}.${macOf(sessionId, expires, tokenHash)}`;
}

function macOf(sessionId: number, expires: number, tokenHash: string): string {
  return createHmac('sha256', tokenHash).update(`live-events:${sessionId}.${expires}`).digest('base64url');
}

function parseTicket(ticket: string): { sessionId: number; expires: number; mac: string } | null {
  const match = /^(\d{1,10})\.(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!match) return null;
  return { sessionId: Number(match[1]), expires: Number(match[2]), mac: match[3]! };
}

function sameMac(claimed: { sessionId: number; expires: number; mac: string }, tokenHash: string): boolean {
  const expected = Buffer.from(macOf(claimed.sessionId, claimed.expires, tokenHash));
  const given = Buffer.from(claimed.mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * A session that may use the console, read without touching it (not revoked, not expired, not idle,
 * a full session of an active role-2 admin): its token hash and the admin's roles.
 */
async function openSession(ctx: ServerContext<any>, sessionId: number): Promise<{ tokenHash: string; roles: string[] } | null> {
  const now = ctx.now();
  const row = await (ctx.db as Kysely<any>)
    .selectFrom('sessions')
    .innerJoin('admins', 'admins.id', 'sessions.admin_id')
    .select(['sessions.token_hash as tokenHash', 'admins.roles as roles'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.enrolment_only', '=', false)
    .where('sessions.expires_at', '>', now)
    .where('sessions.last_used_at', '>', new Date(now.getTime() - ctx.settings.tokenIdleMs))
    .where('admins.status', '=', 'active')
    .where('admins.role', '=', ADMIN_ROLE)
    .executeTakeFirst();
  return row ? { tokenHash: row.tokenHash as string, roles: row.roles as string[] } : null;
}
