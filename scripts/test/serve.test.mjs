// Serving releases: cache headers, the one-server layout, per-service layouts, /config.json derived
// from the environment file on every request.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cacheControlFor } from '../lib/staticServer.mjs';
import { deriveRuntimeConfig } from '../lib/releases.mjs';
import { serve } from '../serve.mjs';
import { makeSandbox } from './sandbox.mjs';
import { setVersion } from '../env.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';

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

describe('deriveRuntimeConfig', () => {
  const file = {
    environment: 'stg', apiBase: 'https://stg-bff.x.example', pointsApiBase: 'https://stg-bff.x.example/points',
    chainRpcUrl: 'https://rpc.example', stakingContractAddress: `0x${'0'.repeat(40)}`, remotesBaseUrl: 'https://cdn.example/',
    host: { version: '1.0.0' },
    remotes: { points: { version: '1.4.0' }, battle: { version: '1.0.0', baseUrl: 'https://battle.example' }, system: { version: '1.0.0', entry: 'https://x/remoteEntry.js' } },
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
    const config = deriveRuntimeConfig(file, { PHOENIX_API_BASE: 'http://localhost:8787', PHOENIX_REMOTE_BASE_URL_POINTS: 'http://localhost:8085' });
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

  it('reports unhealthy when the pinned host was never released', async () => {
    const url = await start({ env: 'prd' });
    setVersion('prd', 'host', '3.0.0', { force: true });
    const health = await fetch(`${url}/health`);
    assert.equal(health.status, 500);
    assert.match(await health.text(), /host 3\.0\.0 is not released/);
  });
});
