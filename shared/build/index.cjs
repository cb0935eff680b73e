// One webpack 5 + Module Federation configuration for the host and every remote, so the
// shared singletons and the output layout cannot drift apart between squads.
const path = require('node:path');
const fs = require('node:fs');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { routesManifest } = require('./routes.cjs');

const repoRoot = path.resolve(__dirname, '../..');

/** One copy of each in the page: one React, one router, one store, one shell contract. */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'jotai',
  'styled-components',
  '@tanstack/react-query',
  'i18next',
  'react-i18next',
  '@phoenix/shell',
  '@phoenix/ui',
  '@phoenix/contract',
];

/**
 * `//# allFunctionsCalledOnLoad` on the first line of every script of a production build: V8's explicit
 * compile hint (Chromium 136+; to other engines a comment). Without it V8 compiles each function at its
 * first call, on the main thread: webpack's module factories, React's render code and the federation
 * runtime all run during the start, and compiling them was 30-40 ms of a cold console page's main
 * thread (charged to `__webpack_require__` in a CPU profile). With it a file is compiled while it
 * streams in, off the main thread. Every file a build ships is code the page runs as it loads it (boot
 * chunks, a remote's entry and pages), so no file is left out. Added after the minifier (which drops
 * comments), before the source maps are written (so they stay exact) and before the compressed copies.
 */
function compileHintPlugin() {
  const webpack = require('webpack');
  return new webpack.BannerPlugin({
    banner: COMPILE_HINT,
    raw: true,
    test: /\.js$/,
    stage: webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING - 1,
  });
}
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Brotli and gzip copies of every text asset (name.js.br, name.js.gz) beside the original, made once
 * at build time at the highest levels: the static server (scripts/lib/staticServer.mjs) negotiates
 * them by Accept-Encoding instead of compressing on every request. Source maps are built but never
 * served, so they are not compressed. Placed last so it also sees mf-manifest.json and index.html.
 */
function precompressionPlugins() {
  const test = /\.(js|mjs|css|html|json|svg|txt)$/;
  // build-info.json is rewritten by scripts/release.mjs after the build: a copy would go stale.
  const exclude = /(^|\/)(build-info|mf-manifest-stats)\.json$/;
  return [
    new CompressionPlugin({
      test,
      exclude,
      algorithm: 'gzip',
      filename: '[path][base].gz',
      compressionOptions: { level: 9 },
      threshold: 512,
      minRatio: 0.9,
    }),
    new CompressionPlugin({
      test,
      exclude,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
      threshold: 512,
      minRatio: 0.9,
    }),
  ];
}

/**
 * A remote's chunks pinned by its entry (production builds): webpack-subresource-integrity writes each
 * chunk's sha-384 into the webpack runtime, which is remoteEntry.js, and the runtime's chunk loader then
 * injects every chunk with `integrity` and `crossorigin`. The host pins the entry's own digest
 * (host/src/federation/integrity.ts), so a pinned entry vouches for every chunk it loads: the browser
 * refuses a changed one. Its digests are taken after the compile hint (which changes the bytes) and kept
 * right when webpack's real content hashes rename the files.
 */
function chunkIntegrityPlugins(kind, mode) {
  if (kind !== 'remote' || mode !== 'production') return [];
  const { SubresourceIntegrityPlugin } = require('webpack-subresource-integrity');
  return [new SubresourceIntegrityPlugin({ hashFuncNames: ['sha384'], enabled: true }), noDigestsForEmptyChunks(), everyChunkInEntry()];
}

/**
 * The plugin lists a digest for every chunk of the graph, also for those with no JavaScript: here the
 * chunks of the consumed shared modules (`import: false`, no fallback), which the federation runtime
 * resolves from the host's share scope and webpack never fetches. They have no file, so no digest ever
 * replaces their placeholder and the plugin fails the build (waysact/webpack-subresource-integrity#176):
 * their entries are dropped from the map as it is generated. Every chunk that has a file keeps its digest.
 */
