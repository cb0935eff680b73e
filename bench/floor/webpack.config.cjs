// The floor apps, built the way the host is (shared/build): production mode, ts-loader with the repo's
// build tsconfig, content-hashed chunks, source maps, HtmlWebpackPlugin.
// `--env entry=list --env out=DIR`: the console-page floor (src/list.tsx, bench/lighthouse.mjs) into DIR;
// `--env entry=stack --env out=DIR`: the same page on the console's stack (src/stack/): a Module
// Federation host sharing the console's singletons, preloaded, compile-hinted and precompressed as the host is;
// without them the sign-in floor (src/index.tsx) into dist/ (bench/login-js.mjs).
const path = require('node:path');
const { createRequire } = require('node:module');

const repoRoot = path.resolve(__dirname, '../..');
const build = require(path.join(repoRoot, 'shared/build/index.cjs'));
const fromBuild = createRequire(path.join(repoRoot, 'shared/build/index.cjs'));
const HtmlWebpackPlugin = fromBuild('html-webpack-plugin');
const hostDir = path.join(repoRoot, 'host');
/** The console's singletons the stack floor shares: all but its own packages and TanStack Query. */
const STACK = build.SINGLETONS.filter((name) => !name.startsWith('@phoenix/') && name !== '@tanstack/react-query');
const HTML = '<!doctype html><html><head><meta charset="utf-8"><title>floor</title></head><body><div id="root"></div></body></html>';
/** The stack floor's page is laid out for the phone's width, as the console's is. */
const STACK_HTML = HTML.replace('<title>', '<meta name="viewport" content="width=device-width, initial-scale=1"><title>');

function stackPlugins() {
  const { ModuleFederationPlugin } = fromBuild('@module-federation/enhanced/webpack');
  const shared = build.sharedConfig(hostDir, 'production');
  return [
    new ModuleFederationPlugin({
      name: 'phoenix_floor',
      remotes: {},
      shared: Object.fromEntries(STACK.map((name) => [name, shared[name]])),
      dts: false,
      // The host's own experiments (its runtime provided to remotes, built for the web only).
      experiments: build.federationExperiments('host'),
    }),
    new HtmlWebpackPlugin({ templateContent: STACK_HTML, publicPath: '/' }),
    build.bootPreloads(),
    build.compileHintPlugin(),
    ...build.precompressionPlugins(),
  ];
}

module.exports = (env = {}) => ({
  mode: 'production',
  context: __dirname,
  entry: { main: { list: './src/list.tsx', stack: './src/stack/index.ts' }[env.entry] ?? './src/index.tsx' },
  devtool: 'source-map',
  output: {
    path: env.out ? path.resolve(env.out) : path.join(__dirname, 'dist'),
    publicPath: '/',
    filename: '[name].[contenthash:8].js',
    chunkFilename: '[name].[contenthash:8].js',
    uniqueName: env.entry === 'stack' ? 'phoenix_floor' : undefined,
    clean: true,
  },
  resolve: { extensions: ['.tsx', '.ts', '.js'], modules: [path.join(hostDir, 'node_modules'), 'node_modules'] },
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        exclude: /node_modules/,
        use: {
          loader: fromBuild.resolve('ts-loader'),
          options: { transpileOnly: true, configFile: path.join(repoRoot, 'tsconfig.build.json') },
        },
      },
    ],
  },
  plugins: env.entry === 'stack' ? stackPlugins() : [new HtmlWebpackPlugin({ templateContent: HTML })],
  performance: { hints: false },
  stats: 'errors-warnings',
});
