// First: its jest.mock calls make kysely, PGlite, Fastify and pg-boss loadable here.
import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { SpanKind } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { startTestTracing } from '@phoenix/server/testing/tracing';
import { createDb, embeddedPglite, servePgliteOverWire, type PgliteWire } from '@phoenix/server/db';
import { testDatabaseUrl } from '@phoenix/server/testing';
import type { Database } from '../../points-api/src/db/database';
import { buildPointsApp } from '../../points-api/src/app';

/**
 * Tracing across the two services (shared/server tracing.ts): one console action is one trace,
 * from the BFF's server span through its call to the points API (a fetch: a client span, the
 * `traceparent` sent along) to the points API's server span and its queries (pg, over the
 * embedded database's wire as under `npm start`, or on TEST_DATABASE_URL's PostgreSQL), and that
 * trace id is on both services' log lines of it. Both apps listen on ephemeral ports.
 *
 * No BFF feature calls the points API yet (the console calls each service itself), so the BFF's
 * feature registration gains one route here, for this file only, that does what such a feature
 * would: forward the admin's token to the points API and answer with what it said.
 */
let pointsBase = '';
jest.mock('../src/discoverFeatures', () => {
  const actual = jest.requireActual('../src/discoverFeatures');
  return {
    ...actual,
    registerFeatureRoutes: async (app: FastifyInstance, ctx: unknown) => {
      await actual.registerFeatureRoutes(app, ctx);
      app.get('/test-only/point-accounts', { config: { auth: 'session' } }, async (request) => {
        const answer = await fetch(`${pointsBase}/point-accounts`, { headers: { token: String(request.headers.token) } });
        return { status: answer.status, body: await answer.json() };
      });
    },
  };
});

/** Log lines an app writes, parsed. */
function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

const tracing = startTestTracing();
const bffLog = logCapture();
const pointsLog = logCapture();
let t: TestApp;
let points: FastifyInstance;
let wire: PgliteWire | null = null;
let bffBase: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream: bffLog.stream } });
  // The points API reaches the BFF's database as under npm start: over the embedded database's wire (or on PostgreSQL).
  let url = testDatabaseUrl(t.db);
  const embedded = embeddedPglite(t.db);
  if (!url && embedded) {
    wire = await servePgliteOverWire(embedded.pglite, embedded.gate, { port: 0, password: 'trace-test-password' });
    url = `postgres://postgres:trace-test-password@127.0.0.1:${wire.port}/postgres`;
  }
  points = await buildPointsApp({
    db: createDb<Database>({ kind: 'postgres', connectionString: url!, maxConnections: 3 }),
    now: t.clock.now,
    logger: { level: 'info', stream: pointsLog.stream },
  });
  pointsBase = await points.listen({ port: 0, host: '127.0.0.1' });
  bffBase = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ({ token } = await signedInAdmin(t));
});

afterAll(async () => {
  await points?.close();
  await wire?.stop();
  await t?.close();
});

const TRACE_ID = /^[0-9a-f]{32}$/;

/** The spans of one trace, once its first span (the root here) has ended: every span ends before its parent's answer is sent. */
function spansOf(traceId: string): ReadableSpan[] {
  return tracing.spans().filter((s) => s.spanContext().traceId === traceId);
}

const serverSpan = (spans: ReadableSpan[], path: string) =>
  spans.find((s) => s.kind === SpanKind.SERVER && s.attributes['http.route'] === path);

