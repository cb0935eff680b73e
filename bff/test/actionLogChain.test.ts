// First: the test app makes kysely loadable (support/testApp.ts).
import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { sql } from 'kysely';
import type { ActionLogVerification } from '@phoenix/contract';
import { serverTables } from '@phoenix/server';
import { loadMigrations, migrationRunner, verifyActionLog } from '@phoenix/server/db';
import { createTestDatabase } from '@phoenix/server/testing';
import { MIGRATIONS_DIR, migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';

/** The record nobody rewrites (migration 0061): every row linked to the one before it, on PGlite and on PostgreSQL. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const verification = async (): Promise<ActionLogVerification> => {
  const response = await t.call(admin.token, { method: 'POST', url: '/action-logs/verification' });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const bffChain = async () => (await verification()).chains.find((c) => c.chain === 'bff')!;

/** Writes `count` rows through the API (a constant each) and returns their log ids, oldest first. */
async function writeRows(count: number): Promise<number[]> {
  for (let i = 0; i < count; i++) {
    const key = `chain.${Date.now()}.${i}`;
    const response = await t.call(admin.token, {
      method: 'POST',
      url: '/constant-variables',
      payload: { key, type: 'number', value: String(i) },
    });
    expect(response.statusCode).toBe(201);
  }
  const { rows } = await sql<{ id: number }>`select id from action_logs order by chain_seq desc limit ${count}`.execute(t.db);
  return rows.map((r) => r.id).reverse();
}

/** Runs `statement` with the append-only triggers off, as the table's owner could: what the chain must reveal. */
async function behindTheTriggers(statement: ReturnType<typeof sql>, db = t.db) {
  await db.transaction().execute(async (trx) => {
    await sql`alter table action_logs disable trigger action_logs_append_only`.execute(trx);
    await statement.execute(trx);
    await sql`alter table action_logs enable trigger action_logs_append_only`.execute(trx);
  });
}

test('each row is linked to the one before it in its chain; the check says "intact through" the newest', async () => {
  const ids = await writeRows(3);
  const { rows } = await sql<{ id: number; chain: string; chain_seq: string; previous_hash: string; hash: string }>`
    select id, chain, chain_seq::text as chain_seq, previous_hash, hash from action_logs where id = any(${sql.raw(`array[${ids.join(',')}]`)}) order by chain_seq`.execute(
    t.db,
  );
  expect(rows.map((r) => r.chain)).toEqual(['bff', 'bff', 'bff']);
  expect(Number(rows[1]!.chain_seq)).toBe(Number(rows[0]!.chain_seq) + 1);
  expect(rows[1]!.previous_hash).toBe(rows[0]!.hash);
  expect(rows[2]!.previous_hash).toBe(rows[1]!.hash);
  expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);

  const chain = await bffChain();
  expect(chain).toEqual({ chain: 'bff', rows: expect.any(Number), intactThroughId: ids[2], broken: null });
});

test('the database refuses to update, delete or truncate the log and its targets, whatever the caller', async () => {
  const [id] = await writeRows(1);
  const refused = async (statement: ReturnType<typeof sql>) => {
    await expect(statement.execute(t.db)).rejects.toMatchObject({ message: expect.stringMatching(/append-only/) });
  };
  await refused(sql`update action_logs set admin_email = 'someone@else' where id = ${id}`);
  await refused(sql`delete from action_logs where id = ${id}`);
  await refused(sql`truncate action_logs cascade`);
  await refused(sql`delete from action_log_targets`);
  expect((await bffChain()).broken).toBeNull();
});

test('a row changed behind the triggers is named as the first broken link, the one before it as intact', async () => {
  const [before, changed, after] = await writeRows(3);
  await behindTheTriggers(sql`update action_logs set after = '{"value":"9999"}'::jsonb where id = ${changed}`);
  const chain = await bffChain();
  expect(chain.intactThroughId).toBe(before);
  expect(chain.broken).toEqual({ id: changed, seq: expect.any(Number), reason: 'changed' });
  expect(after).toBeGreaterThan(changed!);
});

test('a removed row breaks the link of the next; removed newest rows are counted from the head', async () => {
  // The previous test left a changed row: this file's rows from here are checked on a fresh app.
  const fresh = await createTestApp();
  try {
    const owner = await signedInAdmin(fresh);
    for (let i = 0; i < 4; i++) {
      await fresh.call(owner.token, {
        method: 'POST',
        url: '/constant-variables',
        payload: { key: `gone.${i}`, type: 'number', value: '1' },
      });
    }
    const { rows } = await sql<{ id: number }>`select id from action_logs order by chain_seq`.execute(fresh.db);
    const ids = rows.map((r) => r.id);
    const [, , secondLast, last] = ids.slice(-4);
    const off = (statement: ReturnType<typeof sql>) => behindTheTriggers(statement, fresh.db);

    await off(sql`delete from action_logs where id = ${last}`);
    let [chain] = await verifyActionLog(serverTables(fresh.db));
    expect(chain).toMatchObject({ chain: 'bff', intactThroughId: secondLast, broken: { id: null, reason: 'missing-newest' } });

    await off(sql`delete from action_logs where id = ${ids[ids.length - 4]}`);
    [chain] = await verifyActionLog(serverTables(fresh.db));
    expect(chain!.broken).toMatchObject({ id: ids[ids.length - 3], reason: 'missing-before' });
    expect(chain!.intactThroughId).toBe(ids[ids.length - 5]);
  } finally {
    await fresh.close();
  }
});

test('the check is a POST any admin may run: an operator (role 1) is refused', async () => {
  const operator = await signedInAdmin(t, 1);
  const response = await t.call(operator.token, { method: 'POST', url: '/action-logs/verification' });
  expect(response.statusCode).toBe(403);
});

test('rows written before the chain existed become its first links, in id order', async () => {
  const { db, drop } = await createTestDatabase<Database>();
  try {
    const before0061 = Object.fromEntries(Object.entries(loadMigrations(MIGRATIONS_DIR)).filter(([name]) => name < '0061'));
    await migrationRunner({ migrations: () => before0061 }).migrateToLatest(db);
    for (const action of ['old.one', 'old.two', 'old.three']) {
      await sql`insert into action_logs (admin_email, action, target_type, created_at) values ('old@test.local', ${action}, 'thing', now())`.execute(
        db,
      );
    }
    await migrateToLatest(db);
    const { rows } = await sql<{
      action: string;
      chain_seq: string;
    }>`select action, chain_seq::text as chain_seq from action_logs order by id`.execute(db);
    expect(rows).toEqual([
      { action: 'old.one', chain_seq: '1' },
      { action: 'old.two', chain_seq: '2' },
      { action: 'old.three', chain_seq: '3' },
    ]);
    const [chain] = await verifyActionLog(serverTables(db));
    expect(chain).toMatchObject({ chain: 'bff', rows: 3, broken: null });
  } finally {
    await db.destroy();
    await drop();
  }
});