function noDigestsForEmptyChunks() {
  const SRI_MAP = /^__webpack_require__\.sriHashes = (\{.*\});$/m;
  return {
    apply(compiler) {
      const { JavascriptModulesPlugin } = compiler.webpack.javascript;
      compiler.hooks.thisCompilation.tap('PhoenixChunkIntegrity', (compilation) => {
        // Tapped after the integrity plugin's own (it taps at stage -10000): rewrites the map it wrote.
        compilation.mainTemplate.hooks.localVars.tap('PhoenixChunkIntegrity', (source) =>
          source.replace(SRI_MAP, (_line, map) => {
            const hashes = JSON.parse(map);
            for (const chunk of compilation.chunks)
              if (chunk.id !== null && !JavascriptModulesPlugin.chunkHasJs(chunk, compilation.chunkGraph)) delete hashes[chunk.id];
            return `__webpack_require__.sriHashes = ${JSON.stringify(hashes)};`;
          }),
        );
      });
    },
  };
}

/**
 * Fails the build when a chunk's final bytes (after the content hashes) have no digest in the entry: its
 * loader would set `integrity="undefined"`, which the browser ignores, and run the chunk unchecked.
 */
function everyChunkInEntry() {
  const { createHash } = require('node:crypto');
  return {
    apply(compiler) {
      const { Compilation, WebpackError } = compiler.webpack;
      compiler.hooks.thisCompilation.tap('PhoenixChunkIntegrityCheck', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'PhoenixChunkIntegrityCheck', stage: Compilation.PROCESS_ASSETS_STAGE_ANALYSE }, () => {
          const jsOf = (chunk) => [...chunk.files].filter((file) => file.endsWith('.js'));
          const chunks = [...compilation.chunks];
          const entries = chunks.filter((chunk) => chunk.hasRuntime()).flatMap(jsOf);
          const runtime = entries.map((file) => compilation.getAsset(file).source.source().toString()).join('\n');
          for (const file of chunks.filter((chunk) => !chunk.hasRuntime()).flatMap(jsOf)) {
            const digest = `sha384-${createHash('sha384').update(compilation.getAsset(file).source.buffer()).digest('base64')}`;
            if (!runtime.includes(`"${digest}"`))
              compilation.errors.push(
                new WebpackError(`${file}: its sha-384 is not in ${entries.join(', ')}, which would load it unchecked`),
              );
          }
        });
      });
    },
  };
}

/**
 * TypeScript through ts-loader with the repo's build tsconfig: every build compiles the same way.
 * refresh (`webpack serve` only): React Fast Refresh's transform, so an edited component is swapped
 * in place and keeps its state (a half-filled form stays filled).
 */
function typescriptRule(refresh = false) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('ts-loader'),
      options: {
        transpileOnly: true,
        configFile: path.join(repoRoot, 'tsconfig.build.json'),
        ...(refresh ? { getCustomTransformers: () => ({ before: [require('react-refresh-typescript').default()] }) } : {}),
      },
    },
  };
}

/**
 * React Fast Refresh for a dev server: the webpack plugin with its runtime namespaced per build
 * (`library`), since the host and every remote each bring one into the same page.
 */
function refreshPlugins(refresh, uniqueName) {
  if (!refresh) return [];
  const ReactRefreshWebpackPlugin = require('@pmmmwh/react-refresh-webpack-plugin');
  return [new ReactRefreshWebpackPlugin({ library: uniqueName, overlay: false })];
}

