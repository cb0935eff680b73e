import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Jest (root jest.config.cjs) runs tests as CommonJS without --experimental-vm-modules and does
 * not transform these packages, so:
 *  - kysely ≥0.28 is ESM-only ("Must use import to load ES Module");
 *  - cookie 2 (used by fastify's inject through light-my-request) is ESM-only too;
 *  - @electric-sql/pglite's CommonJS build uses dynamic import('fs'), which jest's vm refuses.
 * We compile each once to plain CommonJS with esbuild (a dependency of tsx) into the temp dir and
 * tests point the module at it with jest.mock (see testApp.ts). Runtime (tsx / node) uses the
 * real packages; this only concerns the test process. The proper fix is letting the root config
 * transform these packages (or running jest with ESM support); then this file can go.
 */
const nodeRequire = createRequire(__filename);

function esbuild(): {
  buildSync(options: Record<string, unknown>): unknown;
} {
  return createRequire(nodeRequire.resolve('tsx/package.json'))('esbuild');
}

export function packageVersion(entry: string, name: string): string {
  let dir = path.dirname(entry);
  while (dir !== path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (pkg.name === name) return pkg.version;
    }
    dir = path.dirname(dir);
  }
  return 'unknown';
}

function cached(name: string, entry: string, make: (out: string) => void): unknown {
  const safe = name.replace(/[^a-z0-9]+/gi, '_');
  // The bundle may embed the package's absolute path (PGlite's data files), so the path is part of
  // the key: another clone, or a deleted worktree, must never be served this clone's bundle.
  const where = createHash('sha256').update(entry).digest('hex').slice(0, 12);
  const out = path.join(os.tmpdir(), `phoenix-bff-cjs-${safe}-${packageVersion(entry, name)}-${where}-v4.cjs`);
  if (!fs.existsSync(out)) {
    const tmp = `${out}.${process.pid}.${Date.now()}.tmp`;
    make(tmp);
    fs.renameSync(tmp, out); // atomic: jest workers may race here
  }
  return nodeRequire(out);
}

/** kysely and kysely/migration: one CommonJS bundle (shared internals), `migration` as a key. */
export function kyselyCommonJs(): Record<string, unknown> {
  const main = nodeRequire.resolve('kysely');
  const migration = nodeRequire.resolve('kysely/migration');
  return cached('kysely', main, (outfile) =>
    esbuild().buildSync({
      stdin: {
        contents: `export * from ${JSON.stringify(main)}; export * as migration from ${JSON.stringify(migration)};`,
        resolveDir: path.dirname(main),
        sourcefile: 'kysely-entry.js',
      },
      outfile,
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node24',
      logLevel: 'silent',
    }),
  ) as Record<string, unknown>;
}

/** Absolute path of a package reached through a chain of dependencies, e.g. fastify → light-my-request → cookie. */
export function resolveThrough(chain: readonly string[]): string {
  let resolve = nodeRequire.resolve;
  let resolved = '';
  for (const name of chain) {
    resolved = resolve(name);
    resolve = createRequire(resolved).resolve;
  }
  return resolved;
}

/** Any ESM-only package (a leaf without ESM-only dependencies of its own) as one CommonJS bundle. */
export function esmPackageCommonJs(chain: readonly string[], external: readonly string[] = []): unknown {
  const entry = resolveThrough(chain);
  const name = chain[chain.length - 1];
  return cached(name, entry, (outfile) =>
    esbuild().buildSync({
      entryPoints: [entry],
      outfile,
      bundle: true,
      external,
      format: 'cjs',
      platform: 'node',
      target: 'node24',
      logLevel: 'silent',
    }),
  );
}

/**
 * PGlite: its CommonJS build is fine except for import('fs') & co. Rewrite those to a promise of
 * require(), and keep __filename/__dirname pointing at the package so its wasm and data files load.
 */
export function pgliteCommonJs(): unknown {
  const entry = nodeRequire.resolve('@electric-sql/pglite');
  return cached('@electric-sql/pglite', entry, (outfile) => {
    let source = fs.readFileSync(entry, 'utf8');
    const prelude =
      `var __filename = ${JSON.stringify(entry)}; var __dirname = ${JSON.stringify(path.dirname(entry))};` +
      'var __cjsRequire = require; var __cjsImport = function (m) { return Promise.resolve().then(function () {' +
      ' var x = __cjsRequire(m); return Object.assign({}, x, { default: x }); }); };\n';
    source = source.replace(/\bimport\((?=["'])/g, '__cjsImport(');
    source = source.startsWith('"use strict";') ? '"use strict";' + prelude + source.slice(13) : prelude + source;
    fs.writeFileSync(outfile, source);
  });
}