test('one console action is one trace: BFF server span → fetch client span → points API server span → pg, and its id in both logs', async () => {
  tracing.exporter.reset();
  const answer = await fetch(`${bffBase}/test-only/point-accounts`, { headers: { token } });
  expect(answer.status).toBe(200);
  expect((await answer.json()).status).toBe(200);

  const bffServer = tracing.spans().find((s) => s.kind === SpanKind.SERVER && s.attributes['http.route'] === '/test-only/point-accounts');
  expect(bffServer).toBeDefined();
  const traceId = bffServer!.spanContext().traceId;
  expect(traceId).toMatch(TRACE_ID);
  expect(bffServer!.parentSpanContext).toBeUndefined(); // the console sent no traceparent: the BFF started the trace
  const spans = spansOf(traceId);

  // The BFF's fetch to the points API: a client span under the BFF's request.
  const client = spans.find((s) => s.kind === SpanKind.CLIENT && String(s.attributes['url.full'] ?? '').startsWith(pointsBase));
  expect(client).toBeDefined();
  expect(client!.attributes['http.response.status_code']).toBe(200);
  const ancestors = (span: ReadableSpan): string[] => {
    const parent = spans.find((s) => s.spanContext().spanId === span.parentSpanContext?.spanId);
    return parent ? [parent.spanContext().spanId, ...ancestors(parent)] : [];
  };
  expect(ancestors(client!)).toContain(bffServer!.spanContext().spanId);

  // The points API took the traceparent it sent: its server span is the client span's child.
  const pointsServer = serverSpan(spans, '/point-accounts');
  expect(pointsServer).toBeDefined();
  expect(pointsServer!.parentSpanContext?.spanId).toBe(client!.spanContext().spanId);

  // Its queries: pg spans below its request (the session check, the page). (On TEST_DATABASE_URL's
  // PostgreSQL the BFF's own queries are pg spans too, below the BFF's request.)
  const queries = spans.filter((s) => s.instrumentationScope.name === '@opentelemetry/instrumentation-pg' && s.kind === SpanKind.CLIENT);
  const pointsQueries = queries.filter((q) => ancestors(q).includes(pointsServer!.spanContext().spanId));
  expect(pointsQueries.length).toBeGreaterThan(0);
  expect(pointsQueries.some((q) => /accounts/.test(String(q.attributes['db.query.text'] ?? q.attributes['db.statement'])))).toBe(true);
  for (const query of queries) expect(ancestors(query)).toContain(bffServer!.spanContext().spanId);

  // The trace id is on the request's log lines of both services, beside their request ids.
  const bffLines = bffLog.lines.filter((l) => l.traceId === traceId);
  const pointsLines = pointsLog.lines.filter((l) => l.traceId === traceId);
  expect(bffLines).toContainEqual(
    expect.objectContaining({ msg: 'request', route: '/test-only/point-accounts', level: 'info', requestId: expect.any(String) }),
  );
  expect(pointsLines).toContainEqual(
    expect.objectContaining({ msg: 'request', route: '/point-accounts', statusCode: 200, level: 'info', requestId: expect.any(String) }),
  );
  for (const line of [...bffLines, ...pointsLines]) expect(line).toMatchObject({ spanId: expect.stringMatching(/^[0-9a-f]{16}$/) });
  for (const line of [...bffLog.lines, ...pointsLog.lines]) expect(line).toMatchObject({ hostname: expect.any(String) });
});

test("a caller's traceparent is taken: the request joins its trace, as a child of the caller's span", async () => {
  tracing.exporter.reset();
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const callerSpan = '00f067aa0ba902b7';
  const answer = await fetch(`${pointsBase}/point-accounts`, { headers: { token, traceparent: `00-${traceId}-${callerSpan}-01` } });
  expect(answer.status).toBe(200);
  const server = serverSpan(spansOf(traceId), '/point-accounts');
  expect(server).toBeDefined();
  expect(server!.parentSpanContext?.spanId).toBe(callerSpan);
  expect(pointsLog.lines).toContainEqual(expect.objectContaining({ msg: 'request', route: '/point-accounts', traceId }));
});

test('every request line has its trace id, a request with a body too', async () => {
  const wrong = await fetch(`${bffBase}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'nobody@test.local', password: 'not the password' }),
  });
  expect(wrong.status).toBe(401);
  const line = bffLog.lines.findLast((l) => l.msg === 'request' && l.route === '/users/login');
  expect(line).toMatchObject({ statusCode: 401, traceId: expect.stringMatching(TRACE_ID), requestId: expect.any(String) });
});

test('the operator endpoints are not traced (probes and scrapes every few seconds)', async () => {
  tracing.exporter.reset();
  for (const path of ['/ready', '/metrics', '/health']) await fetch(`${bffBase}${path}`);
  expect(tracing.spans().filter((s) => s.kind === SpanKind.SERVER)).toEqual([]);
});