/** Module Federation names must be identifiers: user-policy → user_policy. */
function federationName(name) {
  return name.replace(/[^A-Za-z0-9_]/g, '_');
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Version actually installed for a package, as resolved from the building package's folder. */
function installedVersion(pkg, fromDir) {
  const base = pkg.startsWith('@') ? pkg.split('/').slice(0, 2).join('/') : pkg.split('/')[0];
  const manifest = require.resolve(`${base}/package.json`, { paths: [fromDir] });
  return readJson(manifest).version;
}

/**
 * react-router's server and framework half (request handlers, cookies, sessions, RSC, static
 * rendering): a SPA never uses it, and a shared module cannot be tree-shaken by its consumers.
 */
const ROUTER_SERVER_ONLY =
  /^(UNSAFE_|unstable_(RSC|routeRSC|setDevServer)|HydratedRouter$|Links$|Meta$|Scripts$|PrefetchPageLinks$|ServerRouter$|StaticRouter|createCookie|createSession|createMemorySessionStorage$|createRequestHandler$|createRoutesStub$|createStatic|isCookie$|isSession$)/;

/**
 * The ESM file a package's `exports` gives for `import` (what webpack itself would pick), except that a
 * production build takes react-router's dist/production twin: its exports name only dist/development
 * (remix-run/react-router#12532, #14102), whose dev warnings and checks then run in every console.
 */
function esmEntry(pkgDir, subpath, mode) {
  const exp = readJson(path.join(pkgDir, 'package.json')).exports[subpath];
  const pick = (e) => (typeof e === 'string' ? e : e.import ? pick(e.import) : e.module ? pick(e.module) : pick(e.default));
  const file = path.join(pkgDir, pick(exp));
  const production = file.replace(`${path.sep}dist${path.sep}development${path.sep}`, `${path.sep}dist${path.sep}production${path.sep}`);
  return mode === 'production' && fs.existsSync(production) ? production : file;
}

/**
 * What the console shares as 'react-router-dom': the package's client API only, re-exported from
 * react-router's ESM build so webpack drops the rest inside the shared chunk (about 190 KB → see
 * docs/performance.md). Every build shares the same list, so the singleton is the same module.
 */
function routerFacade(fromDir, mode) {
  const domDir = path.dirname(require.resolve('react-router-dom/package.json', { paths: [fromDir] }));
  const routerDir = path.dirname(require.resolve('react-router/package.json', { paths: [domDir] }));
  const names = Object.keys(require(require.resolve('react-router-dom', { paths: [fromDir] })));
  const client = names.filter((n) => !ROUTER_SERVER_ONLY.test(n) && n !== 'RouterProvider');
  const file = path.join(fromDir, `node_modules/.cache/phoenix-build/react-router-dom.${mode}.mjs`);
  const source = [
    '// Generated by shared/build: the client API of react-router-dom (no server/framework exports).',
    `export { ${client.join(', ')} } from ${JSON.stringify(esmEntry(routerDir, '.', mode))};`,
    `export { RouterProvider } from ${JSON.stringify(esmEntry(routerDir, './dom', mode))};`,
    '',
  ].join('\n');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== source) fs.writeFileSync(file, source);
  return file;
}

/**
 * kind 'remote': the remote consumes every singleton from the host and carries no copy of its own
 * (`import: false`): no fallback chunks in its dist, nothing for its entry to register in the share
 * scope. The host refuses a remote whose singletons it does not all share (compatibility.ts). An old
 * release (PHOENIX_FEDERATION_RUNTIME=bundled, contract 1.0) still carries its copies, as 1.0 did.
 */
function sharedConfig(fromDir, mode, kind = 'host') {
  const consumeOnly = kind === 'remote' && !bundlesFederationRuntime();
  const shared = {};
  for (const name of SINGLETONS) {
    const version = installedVersion(name, fromDir);
    const major = version.split('.')[0];
    shared[name] = { singleton: true, requiredVersion: `^${major}.0.0`, version, strictVersion: false };
    if (consumeOnly) shared[name].import = false;
  }
  if (!consumeOnly) shared['react-router-dom'].import = routerFacade(fromDir, mode);
  return shared;
}

