// docker/nginx/phoenix-lb.conf: the load balancer's configuration the scale-out suite runs and
// docker-compose mounts. Its placeholders are all filled, nginx accepts the result, and it passes
// the client's address on (the sign-in throttle counts per client behind it).
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findNginx, LB_TEMPLATE, mainConfig, renderLbConfig, serverLines } from '../lib/scaleOut/nginx.mjs';

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
