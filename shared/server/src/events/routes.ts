import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
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
import { HttpError, tooManyRequests, unauthorized } from '../http/errors';
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
 * GET /events: server-sent events of the changes every instance makes (see listener.ts). Needs the
 * signed-in session (the usual token header: the console reads it with fetch, so the token is never
 * in a URL) and `Accept: text/event-stream` and, for each topic, the right to read its scope: an admin whose roles may not read it
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

  app.get(path, { config: { scope: 'self' } }, async (request, reply) => {
    const admin = requireActor(request);
    // A stream only for a client that asks for one (EventSource and the console's reader always do):
    // any other call gets a plain answer instead of a response that never ends.
    if (!/\btext\/event-stream\b/.test(request.headers.accept ?? '')) {
      throw new HttpError(400, ERROR_CODES.validation, 'This route streams live events: ask for text/event-stream');
    }
    const sessionId = request.auth!.sessionId;
    if (!sessionId) throw unauthorized();
    const open = bySession.get(sessionId) ?? 0;
    if (open >= perSession) {
      throw tooManyRequests('Too many live streams are open for this session: close another tab', 5);
    }
    bySession.set(sessionId, open + 1);

    let roles = admin.roles;
    const stream = new PassThrough();
    const send = (event: LiveEvent) => {
      if (can(roles, scopeOf(event.topic), 'read')) stream.write(`data: ${JSON.stringify({ topic: event.topic, id: event.id })}\n\n`);
    };
    const unsubscribe = hub.subscribe(send);
    const heartbeat = setInterval(() => stream.write(': ping\n\n'), heartbeatMs);
    const check = setInterval(() => {
      stillOpen(ctx, sessionId)
        .then((current) => {
          if (current) roles = current;
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
    stream.once('close', close);

    // `retry`: the browser's own reconnection delay; the first comment lets the client know it is open.
    stream.write('retry: 3000\n: open\n\n');
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('x-accel-buffering', 'no') // nginx: pass each event on at once
      .header('connection', 'keep-alive');
    return reply.send(stream);
  });

  return {
    hub,
    get streams() {
      return closers.size;
    },
  };
}

/** The session's admin's roles while it is open (not revoked, not expired, not idle, admin active), read without touching it. */
async function stillOpen(ctx: ServerContext<any>, sessionId: number): Promise<string[] | null> {
  const now = ctx.now();
  const row = await (ctx.db as Kysely<any>)
    .selectFrom('sessions')
    .innerJoin('admins', 'admins.id', 'sessions.admin_id')
    .select(['admins.roles as roles'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('sessions.last_used_at', '>', new Date(now.getTime() - ctx.settings.tokenIdleMs))
    .where('admins.status', '=', 'active')
    .executeTakeFirst();
  return row ? (row.roles as string[]) : null;
}
