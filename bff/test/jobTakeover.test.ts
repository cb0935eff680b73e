// First: its jest.mock calls make kysely, PGlite and Fastify loadable here.
import { TEST_PASSWORD_HASH } from './support/testApp';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { resolveSettings } from '../src/context';
import { createDb, mutate } from '@phoenix/server/db';
import type { Database } from '../src/db/schema';
import { hashPassword } from '@phoenix/server/auth';
import { createAdmin } from '../src/features/admins/service';
import { DELIVERY_BATCH } from '../src/features/presentDistributions/run';
import { takeoverBoundSeconds, type JobRunnerOptions } from '@phoenix/server/jobs';
import { createScratchDatabase, type ScratchDatabase } from '@phoenix/server/testing';

/**
 * An instance killed (SIGKILL) in the middle of a present distribution: another instance takes
 * the job over within a minute (pg-boss's job heartbeat), resumes after the last committed batch,
 * and every player gets the present exactly once.
 *
 * The dying instance is a process of its own, stopped at a known point: its second batch waits on a
 * delivery row this test holds uncommitted, and it is killed while it waits.
 */
const onPostgres = process.env.TEST_DATABASE_URL ? test : test.skip;
jest.setTimeout(240_000);

const BFF_DIR = path.resolve(__dirname, '..');
// Short settings, as every instance on the database must use the same (the queue keeps the last started's).
const JOBS: JobRunnerOptions = { heartbeatSeconds: 10, superviseIntervalSeconds: 1, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 };
const PLAYERS = 2 * DELIVERY_BATCH + 5_000; // three batches
const HELD_PLAYER = DELIVERY_BATCH + 1_000; // in the second batch
const TAKEOVER_LIMIT_SECONDS = 60;

