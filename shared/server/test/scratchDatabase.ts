import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  name: string;
  /** TEST_DATABASE_URL with this database's name. */
  url: string;
  /** Drops it once its connections have gone (a killed process's are closed after 5 s). */
  drop(): Promise<void>;
}

/**
 * A new, empty database on TEST_DATABASE_URL's server, for what a schema of its own cannot give:
 * a first start on an empty database (pg-boss's and the points API's schemas have fixed names).
 */
export async function createScratchDatabase(label: string): Promise<ScratchDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('createScratchDatabase needs TEST_DATABASE_URL');
  const name = `${new URL(base).pathname.slice(1)}_${label}_${randomBytes(4).toString('hex')}`.toLowerCase();
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  await admin((client) => client.query(`create database "${name}"`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  const drop = () =>
    admin(async (client) => {
      // A pool just ended leaves its backends for a moment: terminated by the drop, a FATAL reaches
      // a client that has no error listener any more, and the test fails on an unhandled error.
      const deadline = Date.now() + 5_000;
      for (;;) {
        const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0]!.n === 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`drop database if exists "${name}" with (force)`);
    });
  return { name, url: url.toString(), drop };
}
