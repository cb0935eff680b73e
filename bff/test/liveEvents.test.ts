// First: its jest.mock calls make kysely, PGlite, Fastify and pg-boss loadable here.
import { createTestApp, signedInAdmin, TEST_PASSWORD_HASH, type TestApp } from './support/testApp';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { LIVE_STREAMS_PER_SESSION, type LiveEvent } from '@phoenix/contract';
import pg from 'pg';
import { createDb, embeddedPglite, servePgliteOverWire } from '@phoenix/server/db';
import { testDatabaseUrl } from '@phoenix/server/testing';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/schema';
import { generateBattles } from '../src/features/battles/repository';

/**
 * Live events across instances: a change made through instance A reaches a stream opened on
 * instance B within 2 s (on PostgreSQL, two apps with pools of their own on one database; on PGlite,
 * two apps on the one embedded database, as a second process reaches it over its wire), only for an
 * admin allowed to read it; streams are limited per session and end with their client.
 */
let t: TestApp;
let second: FastifyInstance;
let secondDb: Kysely<Database> | null = null;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  const url = testDatabaseUrl(t.db);
  if (url) secondDb = createDb<Database>({ kind: 'postgres', connectionString: url, maxConnections: 3 });
  second = await buildApp({
    db: secondDb ?? t.db,
    closeDbOnClose: false,
    migrate: false,
    now: t.clock.now,
    passwordHash: TEST_PASSWORD_HASH,
  });
  await second.listen({ port: 0, host: '127.0.0.1' });
  const address = second.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  await generateBattles(t.db, 300, t.clock.now(), { players: 50, spanDays: 1 }); // 6 ongoing
});

afterAll(async () => {
  await second?.close();
  await secondDb?.destroy();
  await t?.close();
});

/** A ticket for the stream (POST /events/ticket with the token header), asked of instance B. */
async function ticketFor(token: string): Promise<string> {
  const response = await fetch(`${base}/events/ticket`, { method: 'POST', headers: { token } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { ticket: string }).ticket;
}

const streamUrl = (ticket: string) => `${base}/events?ticket=${encodeURIComponent(ticket)}`;
const asEventSource = { accept: 'text/event-stream' };

/** A server-sent event stream on instance B, read as it arrives. */
async function openStream(token: string) {
  const controller = new AbortController();
  const response = await fetch(streamUrl(await ticketFor(token)), { headers: asEventSource, signal: controller.signal });
  const events: LiveEvent[] = [];
  let text = '';
  const reading = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) events.push(JSON.parse(data) as LiveEvent);
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    response,
    events,
    async waitFor(predicate: (event: LiveEvent) => boolean, ms: number): Promise<LiveEvent | null> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = events.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) return null;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}

async function ongoingBattle(): Promise<{ id: number; version: number }> {
  const row = await t.db
    .selectFrom('battles')
    .select(['id', 'version'])
    .where('status', '=', 'ongoing')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, version: row.version };
}

test('a battle force-ended through instance A reaches a stream on instance B within 2 s, with its topic and id only', async () => {
  const owner = await t.createAccount({});
  const token = await t.login(owner.email, owner.password);
  const stream = await openStream(token);
  try {
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const battle = await ongoingBattle();
    const started = Date.now();
    const ended = await t.call(token, {
      method: 'POST',
      url: `/battles/${battle.id}/force-end`,
      payload: { reason: 'Stuck', version: battle.version },
    });
    expect(ended.statusCode).toBe(200);
    const event = await stream.waitFor((e) => e.topic === 'battle' && e.id === String(battle.id), 2000);
    expect(event).toEqual({ topic: 'battle', id: String(battle.id) });
    expect(Date.now() - started).toBeLessThan(2000);
    // The table's own notice (per statement, no id) comes too: what the dashboard's count follows.
    expect(await stream.waitFor((e) => e.topic === 'battle' && e.id === null, 2000)).not.toBeNull();
    // Nothing but the topic and the id travels.
    for (const e of stream.events) expect(Object.keys(e).sort()).toEqual(['id', 'topic']);
  } finally {
    await stream.close();
  }
});