/**
 * What a release was built against: lets a host (and the compose command) check compatibility.
 * shellContract: the shell-contract range this build needs; shellVersion: the @phoenix/shell it
 * bundles (for the host: the contract version it PROVIDES to remotes).
 * scripts/release.mjs sets PHOENIX_RELEASE_VERSION (--version); PHOENIX_SHELL_CONTRACT overrides the
 * recorded range (tests use it to produce an incompatible release).
 */
function buildInfo(dir) {
  const pkg = readJson(path.join(dir, 'package.json'));
  const singletons = {};
  for (const name of SINGLETONS) {
    const base = name.startsWith('@') ? name : name.split('/')[0];
    singletons[base] = installedVersion(name, dir);
  }
  // The one federation runtime in the page is the host's: its version is compared like a singleton's.
  singletons[FEDERATION_RUNTIME] = federationRuntimeVersion();
  const previous = bundlesFederationRuntime();
  const shellVersion = previous ? PREVIOUS_SHELL_CONTRACT : installedVersion('@phoenix/shell', dir);
  const [major, minor] = shellVersion.split('.');
  return {
    name: pkg.name,
    version: process.env.PHOENIX_RELEASE_VERSION || pkg.version,
    // A remote needs the contract's minor too: 1.1 is the first whose host provides the federation runtime.
    shellContract: process.env.PHOENIX_SHELL_CONTRACT || `^${major}.${minor}.0`,
    shellVersion,
    singletons,
  };
}

/**
 * One federation runtime in the page (shell contract 1.1): the host provides @module-federation's
 * runtime-core (experiments.provideExternalRuntime) and every remote uses it (experiments.externalRuntime:
 * its remoteEntry.js expects the global _FEDERATION_RUNTIME_CORE instead of carrying a copy). A remote
 * so built needs shell contract ^1.1.0, so a host of contract 1.0 (which provides no runtime) refuses it
 * with that reason before running any of its code; a 1.0 remote carries its own runtime and runs on a
 * 1.1 host. PHOENIX_FEDERATION_RUNTIME=bundled builds as contract 1.0 did (the e2e suite's old
 * releases: e2e/tests/shellContract.e2e.mjs).
 */
const FEDERATION_RUNTIME = '@module-federation/runtime-core';
const PREVIOUS_SHELL_CONTRACT = '1.0.0';

function bundlesFederationRuntime() {
  return process.env.PHOENIX_FEDERATION_RUNTIME === 'bundled';
}

function federationRuntimeVersion() {
  // The package's exports hide its package.json: read it beside the resolved entry's package root.
  let dir = path.dirname(require.resolve('@module-federation/enhanced'));
  while (!fs.existsSync(path.join(dir, 'package.json')) || readJson(path.join(dir, 'package.json')).name !== '@module-federation/enhanced')
    dir = path.dirname(dir);
  return readJson(path.join(dir, 'package.json')).version;
}

function federationExperiments(kind) {
  if (bundlesFederationRuntime()) return undefined;
  // target 'web': the host's runtime is only ever run in a browser, so its Node loaders (script loading
  // through fs and vm) are dropped at build time (main.js 205 -> 189 KB raw, 56.0 -> 51.9 KB gzip).
  if (kind === 'host') return { provideExternalRuntime: true, optimization: { target: 'web' } };
  return { externalRuntime: true };
}

/**
 * The folder a remote's pages.ts and areas.ts are read from: its src/, or PHOENIX_REMOTE_SRC (a folder
 * inside the remote's package holding both: the e2e suite builds a release that adds a page so).
 */
function sourceDir(dir) {
  return process.env.PHOENIX_REMOTE_SRC ? path.resolve(process.env.PHOENIX_REMOTE_SRC) : path.join(dir, 'src');
}

