// A freshly initialised PGlite cluster as a tarball, made once per machine (per PGlite build) in the
// temp dir. initdb in WASM costs 5 to 10 s of every BFF start on a new data folder: the end-to-end
// stacks extract this instead (each still runs every migration and the seed on it).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './pnpm.mjs';

const requireFromBff = createRequire(path.join(repoRoot, 'bff/package.json'));

async function initdbTarball() {
  const entry = requireFromBff.resolve('@electric-sql/pglite');
  const { version } = JSON.parse(fs.readFileSync(path.join(entry.slice(0, entry.lastIndexOf('/dist/')), 'package.json'), 'utf8'));
  const where = createHash('sha256').update(entry).digest('hex').slice(0, 12);
  const file = path.join(os.tmpdir(), `phoenix-pglite-initdb-disk-${version}-${where}-v1.tar`);
  if (fs.existsSync(file)) return file;
  const { PGlite } = await import(requireFromBff.resolve('@electric-sql/pglite'));
  const pglite = new PGlite();
  await pglite.waitReady;
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file); // atomic: suites running side by side may race here
  return file;
}

/** Fills an empty data folder with a fresh cluster (what PGlite's initdb would write there). */
export async function extractFreshCluster(dataDir) {
  const result = spawnSync('tar', ['-xf', await initdbTarball(), '-C', dataDir], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`tar could not extract the PGlite cluster into ${dataDir}: ${result.stderr}`);
}
