import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDb, embeddedPglite } from '../src/db/connect';
import { packageVersion } from './commonJs';

/**
 * What every test file of a suite starts from: `prepare` (the migrations) run once, its result
 * dumped (PGlite) or kept as a template database (PostgreSQL), each file getting a copy. `key` names
 * what `prepare` depends on (migrationsDigest of the migration files): a changed migration makes a new one.
 */
export interface PreparedDatabase {
  key: string;
  prepare(db: Kysely<any>): Promise<unknown>;
}

/** A short digest of every file in a migrations folder: names and contents. */
export function migrationsDigest(dir: string): string {
  const hash = createHash('sha256');
  for (const name of fs.readdirSync(dir).sort())
    hash
      .update(name)
      .update('\0')
      .update(fs.readFileSync(path.join(dir, name)))
      .update('\0');
  return hash.digest('hex').slice(0, 12);
}

/**
 * PGlite clusters dumped once per machine (per PGlite build) to the temp dir. A new in-memory PGlite
 * runs initdb in WASM: about 5 s of a test file's start, against about 1 s to load a tarball; a
 * prepared one also skips the migrations (about 0.7 s). Loaded once per test file. Gzipped: the
 * cluster is 42 MB as a tar (16 MB of it an empty WAL segment) and 4.7 MB gzipped, and PGlite reads
 * a Blob in small chunks, concatenating as it goes: about 0.35 s less a load.
 */
const loaded = new Map<string, Promise<Blob>>();
/** The type PGlite's loadDataDir reads as a gzipped tar. */
const GZIP = 'application/x-gzip';

function snapshotFile(name: string): string {
  const entry = createRequire(__filename).resolve('@electric-sql/pglite');
  const where = createHash('sha256').update(entry).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `phoenix-pglite-${name}-${packageVersion(entry, '@electric-sql/pglite')}-${where}-v4.tgz`);
}

async function readOrMake(name: string, make: () => Promise<Blob>): Promise<Blob> {
  const file = snapshotFile(name);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)], { type: GZIP });
  const dump = await make();
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file); // atomic: jest workers may race here
  return dump;
}

/**
 * template0 and template1 hold a full catalog each: two thirds of a new cluster's files, which a
 * load writes one by one into PGlite's in-memory file system. No test creates a database on PGlite
 * (createScratchDatabase is PostgreSQL's), so the dumps leave them out: a load takes about 1 s
 * instead of 2, and 1.5 s less CPU, in every test file.
 */
async function dropTemplateDatabases(pglite: PGlite): Promise<void> {
  await pglite.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  await pglite.exec('drop database template0');
  await pglite.exec('drop database template1');
  await pglite.exec('checkpoint');
}

/** A cluster as initdb leaves it, without its template databases. */
export function freshClusterSnapshot(): Promise<Blob> {
  if (!loaded.has('initdb')) {
    loaded.set(
      'initdb',
      readOrMake('initdb', async () => {
        const pglite = new PGlite({ extensions: { pg_trgm } });
        await pglite.waitReady;
        await dropTemplateDatabases(pglite);
        const dump = await pglite.dumpDataDir('gzip');
        await pglite.close();
        return dump;
      }),
    );
  }
  return loaded.get('initdb')!;
}

/** A cluster after `prepared.prepare` ran on a fresh one. */
export function preparedSnapshot(prepared: PreparedDatabase): Promise<Blob> {
  const name = `prepared-${prepared.key}`;
  if (!loaded.has(name)) {
    loaded.set(
      name,
      readOrMake(name, async () => {
        const db = createDb({ kind: 'pglite', loadDataDir: await freshClusterSnapshot() });
        try {
          await prepared.prepare(db);
          const { pglite } = embeddedPglite(db)!;
          await pglite.exec('checkpoint');
          return await pglite.dumpDataDir('gzip');
        } finally {
          await db.destroy();
        }
      }),
    );
  }
  return loaded.get(name)!;
}
