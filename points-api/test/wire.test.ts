// First: its jest.mock calls make kysely and PGlite loadable here.
import { createSharedDatabase, type SharedDatabase } from './support/pointsTestApp';
import pg from 'pg';
import { sql } from 'kysely';
import { embeddedPglite, servePgliteOverWire, type PgliteWire } from '@phoenix/server/db';

/**
 * The embedded database shared over the wire: the BFF's transactions and the wire clients'
 * transactions take turns (db/pgliteWire.ts), so read-modify-write from both sides loses nothing
 * and nobody's statement lands inside another's transaction.
 */
// The wire serves the embedded database: nothing of it to test when the suite runs on PostgreSQL.
const onPglite = process.env.TEST_DATABASE_URL ? describe.skip : describe;

const PASSWORD = 'a-password-of-this-start-0123456789';

onPglite('the PGlite wire', () => {
  const urlWith = (password: string, user = 'postgres') =>
    `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${wire.port}/postgres`;
  let bff: SharedDatabase; // the owning side (the BFF's process in `npm start`)
  let wire: PgliteWire;
  let pool: pg.Pool;
  beforeAll(async () => {
    bff = await createSharedDatabase();
    const embedded = embeddedPglite(bff.db)!;
    wire = await servePgliteOverWire(embedded.pglite, embedded.gate, { port: 0, password: PASSWORD });
    pool = new pg.Pool({ connectionString: urlWith(PASSWORD), max: 4 });
    await sql`create table wire_counter (id int primary key, n int not null)`.execute(bff.db);
    await sql`insert into wire_counter values (1, 0)`.execute(bff.db);
  });
  afterAll(async () => {
    await pool.end();
    await wire.stop();
    await bff.close();
  });

  const pause = () => new Promise((resolve) => setTimeout(resolve, 2));

  test('only the password of this start opens it: any other is refused as PostgreSQL refuses it (28P01)', async () => {
    for (const password of ['wrong-password', PASSWORD.slice(1)]) {
      const client = new pg.Client({ connectionString: urlWith(password) });
      await expect(client.connect()).rejects.toMatchObject({ code: '28P01' });
      await client.end().catch(() => undefined);
    }
    // The right one, as another user name too: the password is what counts.
    const client = new pg.Client({ connectionString: urlWith(PASSWORD, 'someone') });
    await client.connect();
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await client.end();
  });

  test('a client that sends garbage instead of a startup message is dropped, and the wire keeps serving', async () => {
    const net = await import('node:net');
    const socket = net.createConnection(wire.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.resume(); // read what it answers (an error message), so its end arrives
    socket.write(Buffer.alloc(64, 0xff));
    await new Promise((resolve) => socket.once('close', resolve));
    expect((await pool.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
  });

  test('a taken port fails at once (EADDRINUSE) instead of never starting', async () => {
    const embedded = embeddedPglite(bff.db)!;
    await expect(servePgliteOverWire(embedded.pglite, embedded.gate, { port: wire.port, password: PASSWORD })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  }, 10_000);

  test('interleaved read-modify-write transactions from the BFF and from wire clients lose no update', async () => {
    const overWire = async () => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const { rows } = await client.query<{ n: number }>('select n from wire_counter where id = $1', [1]);
        await pause();
        await client.query('update wire_counter set n = $1 where id = 1', [rows[0]!.n + 1]);
        await client.query('commit');
      } finally {
        client.release();
      }
    };
    const direct = () =>
      bff.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`select n from wire_counter where id = 1`.execute(trx);
        await pause();
        await sql`update wire_counter set n = ${rows[0]!.n + 1} where id = 1`.execute(trx);
      });
    await Promise.all(Array.from({ length: 15 }, () => [overWire(), direct()]).flat());
    const { rows } = await sql<{ n: number }>`select n from wire_counter where id = 1`.execute(bff.db);
    expect(rows[0]!.n).toBe(30);
  });

  test('a wire client that fails inside a transaction and rolls back leaves the BFF working', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await expect(client.query('insert into wire_counter values (1, 0)')).rejects.toMatchObject({ code: '23505' });
      await client.query('rollback');
    } finally {
      client.release();
    }
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from wire_counter`.execute(bff.db);
    expect(rows[0]!.n).toBe(1);
  });

  test('parameterized queries from many wire clients at once, outside transactions, each get their own answer', async () => {
    // Each is Parse/Bind/Describe/Execute/Sync on the unnamed statement: a client's cycle must not be
    // interleaved with another's (that failed with "unnamed prepared statement does not exist" and
    // then left a client waiting forever for a ReadyForQuery another client had taken).
    const clients = await Promise.all(Array.from({ length: 8 }, () => new pg.Client({ connectionString: urlWith(PASSWORD) })));
    await Promise.all(clients.map((client) => client.connect()));
    try {
      const ask = (client: pg.Client, n: number) =>
        client.query<{ n: number; label: string }>('select $1::int * 2 as n, $2::text as label', [n, `q${n}`]);
      // The BFF holds the session meanwhile, so every client's first messages queue up together.
      const bffTurn = bff.db.transaction().execute(async (trx) => {
        await pause();
        await sql`select 1`.execute(trx);
      });
      const answers = await Promise.all(clients.flatMap((client, c) => Array.from({ length: 5 }, (_, i) => ask(client, c * 10 + i))));
      await bffTurn;
      expect(answers.map((a) => a.rows[0])).toEqual(
        clients.flatMap((_, c) => Array.from({ length: 5 }, (_, i) => ({ n: (c * 10 + i) * 2, label: `q${c * 10 + i}` }))),
      );
      // The BFF still gets its turn afterwards.
      expect((await sql<{ n: number }>`select count(*)::int as n from wire_counter`.execute(bff.db)).rows[0]!.n).toBe(1);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });
});
