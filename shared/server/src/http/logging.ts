import {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { hostname } from 'node:os';
import { pino, type LoggerOptions } from 'pino';
import { traceFields } from '../tracing';

/**
 * What must never reach a log line, wherever it is logged from: the session token (`token`
 * header), credentials a proxy or a client may add, and the password fields of the sign-in, the
 * forced change and the one-time password answer. pino replaces them with "[Redacted]".
 */
export const REDACTED_PATHS = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.token',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  'token',
  'password',
  'body.token',
  // body.password and the like, one level down anywhere:
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.oneTimePassword',
];

/** Query parameters whose value is a secret by its name: kept in the URL, their value masked. */
const SECRET_QUERY_NAME = /token|password|secret|key|signature|auth|ticket/i;

/** The URL for a log line: the path, and the query with any secret-looking value masked. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of new Set(params.keys())) if (SECRET_QUERY_NAME.test(name)) params.set(name, '[Redacted]');
  return `${url.slice(0, at)}?${params.toString()}`;
}

/**
 * pino options both services log with: the level, named (`"level":"info"`, what log stores
 * expect), the host and process on every line, the active trace's `traceId` and `spanId` on every
 * line logged inside one (a request's lines: the same trace id in both services' logs,
 * tracing.ts), the redaction, and a request without its headers.
 */
export function loggerOptions(level: string, base: Record<string, unknown> = {}): LoggerOptions {
  return {
    level,
    base: { ...base, pid: process.pid, hostname: hostname() },
    formatters: { level: (label) => ({ level: label }) },
    mixin: traceFields,
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    serializers: {
      // If anyone logs a request: method and URL only (its headers hold the token).
      req: (req: { method?: string; url?: string }) => ({ method: req.method, url: loggableUrl(req.url ?? '') }),
    },
  };
}

/** The process's logger (main.ts): start-up, shutdown and, handed to the app, every request. */
export function processLogger(service: string, level: string): FastifyBaseLogger {
  return pino(loggerOptions(level, { service }));
}

/** Every line of a request names it as `requestId` (the x-request-id: http/requestContext.ts). */
export const REQUEST_ID_LOG_LABEL = 'requestId';

/**
 * Fastify's two lines per request ("incoming request", "request completed") are off:
 * installRequestLog writes one, with the route and the admin. Its other lines (a failed request,
 * a stream cut) stay.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
  }
}

/**
 * Fastify's logging options from an app's: a logger instance as is (main.ts), logger options with
 * the redaction added (tests pass a level and a stream).
 */
export function fastifyLogging(options: {
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyBaseLogger;
}): Pick<FastifyServerOptions, 'logger' | 'loggerInstance' | 'logController'> {
  const logController = new OneLinePerRequest({ requestIdLogLabel: REQUEST_ID_LOG_LABEL });
  if (options.loggerInstance) return { loggerInstance: options.loggerInstance, logController };
  const logger = options.logger ?? false;
  if (typeof logger !== 'object') return { logger, logController };
  const defaults = loggerOptions(typeof logger.level === 'string' ? logger.level : 'info');
  return { logger: { ...defaults, ...logger } as FastifyServerOptions['logger'], logController };
}

/** The operator endpoints answer probes and scrapes every few seconds: their lines are at debug. */
const QUIET_ROUTES = new Set(['/health', '/ready', '/metrics']);

/**
 * One line per request, when its response has been sent: method, URL (secrets masked), route
 * pattern, status, client address, duration; the request id and, once signed in, the admin id come from the
 * request's child logger (requestIdLogLabel; the auth guard adds adminId).
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    const line = {
      method: request.method,
      url: loggableUrl(request.url),
      route,
      statusCode: reply.statusCode,
      ip: request.ip, // the client's address (X-Forwarded-For from a trusted proxy only: TRUST_PROXY)
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (QUIET_ROUTES.has(route)) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  });
}

/** The route pattern (/players/:id), never the raw URL; '(unmatched)' for a 404 without a route. */
export function routeOf(request: FastifyRequest): string {
  return request.is404 ? '(unmatched)' : (request.routeOptions.url ?? '(unmatched)');
}

/** Every later line of this request names the admin (the auth guard calls it once it knows them). */
export function logAsAdmin(request: FastifyRequest, reply: FastifyReply, adminId: number): void {
  request.log = request.log.child({ adminId });
  reply.log = request.log;
}