/**
 * routes.json beside mf-manifest.json: what the remote serves (its src/areas.ts and locales, shared/build/routes.cjs)
 * and the shell-contract range it needs. The host builds its route table and sidebar from it at start.
 * The entry is precompressed like the rest (it is not rewritten after the build, unlike build-info.json).
 */
function routesManifestPlugin(srcDir, shellContract, stringsDir) {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('PhoenixRoutes', (compilation) => {
        const { sources, Compilation } = compiler.webpack;
        compilation.fileDependencies.add(path.join(srcDir, 'areas.ts'));
        compilation.hooks.processAssets.tap({ name: 'PhoenixRoutes', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          compilation.emitAsset(
            'routes.json',
            new sources.RawSource(JSON.stringify(routesManifest(srcDir, shellContract, stringsDir), null, 2)),
          );
        });
      });
    },
  };
}

/**
 * The console's start as HTML preloads: the chunks of the entry's dynamic imports (the bootstrap and
 * the shared modules it asks for separately) and of every shared module they consume, transitively
 * (the host provides each singleton from its own chunks at start; a singleton the start does not
 * consume, such as the shell's whole module, is not preloaded). Without them the browser learns of
 * those ~20 chunks only once main.js has arrived and run: one round trip and the federation runtime's
 * evaluation later on a slow connection. Ordinary lazy chunks (routes, the federation loader) are not
 * followed.
 */
function bootPreloads() {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('PhoenixBootPreloads', (compilation) => {
        HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PhoenixBootPreloads', (data) => {
          const { chunkGraph } = compilation;
          const entryFiles = new Set();
          const chunks = new Set();
          const seen = new Set();
          const isConsume = (module) => module.type === 'consume-shared-module';
          // At the start this build is the only provider of its shared modules, so a consumed key loads
          // the chunk its provide module registers, not the consume's own fallback copy (react-dom's
          // index, for one, sits in several fallbacks: only the provider's is fetched). A key provided
          // twice (two versions) is the runtime's choice: left to it.
          const providers = new Map();
          for (const module of compilation.modules) {
            if (module.type !== 'provide-module') continue;
            const key = `${module._shareScope}:${module._name}`;
            providers.set(key, providers.has(key) ? null : module);
          }
          const scopeOf = (consume) => [consume.options.shareScope].flat().join('|');
          const visitBlocks = (module) => {
            for (const block of module.blocks) visitGroup(chunkGraph.getBlockChunkGroup(block));
          };
          const visitGroup = (group) => {
            if (!group || seen.has(group)) return;
            seen.add(group);
            for (const chunk of group.chunks) {
              chunks.add(chunk);
              for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
                if (!isConsume(module)) continue;
                const provider = providers.get(`${scopeOf(module)}:${module.options.shareKey}`);
                if (provider) visitBlocks(provider);
                else if (provider === undefined) visitBlocks(module);
              }
            }
          };
          for (const entrypoint of compilation.entrypoints.values())
            for (const chunk of entrypoint.chunks) {
              for (const file of chunk.files) entryFiles.add(file);
              // A provide module (in the entry, like all of them) is followed only when the start consumes its key.
              for (const module of chunkGraph.getChunkModulesIterable(chunk)) if (module.type !== 'provide-module') visitBlocks(module);
            }
          const files = new Set();
          for (const chunk of chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
          const links = [...files]
            .filter((file) => !entryFiles.has(file))
            .sort()
            .map((file) => ({
              tagName: 'link',
              voidTag: true,
              meta: { plugin: 'PhoenixBootPreloads' },
              attributes: { rel: 'preload', as: 'script', href: `${data.publicPath}${file}` },
            }));
          data.headTags.push(...links);
          // The entry (the federation runtime, which starts /config.json and every chunk's evaluation) is as
          // urgent as the preloads: a plain `defer` script is fetched at low priority, after all of them.
          for (const tag of data.headTags)
            if (tag.tagName === 'script' && entryFiles.has(path.basename(tag.attributes.src ?? ''))) tag.attributes.fetchpriority = 'high';
          return data;
        });
      });
    },
  };
}

