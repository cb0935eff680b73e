// Compiles a service built on @phoenix/server (the BFF, the points API) to plain CommonJS in its
// dist/, one output file per source file, keeping src/'s layout. Not one bundle: migrations and
// features are found at run time by folder (@phoenix/server's modules.ts, features.ts), so they must
// exist as files beside main.js, and one copy of each module keeps `instanceof` and module state
// shared. The workspace packages it uses, @phoenix/contract and @phoenix/server (TypeScript source),
// are compiled into dist/contract and dist/server and required by relative path, so the image needs
// no TypeScript loader. Called by each service's scripts/build.mjs with its own esbuild.
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

const sharedRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Every compilable .ts file below dir (no tests, no declarations). */
function sources(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .map((file) => path.join(dir, String(file)))
    .filter((file) => file.endsWith('.ts') && !/\.(test|d)\.ts$/.test(file));
}

/**
 * @param {{ build: typeof import('esbuild').build, serviceRoot: string, outdir?: string, label: string }} options
 *   build: esbuild's (the service's dev dependency); serviceRoot: the service's folder (src/, package.json);
 *   outdir: default <serviceRoot>/dist; label: the service in the summary line ("BFF").
 */
export async function compileService({ build, serviceRoot, outdir = path.join(serviceRoot, 'dist'), label }) {
  const manifest = JSON.parse(fs.readFileSync(path.join(serviceRoot, 'package.json'), 'utf8'));
  /** The workspace packages compiled with the service: name, source root, output folder, import specifier → source file. */
  const packages = ['contract', 'server'].map((name) => {
    const folder = path.join(sharedRoot, name);
    const pkg = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
    // Each import specifier (`@phoenix/server/db`) → its source file, from the exports map (or main).
    const entries = pkg.exports
      ? Object.entries(pkg.exports).map(([subpath, file]) => [path.posix.join(pkg.name, subpath), path.join(folder, file)])
      : [[pkg.name, path.join(folder, pkg.main)]];
    return { name: pkg.name, srcRoot: path.join(folder, 'src'), out: name, entries: new Map(entries) };
  });
  const dependencies = Object.keys(manifest.dependencies ?? {});
  const serviceSrc = path.join(serviceRoot, 'src');

  /** Where a source file's output lands. */
  function outputOf(source) {
    const inPackage = packages.find((pkg) => source.startsWith(pkg.srcRoot + path.sep));
    const relative = path.relative(inPackage ? inPackage.srcRoot : serviceSrc, source);
    return path.join(outdir, inPackage ? inPackage.out : '', relative.replace(/\.ts$/, '.js'));
  }

  // Every import stays an import (external): relative ones already match the output layout, packages
  // come from node_modules, and the workspace packages are rewritten to their compiled copies.
  const keepImportsAsFiles = {
    name: 'keep-imports-as-files',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const source = packages.map((pkg) => pkg.entries.get(args.path)).find(Boolean);
        if (source) {
          if (!source.endsWith('.ts') || source.includes(`${path.sep}test${path.sep}`)) {
            return {
              errors: [{ text: `${args.path} (imported by ${path.relative(serviceRoot, args.importer)}) is not part of the build` }],
            };
          }
          let relative = path
            .relative(path.dirname(outputOf(args.importer)), outputOf(source))
            .split(path.sep)
            .join('/');
          if (!relative.startsWith('.')) relative = `./${relative}`;
          return { path: relative.replace(/\.js$/, ''), external: true };
        }
        // A package is required from the service's node_modules at run time (the image keeps only its
        // production dependencies), so the workspace packages' own dependencies must be the service's too.
        const packageName = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
        if (!args.path.startsWith('.') && !args.path.startsWith('node:') && !dependencies.includes(packageName)) {
          if (!builtinModules.includes(packageName))
            return {
              errors: [
                {
                  text: `${packageName} (imported by ${path.relative(serviceRoot, args.importer)}) is not a dependency of ${manifest.name}`,
                },
              ],
            };
        }
        return { path: args.path, external: true };
      });
    },
  };

  fs.rmSync(outdir, { recursive: true, force: true });
  const serviceSources = sources(serviceSrc);
  const packageSources = packages.map((pkg) => sources(pkg.srcRoot));
  for (const [entryPoints, base, out] of [
    [serviceSources, serviceSrc, outdir],
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
  console.log(
    `[${path.basename(serviceRoot)} build] ${serviceSources.length} ${label} files, ${counts} → ${path.relative(process.cwd(), outdir) || '.'}`,
  );
}
