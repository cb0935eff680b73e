// First: its jest.mock calls make kysely and PGlite loadable here.
import './support/testApp';
import { sql, type Kysely } from 'kysely';
import { createDb, StartupLockTimeoutError, withStartupLock } from '@phoenix/server/db';
import type { Database } from '../src/db/schema';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = url ? test : test.skip;
const dbs: Kysely<Database>[] = [];
const open = (): Kysely<Database> => {
  const db = url ? createDb({ kind: 'postgres', connectionString: url, maxConnections: 2 }) : createDb({ kind: 'pglite' });
  dbs.push(db);
  return db;
};
afterAll(() => Promise.all(dbs.map((db) => db.destroy())));

const name = `test-${process.pid}-${Date.now()}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

onPostgres('steps of one name take turns across connections (processes); other names do not wait', async () => {
  const [a, b] = [open(), open()];
  const log: string[] = [];
  const step = (db: Kysely<Database>, lock: string, label: string) =>
    withStartupLock(db, lock, async () => {
      log.push(`${label} in`);
      await sleep(300);
      log.push(`${label} out`);
    });
  await Promise.all([step(a, name, 'first'), sleep(50).then(() => step(b, name, 'second'))]);
  expect(log).toEqual(['first in', 'first out', 'second in', 'second out']);

  log.length = 0;
  await Promise.all([step(a, `${name}-x`, 'x'), sleep(50).then(() => step(b, `${name}-y`, 'y'))]);
  expect(log).toEqual(['x in', 'y in', 'x out', 'y out']);
});

onPostgres('a step that fails gives the lock back; a wait longer than allowed fails, naming the step', async () => {
  const [a, b] = [open(), open()];
  await expect(withStartupLock(a, name, async () => Promise.reject(new Error('migration failed')))).rejects.toThrow('migration failed');
  await expect(withStartupLock(b, name, async () => 'next')).resolves.toBe('next');

  let release = () => {};
  const holding = withStartupLock(a, name, () => new Promise<void>((resolve) => (release = resolve)));
  await sleep(100);
  const waited = withStartupLock(b, name, async () => 'never', 300);
  await expect(waited).rejects.toThrow(StartupLockTimeoutError);
  await expect(waited).rejects.toThrow(`Startup step "${name}" is still held by another instance`);
  release();
  await holding;
});

test('on PGlite (one process) the step just runs', async () => {
  const db = url ? createDb({ kind: 'pglite' }) : open();
  if (url) dbs.push(db);
  // Through the database, so PGlite has finished starting before afterAll closes it: a PGlite
  // never queried is still initialising then, and fails whichever test file its worker runs next.
  await expect(withStartupLock(db, name, async () => (await sql<{ n: number }>`select 42 as n`.execute(db)).rows[0].n)).resolves.toBe(42);
});
