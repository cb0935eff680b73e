import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { currentRequestId, runWithRequestId } from '../requestId';

export { currentRequestId };

/** The header a request's id travels in, both ways (the load balancer or the caller may set it). */
export const REQUEST_ID_HEADER = 'x-request-id';
/** An id we take from the caller: short, and only characters safe in a log line or a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's id when it is a sane one, else a new UUID. */
export function requestIdOf(raw: Pick<IncomingMessage, 'headers'>): string {
  const header = raw.headers[REQUEST_ID_HEADER];
  const given = Array.isArray(header) ? header[0] : header;
  return given && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Fastify's constructor options for request ids. `requestIdHeader` stays off: Fastify would take
 * the header verbatim (any length, any character, straight into every log line); genReqId reads
 * it instead and keeps it only when sane. (Its log label: http/logging.ts.)
 */
export const requestIdOptions = {
  requestIdHeader: false,
  genReqId: requestIdOf,
} satisfies Pick<FastifyServerOptions, 'requestIdHeader' | 'genReqId'>;

/**
 * Every response carries its request's id (errors, 404s, CORS preflights included: onSend runs for
 * all of them), and code run for a request can read it (currentRequestId: the action log) without
 * each feature passing it along. The store is entered again before validation: the body arrives
 * on the socket's own async context, which loses the one entered at onRequest.
 */
export function installRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    runWithRequestId(request.id, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    runWithRequestId(request.id, done);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
