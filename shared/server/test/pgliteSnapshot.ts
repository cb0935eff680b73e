import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packageVersion } from './commonJs';

/**
 * A freshly initialised PGlite cluster, dumped once per machine (per PGlite build) to the temp dir.
 * A new in-memory PGlite runs initdb in WASM: about 5 s of a test file's start, against about 1 s to
 * load this tarball. The snapshot is taken before anything runs in it, so each test file's database
 * is exactly what initdb makes, and its migrations still run on it.
 */
let loaded: Promise<Blob> | null = null;

export function freshClusterSnapshot(): Promise<Blob> {
  loaded ??= readOrMake();
  return loaded;
}

async function readOrMake(): Promise<Blob> {
  const entry = createRequire(__filename).resolve('@electric-sql/pglite');
  const where = createHash('sha256').update(entry).digest('hex').slice(0, 12);
  const file = path.join(os.tmpdir(), `phoenix-pglite-initdb-${packageVersion(entry, '@electric-sql/pglite')}-${where}-v1.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const pglite = new PGlite({ extensions: { pg_trgm } });
  await pglite.waitReady;
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file); // atomic: jest workers may race here
  return dump;
}
