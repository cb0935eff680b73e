jest.mock('kysely', () => require('./support/commonJs').kyselyCommonJs());
jest.mock('@electric-sql/pglite', () => require('./support/commonJs').pgliteCommonJs());
import { Kysely, sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
test('probe', async () => {
  const db = new Kysely<any>({ dialect: new PGliteDialect(new PGlite()) });
  const r = await sql`select 1 as x, now() as t, '{"a":1}'::jsonb as j`.execute(db);
  expect((r.rows[0] as any).x).toBe(1);
  expect((r.rows[0] as any).t).toBeInstanceOf(Date);
  expect((r.rows[0] as any).j).toEqual({a:1});
  await db.destroy();
});