let database: ScratchDatabase;
const open: { apps: FastifyInstance[]; children: ChildProcess[]; clients: pg.Client[] } = { apps: [], children: [], clients: [] };
afterAll(async () => {
  for (const child of open.children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(open.clients.map((client) => client.end().catch(() => {})));
  await Promise.all(open.apps.map((app) => app.close()));
  await database?.drop();
});

onPostgres('a distribution held by a killed instance is finished by another within a minute, each player served once', async () => {
  database = await createScratchDatabase('takeover');
  const db = () => createDb({ kind: 'postgres', connectionString: database.url, maxConnections: 4 });
  // Migrates and serves the API; runs no job, so the job goes to the process started next.
  const front = await started(buildApp({ db: db(), jobs: { ...JOBS, runWorkers: false }, passwordHash: TEST_PASSWORD_HASH }));
  const frontDb = db();
  await sql`insert into players (id, name, status, created_at)
    select i, 'player ' || i, 'active', now() from generate_series(1, ${PLAYERS}::integer) as i`.execute(frontDb);
  const token = await adminToken(front, frontDb);
  const api = (url: string, payload: object) => front.inject({ method: 'POST', url, headers: { token }, payload });
  const day = 24 * 3600_000;
  const present = await api('/presents', {
    name: 'Takeover pack',
    startsAt: new Date(Date.now() - day).toISOString(),
    endsAt: new Date(Date.now() + 30 * day).toISOString(),
    items: [{ itemId: 1, quantity: 1 }],
  });
  expect(present.statusCode).toBe(201);
  const sent = await api('/present-distributions', {
    presentId: present.json().id,
    target: 'all',
    scheduledAt: null,
    confirmedRecipients: PLAYERS,
  });
  expect(sent.statusCode).toBe(201);
  const distribution = sent.json() as { id: number; jobId?: string };

  // Hold one delivery of the second batch: the dying instance's second batch waits on it.
  const holder = await client(database.url);
  await holder.query('begin');
  await holder.query('insert into present_deliveries (distribution_id, player_id, present_id, delivered_at) values ($1, $2, $3, now())', [
    distribution.id,
    HELD_PLAYER,
    present.json().id,
  ]);

  const dying = spawn(process.execPath, ['--import', 'tsx', 'test/support/jobWorkerProcess.ts'], {
    cwd: BFF_DIR,
    env: { ...process.env, DATABASE_URL: database.url, JOBS: JSON.stringify(JOBS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  open.children.push(dying);
  let output = '';
  dying.stdout!.on('data', (chunk) => (output += chunk));
  dying.stderr!.on('data', (chunk) => (output += chunk));

  // Its first batch is committed and its second waits on the held row.
  await until(
    async () => (await progress(frontDb, distribution.id)).delivered === DELIVERY_BATCH && (await waitingOnLocks(frontDb)) > 0,
    120_000,
    () => `the worker process did not reach its second batch:\n${output}`,
  );
  dying.kill('SIGKILL');
  const killedAt = Date.now();
  await new Promise((resolve) => dying.once('exit', resolve));
  await holder.query('rollback');

  // The survivor: a BFF with the same job settings, started now.
  await started(buildApp({ db: db(), migrate: false, jobs: JOBS, passwordHash: TEST_PASSWORD_HASH }));
  await until(
    async () => (await progress(frontDb, distribution.id)).status === 'done',
    TAKEOVER_LIMIT_SECONDS * 1000,
    () => `not finished ${TAKEOVER_LIMIT_SECONDS} s after the kill`,
  );
  const seconds = (Date.now() - killedAt) / 1000;
  console.log(
    `[takeover] killed with ${DELIVERY_BATCH} of ${PLAYERS} delivered; finished by the survivor ${seconds.toFixed(1)} s later` +
      ` (retry due within ${takeoverBoundSeconds(JOBS)} s of the kill with these settings)`,
  );

  const final = await progress(frontDb, distribution.id);
  const { rows } = await sql<{ deliveries: string; players: string; before_kill: string }>`
    select count(*)::text as deliveries, count(distinct player_id)::text as players,
      count(*) filter (where delivered_at < ${new Date(killedAt)})::text as before_kill
    from present_deliveries where distribution_id = ${distribution.id}`.execute(frontDb);
  expect({ ...final, ...rows[0] }).toEqual({
    status: 'done',
    delivered: PLAYERS,
    recipients: PLAYERS,
    deliveries: String(PLAYERS),
    players: String(PLAYERS),
    before_kill: String(DELIVERY_BATCH), // the first batch was not delivered again
  });
  // The job was failed by its stopped heartbeat and completed by its retry.
  const job = await sql<{ state: string; retry_count: number }>`
    select state, retry_count from pgboss.job where id = (select job_id from present_distributions where id = ${distribution.id})::uuid`.execute(
    frontDb,
  );
  expect(job.rows).toEqual([{ state: 'completed', retry_count: 1 }]);
  await frontDb.destroy();
});

async function started(app: Promise<FastifyInstance>): Promise<FastifyInstance> {
  const built = await app;
  open.apps.push(built);
  return built;
}

async function client(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  open.clients.push(c);
  return c;
}

async function adminToken(app: FastifyInstance, db: Kysely<Database>): Promise<string> {
  const email = 'takeover@test.local';
  const password = 'correct horse battery';
  const passwordHash = await hashPassword(password, TEST_PASSWORD_HASH);
  const ctx = { db, now: () => new Date(), settings: resolveSettings({ passwordHash: TEST_PASSWORD_HASH }) };
  await mutate(ctx, { id: null, email: 'test' }, (trx, now) => createAdmin(trx, { email, passwordHash, role: 2, roles: ['owner'] }, now));
  const response = await app.inject({ method: 'POST', url: '/users/login', payload: { email, password } });
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}

async function progress(db: Kysely<Database>, id: number) {
  const row = await db
    .selectFrom('present_distributions')
    .select(['status', 'delivered_count', 'recipient_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { status: row.status, delivered: Number(row.delivered_count), recipients: Number(row.recipient_count) };
}

/** Deliveries waiting for a lock: the dying worker's second batch, on the held row. */
async function waitingOnLocks(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*)::text as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock' and query like '%insert into present_deliveries%'`.execute(db);
  return Number(rows[0]!.n);
}

async function until(condition: () => Promise<boolean>, timeoutMs: number, failure: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(failure());
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
