import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The API reference page (Scalar, local and dev only): a page with scripts and styles of its own. */
const REFERENCE_PAGE = /^\/docs(\/|$|\?)/;

/**
 * The APIs' response headers (@fastify/helmet): `nosniff`, no referrer, not framed by anyone
 * (`frame-ancestors 'none'`), read by other origins only through CORS (CORP same-origin: a no-cors
 * embed is refused; a CORS fetch from the console is not concerned), and, when deployed,
 * Strict-Transport-Security. The JSON answers get `default-src 'none'` too: nothing in them runs;
 * the reference page keeps its own scripts and only the framing rule.
 */
export async function installSecurityHeaders(app: FastifyInstance, { hsts }: { hsts: boolean }): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onSend', async (request, reply) => {
    const page = REFERENCE_PAGE.test(request.url);
    reply.header('content-security-policy', page ? "frame-ancestors 'none'" : "default-src 'none'; frame-ancestors 'none'");
  });
}
