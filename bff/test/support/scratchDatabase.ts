import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  name: string;
  /** TEST_DATABASE_URL with this database's name. */
  url: string;
  /** Drops it, closing whatever connections are left (a killed process's). */
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
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}
