// One webpack 5 + Module Federation configuration for the host and every remote, so the
// shared singletons and the output layout cannot drift apart between squads.
const path = require('node:path');
const fs = require('node:fs');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');

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
    new CompressionPlugin({ test, exclude, algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 }, threshold: 512, minRatio: 0.9 }),
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

function sharedConfig(fromDir) {
  const shared = {};
  for (const name of SINGLETONS) {
    const version = installedVersion(name, fromDir);
    const major = version.split('.')[0];
    shared[name] = { singleton: true, requiredVersion: `^${major}.0.0`, version, strictVersion: false };
  }
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
  const shellVersion = installedVersion('@phoenix/shell', dir);
  return {
    name: pkg.name,
    version: process.env.PHOENIX_RELEASE_VERSION || pkg.version,
    shellContract: process.env.PHOENIX_SHELL_CONTRACT || `^${shellVersion.split('.')[0]}.0.0`,
    shellVersion,
    singletons,
  };
}

/**
 * @param {{ dir: string, name: string, kind: 'host' | 'remote', port: number, exposes?: Record<string,string>, outputPath?: string }} options
 */
function createFederatedConfig({ dir, name, kind, port, exposes = {}, outputPath }) {
  return (env = {}, argv = {}) => {
    const mode = argv.mode || 'production';
    const info = buildInfo(dir);
    const out = outputPath || process.env.PHOENIX_OUTPUT_PATH || path.join(dir, 'dist');
    return {
      mode,
      context: dir,
      entry: kind === 'host' ? { main: './src/index.ts' } : {},
      devtool: mode === 'production' ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: out,
        publicPath: 'auto',
        filename: mode === 'production' ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: mode === 'production' ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: `phoenix_${federationName(name)}`,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: { loader: require.resolve('ts-loader'), options: { transpileOnly: true, configFile: path.join(repoRoot, 'tsconfig.build.json') } },
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: federationName(name),
          filename: kind === 'remote' ? 'remoteEntry.js' : undefined,
          exposes: kind === 'remote' ? exposes : undefined,
          remotes: {},
          shared: sharedConfig(dir),
          manifest: kind === 'remote' ? { fileName: 'mf-manifest.json' } : false,
          dts: false,
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
                compilation.emitAsset('build-info.json', new sources.RawSource(JSON.stringify({ ...info, builtAt: new Date().toISOString() }, null, 2)));
              });
            });
          },
        },
        ...(kind === 'host'
          ? [new HtmlWebpackPlugin({ template: path.join(dir, 'public/index.html'), publicPath: '/' })]
          : []),
        ...(mode === 'production' ? precompressionPlugins() : []),
      ],
      optimization: { moduleIds: 'deterministic' },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port,
        historyApiFallback: kind === 'host',
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: kind === 'host' ? { directory: path.join(dir, 'public'), publicPath: '/' } : false,
        client: { overlay: { warnings: false } },
        // In development the host answers /config.json from the file scripts/dev.mjs writes.
        setupMiddlewares: (middlewares, devServer) => {
          if (kind === 'host' && process.env.PHOENIX_DEV_CONFIG) {
            devServer.app.get('/config.json', (_req, res) => res.sendFile(process.env.PHOENIX_DEV_CONFIG));
          }
          return middlewares;
        },
      },
    };
  };
}

/** A remote: it exposes its page map (`src/pages.ts`) and nothing else. */
function createRemoteConfig(dir, name, port) {
  return createFederatedConfig({ dir, name, kind: 'remote', port, exposes: { './pages': './src/pages.ts' } });
}

module.exports = { createFederatedConfig, createRemoteConfig, federationName, SINGLETONS, buildInfo };
