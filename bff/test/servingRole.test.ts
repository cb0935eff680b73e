// First: the test app makes kysely loadable (support/testApp.ts).
import { MIGRATED, TEST_PASSWORD_HASH } from './support/testApp';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { ActionLogVerification } from '@phoenix/contract';
import { serverTables } from '@phoenix/server';
import { hashPassword } from '@phoenix/server/auth';
import { createDb, grantServingRole, mutate, verifyActionLog } from '@phoenix/server/db';
import { createScratchDatabase, createTestDatabase, writeSession } from '@phoenix/server/testing';
import { buildApp } from '../src/app';
import { resolveSettings } from '../src/context';
import type { Database } from '../src/db/schema';
import { createAdmin } from '../src/features/admins/service';

/**
 * The serving role (db/servingRole.ts): what the owner grants it lets the service read and
 * insert the action log, and the database itself refuses the rest: "permission denied", not the
 * append-only trigger's message, so the refusal holds even with the triggers gone. On PGlite (a role
 * taken with SET ROLE in the one session) and, with TEST_DATABASE_URL, on PostgreSQL as a login role
 * of its own under a whole BFF that migrated as the owner.
 */
const PERMISSION_DENIED = { code: '42501', message: expect.stringMatching(/^permission denied for table|must be owner of/) };

/** Each statement in a transaction of its own (a refused one aborts it), under `role` when given. */
async function refused(db: Kysely<Database>, statement: ReturnType<typeof sql>, role?: string) {
  const run = db.transaction().execute(async (trx) => {
    if (role) await sql`set local role ${sql.id(role)}`.execute(trx);
    await statement.execute(trx);
  });
  await expect(run).rejects.toMatchObject(PERMISSION_DENIED);
}

/** A statement on TEST_DATABASE_URL's own database (roles are the server's, not a database's). */
async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const rewrites = [
  ["update action_logs set admin_email = 'someone@else'", sql`update action_logs set admin_email = 'someone@else'`],
  ['delete from action_logs', sql`delete from action_logs`],
  ['truncate action_logs cascade', sql`truncate action_logs cascade`],
  ['delete from action_log_targets', sql`delete from action_log_targets`],
  ['update action_log_chains set seq = 0', sql`update action_log_chains set seq = 0`],
  [
    "insert into action_log_chains (chain, seq, hash) values ('forged', 1, repeat('0', 64))",
    sql`insert into action_log_chains (chain, seq, hash) values ('forged', 1, repeat('0', 64))`,
  ],
  ['alter table action_logs disable trigger action_logs_append_only', sql`alter table action_logs disable trigger action_logs_append_only`],
  ['drop trigger action_logs_append_only on action_logs', sql`drop trigger action_logs_append_only on action_logs`],
] as const;

describe('a role granted as the serving role, taken with SET ROLE (PGlite, or PostgreSQL with TEST_DATABASE_URL)', () => {
  let db: Kysely<Database>;
  let drop: () => Promise<void>;
  const role = `phoenix_serving_${randomBytes(3).toString('hex')}`;
  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase<Database>({ prepared: MIGRATED }));
    await sql`create role ${sql.id(role)}`.execute(db);
    await sql`grant ${sql.id(role)} to current_user`.execute(db); // SET ROLE needs it (PostgreSQL; PGlite's user is a superuser)
    await grantServingRole(db, { role, schemas: ['public'], jobSchema: 'pgboss' });
  });
  afterAll(async () => {
    await db.destroy();
    await drop();
    if (process.env.TEST_DATABASE_URL) await onServer(`drop role if exists "${role}"`);
  });

  test('the serving role inserts and reads the log, and the chain head moves as the owner', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`set local role ${sql.id(role)}`.execute(trx);
      await sql`insert into action_logs (admin_email, action, target_type, created_at) values ('serving@test', 'test.serving', 'test', now())`.execute(
        trx,
      );
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from action_logs where action = 'test.serving'`.execute(trx);
      expect(rows[0]!.n).toBe(1);
      await sql`update admins set email = email where false`.execute(trx); // its other tables: read and write
    });
    const [bff] = (await verifyActionLog(serverTables(db))).filter((c) => c.chain === 'bff');
    expect(bff!.broken).toBeNull();
  });

  test.each(rewrites)('refused: %s', async (_label, statement) => {
    await refused(db, statement, role);
  });
});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('on PostgreSQL: a BFF serving under its own login role, migrated by the owner', () => {
  const role = `phoenix_serving_${randomBytes(3).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let serving: Kysely<Database>;
  let owner: Kysely<Database>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const asRole = (url: string) => Object.assign(new URL(url), { username: role, password }).toString();

  beforeAll(async () => {
    database = await createScratchDatabase('serving');
    await onServer(`create role "${role}" login password '${password}'`);
    owner = createDb<Database>({ kind: 'postgres', connectionString: database.url, maxConnections: 2 });
    serving = createDb<Database>({ kind: 'postgres', connectionString: asRole(database.url), maxConnections: 3 });
    app = await buildApp({
      db: serving,
      migrationDb: owner,
      requireServingRole: true,
      passwordHash: TEST_PASSWORD_HASH,
      jobs: { runWorkers: false },
    });
  });
  afterAll(async () => {
    await app?.close(); // and the serving pool; the owner's closed after migrating
    await database?.drop();
    await onServer(`drop role if exists "${role}"`);
  });

  test('migrations ran as the owner; the service writes through the API and the chain stays whole', async () => {
    const { rows } = await sql<{ owner: string }>`select tableowner as owner from pg_tables where tablename = 'action_logs'`.execute(
      serving,
    );
    expect(rows[0]!.owner).not.toBe(role);
    const ctx = { db: serving, now: () => new Date(), settings: resolveSettings({}) };
    const passwordHash = await hashPassword('correct horse battery', TEST_PASSWORD_HASH);
    const account = await mutate(ctx, { id: null, email: 'test' }, (trx, now) =>
      createAdmin(trx, { email: `serving-${role}@test.local`, passwordHash, role: 2, roles: ['owner'] }, now),
    );
    const token = await writeSession(serving, account.id, new Date(), 3_600_000);
    const created = await app.inject({
      method: 'POST',
      url: '/constant-variables',
      headers: { token },
      payload: { key: `serving.${role}`, type: 'number', value: '1' },
    });
    expect(created.statusCode).toBe(201);
    const verified = await app.inject({ method: 'POST', url: '/action-logs/verification', headers: { token } });
    const bff = (verified.json() as ActionLogVerification).chains.find((c) => c.chain === 'bff')!;
    expect(bff.broken).toBeNull();
    expect(bff.rows).toBeGreaterThanOrEqual(2);
  });

  test.each(rewrites)('the serving connection is refused: %s', async (_label, statement) => {
    await refused(serving, statement);
  });

  test('a deployed service refuses to start under the owner', async () => {
    const ownerAgain = createDb<Database>({ kind: 'postgres', connectionString: database.url, maxConnections: 2 });
    try {
      await expect(buildApp({ db: ownerAgain, requireServingRole: true, closeDbOnClose: false, migrate: false })).rejects.toThrow(
        /DATABASE_URL owns the action log/,
      );
    } finally {
      await ownerAgain.destroy();
    }
  });
});
