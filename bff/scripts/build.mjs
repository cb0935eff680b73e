#!/usr/bin/env node
// Compiles the BFF to plain CommonJS in dist/, one output file per source file, keeping src/'s
// layout. Not one bundle: migrations and features are found at run time by folder (src/modules.ts),
// so they must exist as files beside main.js, and one copy of each module keeps `instanceof` and
// module state shared. The workspace packages it uses, @phoenix/contract and @phoenix/server
// (TypeScript source), are compiled into dist/contract and dist/server and required by relative
// path, so the image needs no TypeScript loader.
//   node scripts/build.mjs [--outdir DIR]
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const bffRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The workspace packages compiled with the BFF: name, source root, output folder, package folder. */
const packages = ['contract', 'server'].map((name) => {
  const folder = path.resolve(bffRoot, '..', 'shared', name);
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
  // Each import specifier (`@phoenix/server/db`) → its source file, from the exports map (or main).
  const entries = manifest.exports
    ? Object.entries(manifest.exports).map(([subpath, file]) => [path.posix.join(manifest.name, subpath), path.join(folder, file)])
    : [[manifest.name, path.join(folder, manifest.main)]];
  return { name: manifest.name, srcRoot: path.join(folder, 'src'), out: name, entries: new Map(entries) };
});
const bffDependencies = Object.keys(JSON.parse(fs.readFileSync(path.join(bffRoot, 'package.json'), 'utf8')).dependencies ?? {});
const outIndex = process.argv.indexOf('--outdir');
const outdir = path.resolve(outIndex > 0 ? process.argv[outIndex + 1] : path.join(bffRoot, 'dist'));

/** Every compilable .ts file below dir (no tests, no declarations). */
function sources(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .map((file) => path.join(dir, String(file)))
    .filter((file) => file.endsWith('.ts') && !/\.(test|d)\.ts$/.test(file));
}

/** Where a source file's output lands. */
function outputOf(source) {
  const inPackage = packages.find((pkg) => source.startsWith(pkg.srcRoot + path.sep));
  const relative = path.relative(inPackage ? inPackage.srcRoot : path.join(bffRoot, 'src'), source);
  return path.join(outdir, inPackage ? inPackage.out : '', relative.replace(/\.ts$/, '.js'));
}

// Every import stays an import (external): relative ones already match the output layout, packages
// come from node_modules, and the contract is rewritten to its compiled copy.
const keepImportsAsFiles = {
  name: 'keep-imports-as-files',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind === 'entry-point') return undefined;
      const source = packages.map((pkg) => pkg.entries.get(args.path)).find(Boolean);
      if (source) {
        if (!source.endsWith('.ts') || source.includes(`${path.sep}test${path.sep}`)) {
          return { errors: [{ text: `${args.path} (imported by ${path.relative(bffRoot, args.importer)}) is not part of the build` }] };
        }
        const target = outputOf(source);
        let relative = path
          .relative(path.dirname(outputOf(args.importer)), target)
          .split(path.sep)
          .join('/');
        if (!relative.startsWith('.')) relative = `./${relative}`;
        return { path: relative.replace(/\.js$/, ''), external: true };
      }
      // A package is required from bff/node_modules at run time (the image keeps only the BFF's
      // production dependencies), so the workspace packages' own dependencies must be the BFF's too.
      const packageName = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      if (!args.path.startsWith('.') && !args.path.startsWith('node:') && !bffDependencies.includes(packageName)) {
        const builtin = (await import('node:module')).builtinModules.includes(packageName);
        if (!builtin)
          return {
            errors: [{ text: `${packageName} (imported by ${path.relative(bffRoot, args.importer)}) is not a dependency of @phoenix/bff` }],
          };
      }
      return { path: args.path, external: true };
    });
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
const bffSources = sources(path.join(bffRoot, 'src'));
const packageSources = packages.map((pkg) => sources(pkg.srcRoot));
for (const [entryPoints, base, out] of [
  [bffSources, path.join(bffRoot, 'src'), outdir],
  ...packages.map((pkg, i) => [packageSources[i], pkg.srcRoot, path.join(outdir, pkg.out)]),
]) {
  await build({
    entryPoints,
    outbase: base,
    outdir: out,
    bundle: true,
    plugins: [keepImportsAsFiles],
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    sourcemap: true,
    logLevel: 'warning',
  });
}
const counts = packages.map((pkg, i) => `${packageSources[i].length} ${pkg.name}`).join(', ');
console.log(`[bff build] ${bffSources.length} BFF files, ${counts} → ${path.relative(process.cwd(), outdir) || '.'}`);
