#!/usr/bin/env node
// Compiles the BFF to plain CommonJS in dist/, one output file per source file, keeping src/'s
// layout. Not one bundle: migrations and features are found at run time by folder (src/modules.ts),
// so they must exist as files beside main.js, and one copy of each module keeps `instanceof` and
// module state shared. @phoenix/contract (TypeScript source in the workspace) is compiled into
// dist/contract and required by relative path, so the image needs no TypeScript loader.
//   node scripts/build.mjs [--outdir DIR]
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const bffRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contractRoot = path.resolve(bffRoot, '..', 'shared', 'contract', 'src');
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
  const inContract = source.startsWith(contractRoot + path.sep);
  const relative = path.relative(inContract ? contractRoot : path.join(bffRoot, 'src'), source);
  return path.join(outdir, inContract ? 'contract' : '', relative.replace(/\.ts$/, '.js'));
}

// Every import stays an import (external): relative ones already match the output layout, packages
// come from node_modules, and the contract is rewritten to its compiled copy.
const keepImportsAsFiles = {
  name: 'keep-imports-as-files',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (args.path === '@phoenix/contract') {
        const target = path.join(outdir, 'contract', 'index.js');
        let relative = path
          .relative(path.dirname(outputOf(args.importer)), target)
          .split(path.sep)
          .join('/');
        if (!relative.startsWith('.')) relative = `./${relative}`;
        return { path: relative.replace(/\.js$/, ''), external: true };
      }
      // A package is required from bff/node_modules at run time (the image keeps only the BFF's
      // production dependencies), so the contract's own packages must be the BFF's too.
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
const contractSources = sources(contractRoot);
const bffSources = sources(path.join(bffRoot, 'src'));
for (const [entryPoints, base] of [
  [bffSources, path.join(bffRoot, 'src')],
  [contractSources, contractRoot],
]) {
  await build({
    entryPoints,
    outbase: base,
    outdir: base === contractRoot ? path.join(outdir, 'contract') : outdir,
    bundle: true,
    plugins: [keepImportsAsFiles],
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    logLevel: 'warning',
  });
}
console.log(
  `[bff build] ${bffSources.length} BFF and ${contractSources.length} contract files → ${path.relative(process.cwd(), outdir) || '.'}`,
);
