// Serving releases: cache headers, the one-server layout, per-service layouts, /config.json derived
// from the environment file on every request.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { cacheControlFor } from '../lib/staticServer.mjs';
import { contentSecurityPolicy } from '../lib/securityHeaders.mjs';
import { deriveRuntimeConfig, repoRoot } from '../lib/releases.mjs';
import { serve } from '../serve.mjs';
import { makeSandbox } from './sandbox.mjs';
import { setVersion } from '../env.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A raw request (fetch would add Accept-Encoding, decompress, and refuse some malformed paths). */
function request(url, { method = 'GET', headers = {}, path: rawPath } = {}) {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, method, path: rawPath ?? pathname, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Parses a CSP header into { directive: [sources] }. */
function parseCsp(header) {
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('cacheControlFor', () => {
  it('caches content-hashed chunks forever and revalidates everything else', () => {
    assert.equal(cacheControlFor('/a/__federation_expose_pages.a1b2c3d4.js'), IMMUTABLE);
    assert.equal(cacheControlFor('/a/584.23147726.js'), IMMUTABLE);
    assert.equal(cacheControlFor('/a/main.0123abcd.css'), IMMUTABLE);
    assert.equal(cacheControlFor('/a/66.6868c434.js.LICENSE.txt'), IMMUTABLE);
    for (const file of ['remoteEntry.js', 'mf-manifest.json', 'build-info.json', 'index.html', 'remoteEntry.js.map', 'config.json']) {
      assert.equal(cacheControlFor(`/a/${file}`), 'no-cache', file);
    }
  });
});

describe('contentSecurityPolicy', () => {
  it('allows exactly the origins the runtime configuration names', () => {
    const csp = parseCsp(
      contentSecurityPolicy({
        apiBase: 'https://bff.example/api',
        pointsApiBase: 'https://points.example:8443/points',
        chainRpcUrl: 'wss://rpc.example/v1',
        remotes: {
          battle: { entry: 'https://cdn.example/remotes/battle/1.0.0/mf-manifest.json' },
          points: { entry: '/remotes/points/1.0.0/mf-manifest.json' },
        },
      }),
    );
    assert.deepEqual(csp['script-src'], ["'self'", 'https://cdn.example']);
    assert.deepEqual(csp['connect-src'], [
      "'self'",
      'https://cdn.example',
      'https://bff.example',
      'https://points.example:8443',
      'wss://rpc.example',
    ]);
    assert.deepEqual(csp['default-src'], ["'self'"]);
    assert.deepEqual(csp['object-src'], ["'none'"]);
    assert.deepEqual(csp['base-uri'], ["'none'"]);
    assert.deepEqual(csp['frame-ancestors'], ["'none'"]);
    assert.deepEqual(csp['style-src'], ["'self'", "'unsafe-inline'"]);
  });
  it('ignores what is not an http(s)/ws(s) origin', () => {
    const csp = parseCsp(
      contentSecurityPolicy({ apiBase: 'javascript:alert(1)', remotes: { battle: { entry: 'data:text/javascript,1' } } }),
    );
    assert.deepEqual(csp['script-src'], ["'self'"]);
    assert.deepEqual(csp['connect-src'], ["'self'"]);
  });
});

describe('deriveRuntimeConfig', () => {
  const file = {
    environment: 'stg',
    apiBase: 'https://stg-bff.x.example',
    pointsApiBase: 'https://stg-bff.x.example/points',
    chainRpcUrl: 'https://rpc.example',
    stakingContractAddress: `0x${'0'.repeat(40)}`,
    remotesBaseUrl: 'https://cdn.example/',
    host: { version: '1.0.0' },
    remotes: {
      points: { version: '1.4.0' },
      battle: { version: '1.0.0', baseUrl: 'https://battle.example' },
      system: { version: '1.0.0', entry: 'https://x/remoteEntry.js' },
    },
    history: [],
  };
  it('derives each remote entry from its version and base', () => {
    const config = deriveRuntimeConfig(file, {});
    assert.equal(config.remotes.points.entry, 'https://cdn.example/remotes/points/1.4.0/mf-manifest.json');
    assert.equal(config.remotes.battle.entry, 'https://battle.example/remotes/battle/1.0.0/mf-manifest.json');
    assert.equal(config.remotes.system.entry, 'https://x/remoteEntry.js');
    assert.equal(config.host.version, '1.0.0');
    assert.equal(config.history, undefined);
  });
  it('takes deployment overrides from the process environment', () => {
    const config = deriveRuntimeConfig(file, {
      PHOENIX_API_BASE: 'http://localhost:8787',
      PHOENIX_REMOTE_BASE_URL_POINTS: 'http://localhost:8085',
    });
    assert.equal(config.apiBase, 'http://localhost:8787');
    assert.equal(config.remotes.points.entry, 'http://localhost:8085/remotes/points/1.4.0/mf-manifest.json');
  });
  it('serves every remote from the host origin in the one-server layout', () => {
    const config = deriveRuntimeConfig(file, {}, { sameOrigin: true });
    assert.equal(config.remotes.battle.entry, '/remotes/battle/1.0.0/mf-manifest.json');
    assert.equal(config.remotes.system.entry, '/remotes/system/1.0.0/mf-manifest.json');
  });
});

describe('scripts/serve.mjs', () => {
  let box;
  const servers = [];
  const start = async (options) => {
    const server = await serve({ port: 0, ...options });
    servers.push(server);
    return `http://127.0.0.1:${server.address().port}`;
  };
  before(() => {
    box = makeSandbox();
    box.release('host', '1.0.0');
    box.release('battle', '1.0.0');
    box.release('battle', '1.1.0');
  });
  after(() => {
    for (const s of servers) s.close();
    box.cleanup();
  });

  it('serves the pinned host, every remote release and a derived /config.json from one server', async () => {
    const url = await start({ env: 'stg' });
    const config = await (await fetch(`${url}/config.json`)).json();
    assert.equal(config.environment, 'stg');
    assert.equal(config.remotes.battle.entry, '/remotes/battle/1.0.0/mf-manifest.json');

    const index = await fetch(`${url}/admin/battle`);
    assert.equal(index.status, 200);
    assert.match(await index.text(), /host 1\.0\.0/);
    assert.equal(index.headers.get('cache-control'), 'no-cache');

    const manifest = await fetch(`${url}/remotes/battle/1.1.0/mf-manifest.json`);
    assert.equal(manifest.status, 200);
    assert.equal(manifest.headers.get('cache-control'), 'no-cache');
    assert.equal(manifest.headers.get('access-control-allow-origin'), '*');
    const chunk = await fetch(`${url}/remotes/battle/1.0.0/__federation_expose_pages.a1b2c3d4.js`);
    assert.equal(chunk.headers.get('cache-control'), IMMUTABLE);
    assert.equal((await fetch(`${url}/main.0123abcd.js`)).headers.get('cache-control'), IMMUTABLE);
    assert.equal((await fetch(`${url}/remotes/battle/9.9.9/mf-manifest.json`)).status, 404);
  });

  it('reads the environment file per request: a new pin applies on the next load, without a restart', async () => {
    const url = await start({ env: 'beta-stg' });
    setVersion('beta-stg', 'battle', '1.1.0');
    assert.equal((await (await fetch(`${url}/config.json`)).json()).remotes.battle.entry, '/remotes/battle/1.1.0/mf-manifest.json');
  });

  it('serves one remote alone (a squad service) and the host alone with remote URLs from the environment', async () => {
    const remote = await start({ only: 'battle' });
    assert.equal((await fetch(`${remote}/remotes/battle/1.1.0/remoteEntry.js`)).status, 200);
    assert.equal((await fetch(`${remote}/remotes/points/1.0.0/remoteEntry.js`)).status, 404);
    assert.equal((await fetch(`${remote}/config.json`)).status, 404);
    assert.equal((await fetch(`${remote}/health`)).status, 200);

    process.env.PHOENIX_REMOTE_BASE_URL_BATTLE = 'http://localhost:8084';
    try {
      const host = await start({ env: 'local', only: 'host' });
      const config = await (await fetch(`${host}/config.json`)).json();
      assert.equal(config.remotes.battle.entry, 'http://localhost:8084/remotes/battle/1.0.0/mf-manifest.json');
      assert.equal(config.remotes.points.entry, '/remotes/points/1.0.0/mf-manifest.json');
      assert.equal((await fetch(`${host}/remotes/battle/1.0.0/remoteEntry.js`)).status, 404);
      assert.equal((await fetch(`${host}/health`)).status, 200);
    } finally {
      delete process.env.PHOENIX_REMOTE_BASE_URL_BATTLE;
    }
  });

  it('answers a malformed percent-encoding with 400 and keeps serving', async () => {
    const url = await start({ env: 'stg' });
    for (const bad of ['/%', '/%E0%A4%A', '/a%00b', '/remotes/battle/%zz/remoteEntry.js', '/admin/%']) {
      const res = await request(url, { path: bad });
      assert.equal(res.status, 400, bad);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', bad);
      assert.equal(res.body.toString(), 'Bad request: malformed URL');
    }
    assert.equal((await request(`${url}/admin`)).status, 200);
    assert.equal((await request(`${url}/remotes/battle/1.0.0/remoteEntry.js`)).status, 200);
  });

  it('serves precompressed brotli and gzip by Accept-Encoding, with validators: a reload of a remoteEntry gets a 304', async () => {
    const dir = path.join(box.artifacts, 'remotes/battle/1.0.0');
    const original = fs.readFileSync(path.join(dir, 'remoteEntry.js'));
    fs.writeFileSync(path.join(dir, 'remoteEntry.js.br'), zlib.brotliCompressSync(original));
    fs.writeFileSync(path.join(dir, 'remoteEntry.js.gz'), zlib.gzipSync(original));
    const url = `${await start({ env: 'stg' })}/remotes/battle/1.0.0/remoteEntry.js`;

    const br = await request(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(br.status, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(br.headers['content-type'], /javascript/);
    assert.match(br.headers.vary, /accept-encoding/i);
    assert.deepEqual(zlib.brotliDecompressSync(br.body), original);
    assert.equal(br.headers['cache-control'], 'no-cache');
    assert.ok(br.headers.etag && br.headers['last-modified'], 'validators');

    const gz = await request(url, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.deepEqual(zlib.gunzipSync(gz.body), original);
    const plain = await request(url);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.deepEqual(plain.body, original);

    // The reload: the browser revalidates (no-cache) and gets a body-less 304.
    const again = await request(url, { headers: { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': br.headers.etag } });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    const since = await request(url, { headers: { 'if-modified-since': plain.headers['last-modified'] } });
    assert.equal(since.status, 304);
    // A representation that changed is sent again.
    assert.equal((await request(url, { headers: { 'if-none-match': '"stale"' } })).status, 200);
  });

  it('revalidates /config.json, the manifest and index.html with ETags, and keeps hashed chunks immutable', async () => {
    const url = await start({ env: 'stg' });
    for (const file of [
      '/config.json',
      '/remotes/battle/1.0.0/mf-manifest.json',
      '/remotes/battle/1.0.0/build-info.json',
      '/',
      '/admin/battle',
    ]) {
      const first = await request(`${url}${file}`);
      assert.equal(first.status, 200, file);
      assert.equal(first.headers['cache-control'], 'no-cache', file);
      assert.ok(first.headers.etag, `${file} has an ETag`);
      assert.equal((await request(`${url}${file}`, { headers: { 'if-none-match': first.headers.etag } })).status, 304, file);
    }
    const chunk = await request(`${url}/remotes/battle/1.0.0/__federation_expose_pages.a1b2c3d4.js`);
    assert.equal(chunk.headers['cache-control'], IMMUTABLE);
  });

  it('answers /auth/login with the lean sign-in page (login.html) when the host release has one, else with index.html', async () => {
    const url = await start({ env: 'stg' });
    const loginPage = path.join(box.artifacts, 'host', '1.0.0', 'login.html');
    // A host released before the lean page existed: its console shows the sign-in page itself.
    assert.match((await request(`${url}/auth/login`)).body.toString(), /host 1\.0\.0/);
    fs.writeFileSync(loginPage, '<!doctype html><title>sign in 1.0.0</title>');
    try {
      for (const page of ['/auth/login', '/auth/login?next=1']) {
        const first = await request(`${url}${page}`, { path: page });
        assert.equal(first.status, 200, page);
        assert.match(first.body.toString(), /sign in 1\.0\.0/, page);
        assert.equal(first.headers['cache-control'], 'no-cache', page);
        assert.match(first.headers['content-security-policy'], /script-src 'self'/, page);
        assert.ok(first.headers.etag, `${page} has an ETag`);
        assert.equal((await request(`${url}${page}`, { path: page, headers: { 'if-none-match': first.headers.etag } })).status, 304, page);
      }
      // Every other page of the console is still index.html.
      for (const page of ['/', '/auth', '/admin', '/admin/auth/login', '/auth/login/more']) {
        assert.match((await request(`${url}${page}`)).body.toString(), /host 1\.0\.0/, page);
      }
    } finally {
      fs.rmSync(loginPage);
    }
  });

  it('answers every console path with a trailing slash with the console (and /auth/login/ with the sign-in page)', async () => {
    const url = await start({ env: 'stg' });
    for (const page of ['/admin/', '/admin/user/', '/admin/battle//', '/auth/', '/auth/login/', '/main.0123abcd.js/', '/config.json/']) {
      const res = await request(`${url}${page}`, { path: page });
      assert.equal(res.status, 200, page);
      assert.match(res.headers['content-type'], /^text\/html/, page);
      assert.match(res.body.toString(), /host 1\.0\.0/, page);
      assert.match(res.headers['content-security-policy'], /script-src 'self'/, page);
    }
    const loginPage = path.join(box.artifacts, 'host', '1.0.0', 'login.html');
    fs.writeFileSync(loginPage, '<!doctype html><title>sign in 1.0.0</title>');
    try {
      for (const page of ['/auth/login/', '/auth/login//?next=1'])
        assert.match((await request(`${url}${page}`, { path: page })).body.toString(), /sign in 1\.0\.0/, page);
      assert.match((await request(`${url}/auth/login/more/`)).body.toString(), /host 1\.0\.0/);
    } finally {
      fs.rmSync(loginPage);
    }
    // A remote's folder is not a page: still a 404.
    assert.equal((await request(`${url}/remotes/battle/1.0.0/`)).status, 404);
  });

  it("serves the host release's favicon, which every page links", async () => {
    const hostDir = path.join(box.artifacts, 'host', '1.0.0');
    for (const file of ['favicon.ico', 'favicon.svg']) fs.copyFileSync(path.join(repoRoot, 'host/public', file), path.join(hostDir, file));
    try {
      const url = await start({ env: 'stg' });
      const ico = await request(`${url}/favicon.ico`);
      assert.equal(ico.status, 200);
      assert.match(ico.headers['content-type'], /^image\/(x-icon|vnd\.microsoft\.icon)/);
      assert.deepEqual([...ico.body.subarray(0, 4)], [0, 0, 1, 0], 'an ICO file');
      const svg = await request(`${url}/favicon.svg`);
      assert.equal(svg.status, 200);
      assert.match(svg.headers['content-type'], /^image\/svg\+xml/);
    } finally {
      for (const file of ['favicon.ico', 'favicon.svg']) fs.rmSync(path.join(hostDir, file));
    }
    // The HTML template of the console and of the sign-in page links both.
    const template = fs.readFileSync(path.join(repoRoot, 'host/public/index.html'), 'utf8');
    assert.match(template, /<link rel="icon" href="\/favicon\.ico"/);
    assert.match(template, /<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml"/);
  });

  it('has the host build copy its public files (the favicon) beside index.html', () => {
    const require = createRequire(path.join(repoRoot, 'host/package.json'));
    const [consoleConfig] = require(path.join(repoRoot, 'host/webpack.config.js'))({}, { mode: 'production' });
    const emitted = [];
    const compilation = {
      fileDependencies: new Set(),
      hooks: { processAssets: { tap: (_options, fn) => fn() } },
      emitAsset: (name) => emitted.push(name),
    };
    const compiler = {
      webpack: { sources: { RawSource: class {} }, Compilation: { PROCESS_ASSETS_STAGE_ADDITIONAL: 0 } },
      hooks: { thisCompilation: { tap: (name, fn) => name === 'PhoenixPublicFiles' && fn(compilation) } },
    };
    for (const plugin of consoleConfig.plugins)
      if (typeof plugin.apply === 'function' && !plugin.constructor?.name.endsWith('Plugin')) plugin.apply(compiler);
    assert.deepEqual(emitted.sort(), ['favicon.ico', 'favicon.svg']);
  });

  it('sends security headers, a CSP of the configured origins on pages, and CORS only on remote files', async () => {
    process.env.PHOENIX_REMOTE_BASE_URL_BATTLE = 'http://localhost:8084';
    let url;
    try {
      url = await start({ env: 'stg', only: 'host' });
    } finally {
      delete process.env.PHOENIX_REMOTE_BASE_URL_BATTLE;
    }
    for (const file of ['/', '/admin/battle', '/config.json', '/main.0123abcd.js', '/missing.js']) {
      const res = await request(`${url}${file}`);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', file);
      assert.equal(res.headers['referrer-policy'], 'no-referrer', file);
      assert.equal(res.headers['x-frame-options'], 'DENY', file);
      assert.equal(res.headers['access-control-allow-origin'], undefined, `${file}: no CORS on the host's own files`);
    }
    process.env.PHOENIX_REMOTE_BASE_URL_BATTLE = 'http://localhost:8084';
    const page = await request(`${url}/admin/battle`);
    delete process.env.PHOENIX_REMOTE_BASE_URL_BATTLE;
    const csp = parseCsp(page.headers['content-security-policy']);
    // stg: remotes from its CDN (battle overridden), API and points on the BFF, the chain RPC.
    assert.deepEqual(csp['script-src'], ["'self'", 'https://admin-static.phoenix-game.example', 'http://localhost:8084']);
    assert.deepEqual(csp['connect-src'], [
      "'self'",
      'https://admin-static.phoenix-game.example',
      'http://localhost:8084',
      'https://stg-bff.phoenix-game.example',
      'https://ethereum-sepolia-rpc.publicnode.com',
    ]);
    for (const [name, value] of [
      ['object-src', "'none'"],
      ['base-uri', "'none'"],
      ['frame-ancestors', "'none'"],
    ])
      assert.deepEqual(csp[name], [value]);
    assert.ok(!csp['script-src'].includes("'unsafe-inline'") && !csp['script-src'].includes("'unsafe-eval'"));

    const remote = await start({ only: 'battle' });
    const entry = await request(`${remote}/remotes/battle/1.0.0/remoteEntry.js`);
    assert.equal(entry.headers['access-control-allow-origin'], '*');
    assert.equal(entry.headers['x-content-type-options'], 'nosniff');
  });

  it('never serves source maps nor anything outside a mount, and refuses other methods', async () => {
    fs.writeFileSync(path.join(box.artifacts, 'remotes/battle/1.0.0/remoteEntry.js.map'), '{"version":3}');
    fs.writeFileSync(path.join(box.artifacts, 'host/1.0.0/main.0123abcd.js.map'), '{"version":3}');
    const url = await start({ env: 'stg' });
    assert.equal((await request(`${url}/remotes/battle/1.0.0/remoteEntry.js.map`)).status, 404);
    assert.equal((await request(`${url}/main.0123abcd.js.map`)).status, 404);
    assert.equal((await request(`${url}/main.0123abcd.js`)).status, 200);
    for (const escape of [
      '/remotes/battle/..%2F..%2F..%2Fenvironments/stg.json',
      '/remotes/battle/1.0.0/%2e%2e/%2e%2e/%2e%2e/environments/stg.json',
      '/..%2f..%2fenvironments/stg.json',
    ]) {
      const res = await request(url, { path: escape });
      assert.ok([403, 404].includes(res.status), `${escape}: ${res.status}`);
      assert.doesNotMatch(res.body.toString(), /stakingContractAddress/);
    }
    const post = await request(`${url}/config.json`, { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
    const head = await request(`${url}/remotes/battle/1.0.0/remoteEntry.js`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
  });

  it('reports unhealthy when the pinned host was never released', async () => {
    const url = await start({ env: 'prd' });
    setVersion('prd', 'host', '3.0.0', { force: true });
    const health = await fetch(`${url}/health`);
    assert.equal(health.status, 500);
    assert.match(await health.text(), /host 3\.0\.0 is not released/);
  });
});