test('a change rolled back notifies nobody', async () => {
  const owner = await t.createAccount({});
  const token = await t.login(owner.email, owner.password);
  const stream = await openStream(token);
  try {
    const battle = await ongoingBattle();
    const stale = await t.call(token, {
      method: 'POST',
      url: `/battles/${battle.id}/force-end`,
      payload: { reason: 'Stuck', version: battle.version + 5 },
    });
    expect(stale.statusCode).toBe(409);
    expect(await stream.waitFor((e) => e.topic === 'battle', 800)).toBeNull();
  } finally {
    await stream.close();
  }
});

test('an account that may not use the console (role 1) gets no ticket (403), so no stream; no token, no ticket, a forged or expired one, or a signed-out session: 401', async () => {
  const { token: operator } = await signedInAdmin(t, 1);
  const refused = await fetch(`${base}/events/ticket`, { method: 'POST', headers: { token: operator } });
  expect(refused.status).toBe(403);
  expect((await fetch(`${base}/events/ticket`, { method: 'POST' })).status).toBe(401);
  expect((await fetch(`${base}/events`, { headers: asEventSource })).status).toBe(401);

  const owner = await t.createAccount({});
  const token = await t.login(owner.email, owner.password);
  const ticket = await ticketFor(token);
  const [session, expires, mac] = ticket.split('.');
  const forged = `${session}.${Number(expires) + 1000}.${mac}`;
  expect((await fetch(streamUrl(forged), { headers: asEventSource })).status).toBe(401);
  const other = `${Number(session) + 1}.${expires}.${mac}`;
  expect((await fetch(streamUrl(other), { headers: asEventSource })).status).toBe(401);

  t.clock.advanceMinutes(2); // past its minute
  expect((await fetch(streamUrl(ticket), { headers: asEventSource })).status).toBe(401);
  const fresh = await ticketFor(token);
  expect((await t.call(token, { method: 'POST', url: '/users/logout' })).statusCode).toBeLessThan(300);
  const ended = await fetch(streamUrl(fresh), { headers: asEventSource });
  expect(ended.status).toBe(401);
  expect((await ended.json()).error.code).toBe('unauthorized');
});

test('a call that does not ask for text/event-stream gets a plain 400 with its message key, not a stream', async () => {
  const owner = await t.createAccount({});
  const token = await t.login(owner.email, owner.password);
  const ticket = await ticketFor(token);
  const response = await t.call(null, { method: 'GET', url: `/events?ticket=${encodeURIComponent(ticket)}` });
  expect(response.statusCode).toBe(400);
  expect(response.json().error.messageKey).toBe('this_route_streams_live_events_ask_for_text_event_stream');
});

test(`at most ${LIVE_STREAMS_PER_SESSION} streams a session (429 with its message key); a closed one frees its place`, async () => {
  const owner = await t.createAccount({});
  const token = await t.login(owner.email, owner.password);
  const streams = [];
  for (let i = 0; i < LIVE_STREAMS_PER_SESSION; i++) streams.push(await openStream(token));
  try {
    expect(streams.map((s) => s.response.status)).toEqual(streams.map(() => 200));
    const refused = await fetch(streamUrl(await ticketFor(token)), { headers: asEventSource });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.messageKey).toBe('too_many_live_streams_are_open_for_this_session_close_another_tab');
    await streams.pop()!.close();
    let again: Awaited<ReturnType<typeof openStream>> | null = null;
    for (let i = 0; i < 50 && again?.response.status !== 200; i++) {
      await again?.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await openStream(token);
    }
    expect(again!.response.status).toBe(200);
    streams.push(again!);
  } finally {
    await Promise.all(streams.map((s) => s.close()));
  }
});

const onPglite = process.env.TEST_DATABASE_URL ? test.skip : test;
onPglite('on PGlite, a change committed by a client of its wire (the points API, a second process) reaches the streams too', async () => {
  const embedded = embeddedPglite(t.db)!;
  const wire = await servePgliteOverWire(embedded.pglite, embedded.gate, { port: 0, password: 'wire-test-password' });
  const client = new pg.Client({ connectionString: `postgres://postgres:wire-test-password@127.0.0.1:${wire.port}/postgres` });
  const owner = await t.createAccount({});
  const token = await t.login(owner.email, owner.password);
  const stream = await openStream(token);
  try {
    await client.connect();
    await client.query('begin');
    await client.query(`update battles set updated_by = 'wire' where id = (select min(id) from battles)`);
    await client.query('commit');
    expect(await stream.waitFor((e) => e.topic === 'battle' && e.id === null, 2000)).not.toBeNull();
  } finally {
    await stream.close();
    await client.end();
    await wire.stop();
  }
});
