#!/usr/bin/env node
// Login page JavaScript vs a floor app (React + react-dom + react-router, built the same way), side by
// side in one run: both served from their production builds, opened in Chromium as a new user (empty
// cache, no session) at /auth/login, every script the page loads counted (raw bytes and gzip at level 9)
// until the sign-in button shows and the network is idle. Prints both, the ratio (the target is
// ≤ 1.5×), and what the login page's scripts took on the wire (the server's precompressed files).
//   node bench/login-js.mjs [--rebuild-floor]
// Needs `pnpm build` first (the host's dist); builds the floor into bench/floor/dist when missing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { readEnvironment, startConsoleServer } from '../scripts/lib/console.mjs';
import { startStaticServer } from '../scripts/lib/staticServer.mjs';
import { freePort, kb, launchChromium } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const floorDir = path.join(here, 'floor');
const hostDist = path.join(root, 'host/dist');

function buildFloor() {
  const webpackCli = createRequire(path.join(root, 'host/package.json')).resolve('webpack-cli/bin/cli.js');
  const result = spawnSync(process.execPath, [webpackCli, '--config', path.join(floorDir, 'webpack.config.cjs')], {
    stdio: 'inherit',
    cwd: floorDir,
  });
  if (result.status !== 0) throw new Error('The floor app did not build');
}

/** Opens `url`, waits for the sign-in button, returns every script the page loaded with its sizes. */
async function scriptsOf(browser, url) {
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      Promise.all([response.body(), response.request().sizes(), response.headerValue('content-encoding')]).then(
        ([body, sizes, encoding]) => ({
          url: response.url(),
          raw: body.length,
          gzip: zlib.gzipSync(body, { level: 9 }).length,
          wire: sizes.responseBodySize,
          encoding: encoding ?? 'identity',
        }),
      ),
    );
  });
  await page.goto(url);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.waitForLoadState('networkidle');
  const loaded = await Promise.all(scripts);
  await page.close();
  return loaded;
}

const total = (list, key) => list.reduce((sum, s) => sum + s[key], 0);

async function main() {
  if (!fs.existsSync(path.join(hostDist, 'index.html'))) throw new Error('host/dist is missing: run `pnpm build` first.');
  if (process.argv.includes('--rebuild-floor') || !fs.existsSync(path.join(floorDir, 'dist/index.html'))) buildFloor();

  const [hostPort, floorPort] = [await freePort(), await freePort()];
  // The console as `npm start` serves it: host, remotes and /config.json from one server.
  const hostServer = await startConsoleServer({ port: hostPort, config: readEnvironment('local') });
  const floorServer = await startStaticServer({ port: floorPort, mounts: [{ prefix: '/', dir: path.join(floorDir, 'dist'), spa: true }] });
  const browser = await launchChromium();
  try {
    const login = await scriptsOf(browser, `http://127.0.0.1:${hostPort}/auth/login`);
    const floor = await scriptsOf(browser, `http://127.0.0.1:${floorPort}/auth/login`);
    if (process.argv.includes('--list')) {
      for (const s of login.sort((a, b) => b.gzip - a.gzip))
        console.log(
          `  login ${path.basename(new URL(s.url).pathname).padEnd(26)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(9)} gzip`,
        );
    }
    const row = (name, list) =>
      `${name.padEnd(7)} ${String(list.length).padStart(3)} scripts  ${kb(total(list, 'raw')).padStart(9)} raw  ${kb(total(list, 'gzip')).padStart(9)} gzip`;
    console.log(row('login', login));
    console.log(row('floor', floor));
    console.log(
      `ratio   raw ${(total(login, 'raw') / total(floor, 'raw')).toFixed(2)}×  gzip ${(total(login, 'gzip') / total(floor, 'gzip')).toFixed(2)}×  (target gzip ≤ 1.50×)`,
    );
    const encodings = [...new Set(login.map((s) => s.encoding))].join(', ');
    console.log(`wire    login scripts ${kb(total(login, 'wire')).padStart(9)} transferred (${encodings})`);
  } finally {
    await browser.close();
    await Promise.all(
      [hostServer, floorServer].map(
        (s) =>
          new Promise((r) => {
            s.closeAllConnections?.();
            s.close(() => r());
          }),
      ),
    );
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
