// The floor app, built the way the host is (shared/build): production mode, ts-loader with the repo's
// build tsconfig, content-hashed chunks, source maps, HtmlWebpackPlugin; only Module Federation is left out.
// `--env entry=list --env out=DIR`: the console-page floor (src/list.tsx, bench/lighthouse.mjs) into DIR;
// without them the sign-in floor (src/index.tsx) into dist/ (bench/login-js.mjs).
const path = require('node:path');
const { createRequire } = require('node:module');

const repoRoot = path.resolve(__dirname, '../..');
const fromBuild = createRequire(path.join(repoRoot, 'shared/build/index.cjs'));
const HtmlWebpackPlugin = fromBuild('html-webpack-plugin');

module.exports = (env = {}) => ({
  mode: 'production',
  context: __dirname,
  entry: { main: env.entry === 'list' ? './src/list.tsx' : './src/index.tsx' },
  devtool: 'source-map',
  output: {
    path: env.out ? path.resolve(env.out) : path.join(__dirname, 'dist'),
    publicPath: '/',
    filename: '[name].[contenthash:8].js',
    chunkFilename: '[name].[contenthash:8].js',
    clean: true,
  },
  resolve: { extensions: ['.tsx', '.ts', '.js'], modules: [path.join(repoRoot, 'host/node_modules'), 'node_modules'] },
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
  plugins: [
    new HtmlWebpackPlugin({
      templateContent:
        '<!doctype html><html><head><meta charset="utf-8"><title>floor</title></head><body><div id="root"></div></body></html>',
    }),
  ],
  performance: { hints: false },
  stats: 'errors-warnings',
});
