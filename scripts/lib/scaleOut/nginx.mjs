// Debian's nginx as the scale-out suite's load balancer, configured by the repo's own file
// (docker/nginx/phoenix-lb.conf, the one docker-compose uses) with its placeholders filled in.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../pnpm.mjs';
import { spawnGroup } from '../processGroup.mjs';

export const LB_TEMPLATE = path.join(repoRoot, 'docker/nginx/phoenix-lb.conf');

/** The nginx binary (root's PATH has /usr/sbin, another user's may not), or null when it is not installed. */
export function findNginx() {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return null;
}

/**
 * The template with every ${NAME} replaced from `values`; nginx's own $variables stay. A
 * placeholder without a value throws (docker's envsubst would leave it, and nginx would refuse it).
 */
export function renderLbConfig(values, template = fs.readFileSync(LB_TEMPLATE, 'utf8')) {
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (_, name) => {
    if (values[name] === undefined) throw new Error(`phoenix-lb.conf: no value for \${${name}}`);
    return values[name];
  });
}

/** `server host:port;` lines for an upstream block. */
export const serverLines = (ports) => ports.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join('\n  ');

/** The main file around the rendered template: everything in `dir`, an access log naming the upstream of each request. */
export function mainConfig(dir) {
  const at = (name) => path.join(dir, name);
  return `worker_processes 1;
pid ${at('nginx.pid')};
error_log ${at('error.log')} warn;
events { worker_connections 512; }
http {
  log_format upstream '$status|$upstream_addr|$request_method|$request_uri|$http_x_forwarded_for';
  access_log ${at('access.log')} upstream;
  client_body_temp_path ${at('body')};
  proxy_temp_path ${at('proxy')};
  fastcgi_temp_path ${at('fastcgi')};
  uwsgi_temp_path ${at('uwsgi')};
  scgi_temp_path ${at('scgi')};
  include ${at('phoenix-lb.conf')};
}
`;
}

/**
 * Writes the configuration into `dir`, checks it (nginx -t) and starts nginx in the foreground in
 * a process group of its own. Resolves with the child once both listen ports answer.
 */
export async function startNginx({ nginx, dir, bffPorts, pointsPorts, bffPort, pointsPort }) {
  fs.writeFileSync(
    path.join(dir, 'phoenix-lb.conf'),
    renderLbConfig({
      PHOENIX_LB_BFF_LISTEN: `127.0.0.1:${bffPort}`,
      PHOENIX_LB_POINTS_LISTEN: `127.0.0.1:${pointsPort}`,
      PHOENIX_BFF_SERVERS: serverLines(bffPorts),
      PHOENIX_POINTS_SERVERS: serverLines(pointsPorts),
    }),
  );
  const main = path.join(dir, 'nginx.conf');
  fs.writeFileSync(main, mainConfig(dir));
  const args = ['-p', dir, '-c', main, '-e', path.join(dir, 'error.log')];
  const test = spawnSync(nginx, [...args, '-t'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t refused the configuration:\n${test.stderr}`);

  const child = spawnGroup(nginx, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${stderr}`);
    const up = await Promise.all(
      [bffPort, pointsPort].map((port) =>
        fetch(`http://127.0.0.1:${port}/`).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (up.every(Boolean)) return child;
    if (Date.now() > deadline) {
      await child.stop();
      throw new Error(`nginx did not listen on ${bffPort} and ${pointsPort} within 10 s:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The access log's lines: { status, upstream, method, uri, forwardedFor }. */
export function readAccessLog(dir) {
  const file = path.join(dir, 'access.log');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [status, upstream, method, uri, forwardedFor] = line.split('|');
      return { status: Number(status), upstream, method, uri, forwardedFor };
    });
}
