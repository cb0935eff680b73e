// First: its jest.mock calls make kysely, PGlite and Fastify loadable here.
import { startBothServices, type BothServices } from './support/bothServices';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createBffClient, createPointsClient, type BffSchema } from '@phoenix/api-types';

/**
 * Another team's view of the API: both services listening on ephemeral ports (one test
 * database), called over HTTP only through the generated types (shared/api-types) and
 * openapi-fetch, one call per area, each typed end to end (tsc checks this file against the
 * generated types: a path, a query parameter or a field the API does not declare fails to build).
 * Node's fetch asks for compressed answers, as a browser does.
 */
let both: BothServices;
let bffBase: string;
let bff: ReturnType<typeof createBffClient>;
let points: ReturnType<typeof createPointsClient>;
const PLAYER_ID = 4242;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  both = await startBothServices();
  await both.bff.db
    .insertInto('players')
    .values({ id: PLAYER_ID, name: 'Typed Client', wallet_address: null, created_at: both.bff.clock.now() })
    .execute();
  bffBase = await listen(both.bff.app);
  bff = createBffClient({ baseUrl: bffBase, token: both.token });
  points = createPointsClient({ baseUrl: await listen(both.points), token: both.token });
});
afterAll(() => both?.close());

/** 200 and the typed body (the test fails with the body when not). */
function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  expect({ status: result.response.status, error: result.error }).toEqual({ status: 200, error: undefined });
  return result.data as T;
}

test('news: create, then list through the typed client', async () => {
  const created = await bff.POST('/news', {
    body: { title: 'Typed', body: 'From the generated client', category: 'update', publishStart: '2026-01-01T00:00:00.000Z' },
  });
  expect(created.response.status).toBe(201);
  const item: BffSchema<'NewsItem'> = created.data!;
  expect(item).toMatchObject({ title: 'Typed', version: 1 });
  const page = ok(await bff.GET('/news', { params: { query: { pageSize: 5, q: 'Typed' } } }));
  expect(page.items.map((news) => news.id)).toContain(item.id);
  expect(page.total).toBeGreaterThanOrEqual(1);
});

test('presents, shop, battles: lists', async () => {
  expect(ok(await bff.GET('/presents', { params: { query: { pageSize: 5 } } })).page).toBe(1);
  expect(ok(await bff.GET('/shop-items', { params: { query: { pageSize: 5 } } })).pageSize).toBe(5);
  expect(ok(await bff.GET('/battles', { params: { query: { pageSize: 5 } } })).items).toEqual(expect.any(Array));
});

test('players and restrictions: a player, its restrictions and bans', async () => {
  const player = ok(await bff.GET('/players/{id}', { params: { path: { id: PLAYER_ID } } }));
  expect(player.name).toBe('Typed Client');
  const restrictions = ok(await bff.GET('/players/{id}/restrictions', { params: { path: { id: PLAYER_ID } } }));
  expect(restrictions.direct).toEqual([]);
  expect(ok(await bff.GET('/players/{id}/bans', { params: { path: { id: PLAYER_ID } } })).items).toEqual([]);
});

test('policies, terms, maintenance, flags, constants: lists and documents', async () => {
  expect(ok(await bff.GET('/policies', { params: { query: { pageSize: 5 } } })).total).toEqual(expect.any(Number));
  expect(ok(await bff.GET('/terms-of-service', { params: { query: { pageSize: 5 } } })).items).toEqual(expect.any(Array));
  expect(typeof ok(await bff.GET('/maintenance')).enabled).toBe('boolean');
  expect(ok(await bff.GET('/active-flags', { params: { query: { pageSize: 5 } } })).items).toEqual(expect.any(Array));
  expect(ok(await bff.GET('/constant-variables', { params: { query: { pageSize: 5 } } })).items).toEqual(expect.any(Array));
});

test('dashboard and staking on the BFF', async () => {
  expect(ok(await bff.GET('/dashboard/summary')).recentActions).toEqual(expect.any(Array));
  const query = { contractAddress: `0x${'ab'.repeat(20)}`, chainId: 1 };
  expect(ok(await bff.GET('/staking-changes/intents', { params: { query } })).items).toEqual(expect.any(Array));
});

test('points API: point accounts, lottery rounds, tasks, settings (the same token)', async () => {
  expect(ok(await points.GET('/point-accounts', { params: { query: { pageSize: 5 } } })).items).toEqual(expect.any(Array));
  expect(ok(await points.GET('/lottery/rounds', { params: { query: { pageSize: 5 } } })).page).toBe(1);
  expect(ok(await points.GET('/tasks', { params: { query: { pageSize: 5 } } })).items).toEqual(expect.any(Array));
  expect(ok(await points.GET('/settings/spin')).version).toBeGreaterThanOrEqual(1);
});

test('an error comes back typed, with its message key', async () => {
  const missing = await bff.GET('/news/{id}', { params: { path: { id: 999_999 } } });
  expect(missing.response.status).toBe(404);
  expect(missing.error?.error).toMatchObject({ code: 'not_found', messageKey: expect.any(String) });
});

test('on the wire: the document comes compressed when asked; the live events stream never does', async () => {
  const document = await fetch(`${bffBase}/openapi.json`, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(document.headers.get('content-encoding')).toBe('br');
  expect(((await document.json()) as { openapi: string }).openapi).toBe('3.1.0');

  const { ticket } = ok(await bff.POST('/events/ticket'));
  const controller = new AbortController();
  const stream = await fetch(`${bffBase}/events?ticket=${encodeURIComponent(ticket)}`, {
    headers: { accept: 'text/event-stream', 'accept-encoding': 'br, gzip' },
    signal: controller.signal,
  });
  expect(stream.status).toBe(200);
  expect(stream.headers.get('content-encoding')).toBeNull();
  const first = await stream.body!.getReader().read();
  expect(new TextDecoder().decode(first.value)).toContain('retry: 3000');
  controller.abort();
});
