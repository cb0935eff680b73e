import { Kysely, sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
test('probe', async () => {
  const db = new Kysely<any>({ dialect: new PGliteDialect(new PGlite()) });
  const r = await sql`select 1 as x`.execute(db);
  expect(r.rows).toEqual([{ x: 1 }]);
  await db.destroy();
});