/**
 * The host's public/ files besides the HTML template (favicon.ico, favicon.svg), copied beside its
 * index.html: the dev server serves public/ itself, the static server serves dist.
 */
function publicFiles(dir) {
  const publicDir = path.join(dir, 'public');
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('PhoenixPublicFiles', (compilation) => {
        const { sources, Compilation } = compiler.webpack;
        compilation.hooks.processAssets.tap({ name: 'PhoenixPublicFiles', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          for (const file of fs.readdirSync(publicDir)) {
            if (file === 'index.html') continue;
            compilation.fileDependencies.add(path.join(publicDir, file));
            compilation.emitAsset(file, new sources.RawSource(fs.readFileSync(path.join(publicDir, file))));
          }
        });
      });
    },
  };
}

/** A dev server's port: scripts/dev.mjs passes them all (scripts/lib/ports.mjs) in PHOENIX_DEV_PORTS. */
function devPort(name, fallback) {
  const ports = JSON.parse(process.env.PHOENIX_DEV_PORTS || '{}');
  return ports[name] ?? fallback;
}

/**
 * @param {{ dir: string, name: string, kind: 'host' | 'remote', port: number, exposes?: Record<string,string>, outputPath?: string, pages?: Record<string,string> }} options
 *   pages (host): paths the dev server answers with another HTML file than index.html, e.g.
 *   { '/auth/login': 'login.html' } (built by createPageConfig), as the static server does.
 */
function createFederatedConfig({ dir, name, kind, port, exposes = {}, outputPath, pages = {} }) {
  return (_env = {}, argv = {}) => {
    const mode = argv.mode || 'production';
    const info = buildInfo(dir);
    const out = outputPath || process.env.PHOENIX_OUTPUT_PATH || path.join(dir, 'dist');
    const refresh = mode === 'development' && Boolean(_env.WEBPACK_SERVE);
    const uniqueName = `phoenix_${federationName(name)}`;
    return {
      mode,
      context: dir,
      entry: kind === 'host' ? { main: refresh ? [require.resolve('./refreshHook.cjs'), './src/index.ts'] : './src/index.ts' } : {},
      devtool: mode === 'production' ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: out,
        publicPath: 'auto',
        filename: mode === 'production' ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: mode === 'production' ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName,
        clean: true,
        // Subresource Integrity needs CORS fetches (the remotes' servers allow any origin).
        ...(kind === 'remote' && mode === 'production' ? { crossOriginLoading: 'anonymous' } : {}),
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: { rules: [typescriptRule(refresh)] },
      plugins: [
        ...refreshPlugins(refresh, uniqueName),
        new ModuleFederationPlugin({
          name: federationName(name),
          filename: kind === 'remote' ? 'remoteEntry.js' : undefined,
          exposes: kind === 'remote' ? exposes : undefined,
          remotes: {},
          shared: sharedConfig(dir, mode, kind),
          manifest: kind === 'remote' ? { fileName: 'mf-manifest.json' } : false,
          dts: false,
          experiments: federationExperiments(kind),
        }),
        new (require('webpack').DefinePlugin)({
          __PHOENIX_BUILD__: JSON.stringify(info),
        }),
        {
          // build-info.json beside the entry: version + what it was built against.
          apply(compiler) {
            compiler.hooks.thisCompilation.tap('PhoenixBuildInfo', (compilation) => {
              const { sources, Compilation } = compiler.webpack;
              compilation.hooks.processAssets.tap({ name: 'PhoenixBuildInfo', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
                compilation.emitAsset(
                  'build-info.json',
                  new sources.RawSource(JSON.stringify({ ...info, builtAt: new Date().toISOString() }, null, 2)),
                );
              });
            });
          },
        },
        ...(kind === 'remote' ? [routesManifestPlugin(sourceDir(dir), info.shellContract, path.join(dir, 'src'))] : []),
        ...(kind === 'host'
          ? [new HtmlWebpackPlugin({ template: path.join(dir, 'public/index.html'), publicPath: '/' }), bootPreloads(), publicFiles(dir)]
          : []),
        ...chunkIntegrityPlugins(kind, mode),
        ...(mode === 'production' ? [compileHintPlugin(), ...precompressionPlugins()] : []),
      ],
      optimization: { moduleIds: 'deterministic' },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port: devPort(name, port),
        historyApiFallback:
          kind === 'host'
            ? {
                rewrites: Object.entries(pages).map(([page, file]) => ({
                  from: new RegExp(`^${page.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?$`),
                  to: `/${file}`,
                })),
              }
            : false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: kind === 'host' ? { directory: path.join(dir, 'public'), publicPath: '/' } : false,
        client: { overlay: { warnings: false } },
        // In development the host answers /config.json from the file scripts/dev.mjs writes.
        setupMiddlewares: (middlewares, devServer) => {
          if (kind === 'host' && process.env.PHOENIX_DEV_CONFIG) {
            // The file is under .data/: send's default would refuse a dot folder (a 404).
            devServer.app.get('/config.json', (_req, res) => res.sendFile(process.env.PHOENIX_DEV_CONFIG, { dotfiles: 'allow' }));
          }
          return middlewares;
        },
      },
    };
  };
}

