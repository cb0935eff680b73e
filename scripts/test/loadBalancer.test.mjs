// docker/nginx/phoenix-lb.conf: the load balancer's configuration the scale-out suite runs and
// docker-compose mounts. Its placeholders are all filled, nginx accepts the result, and it passes
// the client's address on (the sign-in throttle counts per client behind it).
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findNginx, LB_TEMPLATE, mainConfig, renderLbConfig, serverLines, startNginx } from '../lib/scaleOut/nginx.mjs';

const values = {
  PHOENIX_LB_BFF_LISTEN: '127.0.0.1:1',
  PHOENIX_LB_POINTS_LISTEN: '127.0.0.1:2',
  PHOENIX_BFF_SERVERS: serverLines([3, 4]),
  PHOENIX_POINTS_SERVERS: serverLines([5, 6]),
};
const template = fs.readFileSync(LB_TEMPLATE, 'utf8');
const directives = (text) => text.replace(/#.*$/gm, '');

it('every placeholder of the template is filled, and a missing value is refused', () => {
  const placeholders = [...new Set([...directives(template).matchAll(/\$\{([A-Z0-9_]+)\}/g)].map((m) => m[1]))].sort();
  assert.deepEqual(placeholders, Object.keys(values).sort());
  const rendered = renderLbConfig(values);
  assert.doesNotMatch(directives(rendered), /\$\{/);
  assert.match(rendered, /upstream phoenix_bff \{\s*server 127\.0\.0\.1:3 [^;]*;\s*server 127\.0\.0\.1:4 /);
  assert.throws(() => renderLbConfig({ ...values, PHOENIX_BFF_SERVERS: undefined }), /PHOENIX_BFF_SERVERS/);
});

it('passes the client address on and never resends a POST to another instance', () => {
  const text = directives(template);
  assert.match(text, /proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
  assert.match(text, /proxy_set_header X-Real-IP \$remote_addr;/);
  assert.doesNotMatch(text, /non_idempotent/);
});

it('fails over on dead or unready instances (passive checks: open-source nginx has no active ones), with a request id and gzip', () => {
  const text = directives(template);
  assert.match(text, /proxy_next_upstream error timeout http_502 http_503 http_504;/);
  assert.match(text, /proxy_next_upstream_tries [2-9];/);
  assert.match(text, /proxy_set_header X-Request-Id \$phoenix_request_id;/);
  assert.match(text, /map \$http_x_request_id \$phoenix_request_id \{[^}]*default \$http_x_request_id;[^}]*'' \$request_id;/);
  assert.equal([...text.matchAll(/^\s*gzip on;/gm)].length, 2, 'gzip in each server');
  assert.match(text, /gzip_types [^;]*application\/json[^;]*text\/csv/);
  // Each instance is left out a while after failing (the suite's and compose's server lines).
  assert.match(serverLines([1]), /max_fails=\d+ fail_timeout=\d+s/);
});

it('nginx accepts the rendered configuration', { skip: findNginx() ? false : 'nginx is not installed' }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-lb-test-'));
  try {
    fs.writeFileSync(path.join(dir, 'phoenix-lb.conf'), renderLbConfig(values));
    fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir));
    const test = spawnSync(findNginx(), ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
      encoding: 'utf8',
    });
    assert.equal(test.status, 0, test.stderr);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** A free TCP port on loopback. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

it(
  "fails a GET over to the next instance on a 503, passes a request id (the client's or its own) and compresses JSON",
  { skip: findNginx() ? false : 'nginx is not installed' },
  async () => {
    const seen = [];
    // One instance answers 503 (not ready, stopping); the other answers with a body worth compressing.
    const notReady = http.createServer((req, res) => {
      seen.push({ instance: 'not-ready', id: req.headers['x-request-id'] });
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"ok":false}');
    });
    const ready = http.createServer((req, res) => {
      seen.push({ instance: 'ready', id: req.headers['x-request-id'] });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ i })) }));
    });
    const instances = [notReady, ready];
    await Promise.all(instances.map((s) => new Promise((resolve) => s.listen(0, '127.0.0.1', resolve))));
    const ports = instances.map((s) => s.address().port);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-lb-run-'));
    const [bffPort, pointsPort] = [await freePort(), await freePort()];
    const nginx = await startNginx({ nginx: findNginx(), dir, bffPorts: ports, pointsPorts: ports, bffPort, pointsPort });
    const get = (headers) =>
      new Promise((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port: bffPort, path: '/rows', headers }, (res) => {
            res.resume();
            res.on('end', () => resolve(res));
          })
          .on('error', reject);
      });
    try {
      for (let i = 0; i < 4; i++) assert.equal((await get({})).statusCode, 200, 'a GET reached the 503 instance and was not failed over');
      assert.ok(
        seen.some((s) => s.instance === 'not-ready'),
        'the balancer never tried the 503 instance',
      );
      seen.length = 0;
      await get({ 'x-request-id': 'client-chosen-id.1' });
      assert.ok(seen.length > 0 && seen.every((s) => s.id === 'client-chosen-id.1'), JSON.stringify(seen));
      seen.length = 0;
      const compressed = await get({ 'accept-encoding': 'gzip' });
      assert.equal(compressed.headers['content-encoding'], 'gzip');
      assert.match(compressed.headers.vary ?? '', /accept-encoding/i);
      // Without the client's id, nginx's $request_id (32 hex digits), the same on a retry.
      assert.ok(seen.length > 0);
      for (const { id } of seen) assert.match(id, /^[0-9a-f]{32}$/);
      assert.equal(new Set(seen.map((s) => s.id)).size, 1);
    } finally {
      await nginx.stop();
      await Promise.all(instances.map((s) => new Promise((resolve) => s.close(resolve))));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
);
