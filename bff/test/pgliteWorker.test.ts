// Loads the CommonJS builds of kysely (see support/commonJs.ts) before connect.ts needs them.
import './support/testApp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb, isUniqueViolation } from '@phoenix/server/db';
import { startLiveListener } from '@phoenix/server/events';

jest.setTimeout(120_000);

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-pglite-worker-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('PGlite on disk runs on a worker thread', () => {
  test('a listener on the worker hears what commits, not what rolls back (live events)', async () => {
    const db = createDb({ kind: 'pglite', dataDir: path.join(root, 'listen') });
    const heard: string[] = [];
    const listener = await startLiveListener(db, { channel: 'worker_test', onPayload: (payload) => heard.push(payload) });
    try {
      await db.transaction().execute(async (trx) => {
        await sql`select pg_notify('worker_test', 'committed')`.execute(trx);
      });
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`select pg_notify('worker_test', 'rolled back')`.execute(trx);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await sql`select 1`.execute(db);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual(['committed']);
    } finally {
      await listener.stop();
      await db.destroy();
    }
  });

  test('queries, types, transactions and error codes behave as in process; the data outlives a reopen', async () => {
    const dataDir = path.join(root, 'data');
    const db = createDb({ kind: 'pglite', dataDir });
    try {
      await sql`create table t (id integer primary key, at timestamptz not null, doc jsonb)`.execute(db);
      await sql`insert into t values (1, '2026-01-02T03:04:05Z', '{"a":[1,2]}')`.execute(db);
      const row = (await sql<{ id: number; at: Date; doc: unknown }>`select * from t`.execute(db)).rows[0];
      expect(row).toEqual({ id: 1, at: new Date('2026-01-02T03:04:05Z'), doc: { a: [1, 2] } });

      const duplicate = await sql`insert into t values (1, now(), null)`.execute(db).catch((error: unknown) => error);
      expect(duplicate).toBeInstanceOf(Error);
      expect(isUniqueViolation(duplicate)).toBe(true);

      await expect(
        db.transaction().execute(async (trx) => {
          await sql`insert into t values (2, now(), null)`.execute(trx);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect((await sql<{ n: number }>`select count(*)::int as n from t`.execute(db)).rows[0].n).toBe(1);
    } finally {
      await db.destroy();
    }
    const again = createDb({ kind: 'pglite', dataDir });
    try {
      expect((await sql<{ n: number }>`select count(*)::int as n from t`.execute(again)).rows[0].n).toBe(1);
    } finally {
      await again.destroy();
    }
  });

  test('this thread keeps running while a long query runs', async () => {
    const db = createDb({ kind: 'pglite', dataDir: path.join(root, 'data') });
    try {
      await sql`select 1`.execute(db); // opened
      const events: string[] = [];
      const query = sql`select count(*) from generate_series(1, 1000000)`.execute(db).then(() => events.push('query done'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      events.push('timer');
      await query;
      expect(events).toEqual(['timer', 'query done']);
    } finally {
      await db.destroy();
    }
  });
});