/**
 * A page of the host that is NOT a Module Federation consumer (the lean sign-in page): the same
 * loader, output naming, source maps and precompression as the federated builds, its own entry and
 * HTML file, no federation runtime and no shared singletons. Written into the host's dist beside the
 * console (`clean: false`: run it after the console's build, which cleans the folder; see
 * host/webpack.config.js). Its chunks are named `<entry>…` so they never meet the console's.
 *
 * @param {{ dir: string, name: string, entry: string, html: string }} options
 *   name: the entry (and chunk prefix), e.g. 'login'; entry: its source file; html: the HTML file written.
 */
function createPageConfig({ dir, name, entry, html }) {
  return (_env = {}, argv = {}) => {
    const mode = argv.mode || 'production';
    const out = process.env.PHOENIX_OUTPUT_PATH || path.join(dir, 'dist');
    return {
      name,
      mode,
      context: dir,
      entry: { [name]: entry },
      devtool: mode === 'production' ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: out,
        publicPath: '/',
        filename: mode === 'production' ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: mode === 'production' ? `${name}-[name].[contenthash:8].js` : `${name}-[name].js`,
        uniqueName: `phoenix_${federationName(name)}_page`,
        clean: false,
      },
      // The same client-only router facade as the console (production files in a production build).
      resolve: { extensions: ['.tsx', '.ts', '.js'], alias: { 'react-router-dom$': routerFacade(dir, mode) } },
      module: { rules: [typescriptRule()] },
      plugins: [
        new HtmlWebpackPlugin({ template: path.join(dir, 'public/index.html'), filename: html, publicPath: '/' }),
        ...(mode === 'production' ? [compileHintPlugin(), ...precompressionPlugins()] : []),
      ],
      optimization: { moduleIds: 'deterministic' },
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
}

/** A remote: it exposes its page map (`src/pages.ts`) and nothing else. */
function createRemoteConfig(dir, name, port) {
  const pages = path.relative(dir, path.join(sourceDir(dir), 'pages.ts'));
  return createFederatedConfig({ dir, name, kind: 'remote', port, exposes: { './pages': `./${pages.split(path.sep).join('/')}` } });
}

module.exports = {
  COMPILE_HINT,
  compileHintPlugin,
  createFederatedConfig,
  createPageConfig,
  createRemoteConfig,
  federationName,
  SINGLETONS,
  buildInfo,
  sharedConfig,
  federationExperiments,
  bootPreloads,
  precompressionPlugins,
};
