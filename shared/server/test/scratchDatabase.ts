import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb } from '../src/db/connect';
import type { PreparedDatabase } from './pgliteSnapshot';

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
export async function createScratchDatabase(label: string, { template }: { template?: string } = {}): Promise<ScratchDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('createScratchDatabase needs TEST_DATABASE_URL');
  const name = `${new URL(base).pathname.slice(1)}_${label}_${randomBytes(4).toString('hex')}`.toLowerCase();
  const admin = adminOf(base);
  await admin((client) => client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`));
  const url = databaseUrl(base, name);
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
      await dropDatabase(client, name);
    });
  return { name, url, drop };
}

/**
 * DROP DATABASE … WITH (FORCE), retried for a few seconds when refused with 42501: an autovacuum
 * worker on the database is a process the test role may not terminate (unless it holds
 * pg_signal_backend, as .ci/run grants), and it ends on its own in a moment.
 */
async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await client.query(`drop database if exists "${name}" with (force)`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '42501' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function adminOf(base: string) {
  return async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Serialises template making across the test workers (and runs) on one server. */
const TEMPLATE_LOCK = 7_300_017;

/**
 * The template database of `prepared` on TEST_DATABASE_URL's server (made by the first worker that
 * needs it, under an advisory lock; the templates of other keys are dropped then): CREATE DATABASE …
 * TEMPLATE copies it in a fraction of the time its migrations take.
 */
export async function preparedTemplate(prepared: PreparedDatabase): Promise<string> {
  const base = process.env.TEST_DATABASE_URL!;
  const prefix = `${new URL(base).pathname.slice(1)}_tpl_`;
  const name = `${prefix}${prepared.key}`.toLowerCase();
  await adminOf(base)(async (client) => {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${prefix}%`]);
    if (rows.some((r) => r.datname === name)) return;
    for (const old of rows) await dropDatabase(client, old.datname);
    await client.query(`create database "${name}"`);
    const db = createDb({ kind: 'postgres', connectionString: databaseUrl(base, name), maxConnections: 1 });
    try {
      await prepared.prepare(db);
    } catch (error) {
      await db.destroy();
      await dropDatabase(client, name);
      throw error;
    }
    await db.destroy();
  });
  return name;
}
