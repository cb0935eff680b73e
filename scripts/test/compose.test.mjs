// docker-compose.yml is checked without a Docker engine: every service, build context, Dockerfile,
// build arg, port, dependency, volume and BFF environment variable it names must exist and fit, and
// it runs what the scale-out suite proves (two BFFs and two points APIs behind the balancer).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { parse } from 'yaml';
import { REMOTES, deriveRuntimeConfig, repoRoot } from '../lib/releases.mjs';

const composeText = fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
// merge: the file shares one BFF and one points API definition between replicas (<<: *bff), as compose does.
const compose = parse(composeText, { merge: true, maxAliasCount: -1 });
const services = compose.services ?? {};
const BFFS = ['bff-1', 'bff-2'];
const POINTS_APIS = ['points-api-1', 'points-api-2'];
const LB_CONF = 'docker/nginx/phoenix-lb.conf';
const PROMETHEUS_CONF = 'docker/prometheus/prometheus.yml';
/** The services only the "chain" profile starts. */
const CHAIN_PROFILE = ['anvil', 'chain-deploy'];

/**
 * Every environment variable name the BFF reads (process.env.X, env.X, env['X'], and the keys of
 * configuration schema in shared/server/src/config.ts: `  NAME: variable(` or `: secretToken`), in bff/src and in the
 * server blocks it is built on (shared/server/src).
 */
function bffEnvNames() {
  const names = new Set();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        const source = fs.readFileSync(file, 'utf8');
        for (const re of [
          /\benv\.([A-Z][A-Z0-9_]*)/g,
          /\benv\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g,
          /\(\s*env\s*,\s*['"]([A-Z][A-Z0-9_]*)['"]/g,
          /^\s+([A-Z][A-Z0-9_]*):\s*(?:variable\(|secretToken\b)/gm,
        ]) {
          for (const m of source.matchAll(re)) names.add(m[1]);
        }
      }
    }
  };
  walk(path.join(repoRoot, 'bff/src'));
  walk(path.join(repoRoot, 'shared/server/src'));
  return names;
}

const servingRoleScript = fs.readFileSync(path.join(repoRoot, 'docker/postgres/initdb/10-serving-role.sh'), 'utf8');

const envEntries = (service) =>
  Array.isArray(service.environment) ? service.environment.map((e) => e.split('=')[0]) : Object.keys(service.environment ?? {});

/** The Dockerfile a service builds from, as text. */
const dockerfileOf = (service) =>
  fs.readFileSync(path.resolve(repoRoot, service.build.context, service.build.dockerfile ?? 'Dockerfile'), 'utf8');

/** The Node major each stage's FROM resolves to (ARG defaults substituted). */
function nodeMajors(dockerfile) {
  const args = Object.fromEntries([...dockerfile.matchAll(/^ARG (\w+)=(\S+)/gm)].map((m) => [m[1], m[2]]));
  return [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)]
    .map((m) => m[1].replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a, b) => args[a ?? b] ?? ''))
    .filter((image) => !/^\w+$/.test(image) || image.includes(':'))
    .map((image) => {
      const match = image.match(/^(?:docker\.io\/)?(?:library\/)?node:(\d+)/);
      assert.ok(match, `FROM ${image}: not an official node image with a major version`);
      return Number(match[1]);
    });
}

/** The user the final stage runs as (its last USER; root when none). */
function finalUser(dockerfile) {
  const finalStage = dockerfile.split(/^FROM\s/m).at(-1);
  return [...finalStage.matchAll(/^USER\s+(\S+)/gm)].at(-1)?.[1] ?? 'root';
}

describe('docker images', () => {
  const built = Object.entries(services).filter(([, service]) => service.build);

  it('run on a supported Node LTS (22 or 24: Node 20 left support in April 2026)', () => {
    for (const [name, service] of built) {
      const majors = nodeMajors(dockerfileOf(service));
      assert.ok(majors.length > 0, `${name}: no FROM node:<major>`);
      for (const major of majors) assert.ok([22, 24].includes(major), `${name}: node ${major} is not a supported LTS`);
    }
  });

  it('run as an unprivileged user', () => {
    for (const [name, service] of built) {
      const user = service.user ?? finalUser(dockerfileOf(service));
      assert.ok(!['root', '0', '0:0'].includes(user), `${name} runs as ${user}`);
    }
  });

  it('run the BFF as compiled JavaScript, without a TypeScript loader', () => {
    const dockerfile = dockerfileOf(services['bff-1']);
    assert.doesNotMatch(dockerfile, /\btsx\b|ts-node|--experimental-strip-types|\.ts["\s]/, 'the BFF image mentions a TypeScript loader');
    const cmd = dockerfile.match(/^CMD\s+(.+)$/m)?.[1] ?? '';
    assert.match(cmd, /"node".*"dist\/main\.js"/, `the BFF image's CMD runs ${cmd}`);
    assert.match(dockerfile, /pnpm --filter @phoenix\/bff build/, 'the image compiles the BFF');
    assert.match(dockerfile, /deploy --prod/, 'the final image keeps production dependencies only');
    const bffPackage = JSON.parse(fs.readFileSync(path.join(repoRoot, 'bff/package.json'), 'utf8'));
    assert.equal(bffPackage.dependencies.tsx, undefined, 'tsx is a production dependency of the BFF (it would be in the image)');
    assert.match(
      bffPackage.scripts.build,
      /^node scripts\/build\.mjs/,
      "the BFF is compiled by bff/scripts/build.mjs (dist keeps src's layout)",
    );
    assert.match(bffPackage.scripts.start, /^node .*dist\/main\.js$/);
  });

  it('install the static server with the versions the scripts use, and every package they import', () => {
    const root = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    const image = JSON.parse(fs.readFileSync(path.join(repoRoot, 'docker/static-server/package.json'), 'utf8'));
    const lock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'docker/static-server/package-lock.json'), 'utf8'));
    for (const [name, version] of Object.entries(image.dependencies)) {
      assert.equal(version, root.devDependencies[name], `${name}: image ${version}, scripts ${root.devDependencies[name]}`);
      assert.equal(lock.packages[`node_modules/${name}`]?.version, version, `${name}: package-lock.json is out of date`);
      assert.equal(lock.packages['']?.dependencies?.[name], version, `${name}: package-lock.json's root does not list it`);
    }
    // Every module scripts/serve.mjs loads is copied into the image, and every package they import
    // is declared (one found only as another package's dependency could change or vanish).
    const dockerfile = dockerfileOf(services.host);
    const imports = new Set();
    const packages = new Set();
    const walk = (file) => {
      const source = fs.readFileSync(file, 'utf8');
      const specifiers = [...source.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?'([^']+)'|await import\('([^']+)'\)/gm)].map(
        (m) => m[1] ?? m[2],
      );
      for (const specifier of specifiers) {
        // pnpm.mjs installs the workspace on a fresh clone (no node_modules); the image has its own.
        if (specifier.endsWith('/pnpm.mjs')) continue;
        if (!specifier.startsWith('.')) {
          if (!specifier.startsWith('node:') && !builtinModules.includes(specifier))
            packages.add(
              specifier
                .split('/')
                .slice(0, specifier.startsWith('@') ? 2 : 1)
                .join('/'),
            );
          continue;
        }
        const target = path.resolve(path.dirname(file), specifier);
        if (!imports.has(target)) {
          imports.add(target);
          walk(target);
        }
      }
    };
    walk(path.join(repoRoot, 'scripts/serve.mjs'));
    for (const file of imports)
      assert.ok(dockerfile.includes(path.basename(file)), `static.Dockerfile does not copy ${path.relative(repoRoot, file)}`);
    assert.ok(packages.has('fastify') && packages.has('semver'), `the import scan found ${[...packages]}`);
    for (const name of packages)
      assert.ok(image.dependencies[name], `the static image's scripts import ${name}: declare it in docker/static-server/package.json`);
  });
});

/** A service's fixed address on the project's network. */
const addressOf = (name) => services[name]?.networks?.default?.ipv4_address;
const subnet = () => compose.networks?.default?.ipam?.config?.[0]?.subnet;
/** `server a:p; server b:p;` → ['a:p', 'b:p'] */
const serversIn = (lines) => [...String(lines).matchAll(/server\s+([^\s;]+)[^;]*;/g)].map((m) => m[1]);
const within = (ranges, address) => {
  const list = new net.BlockList();
  for (const range of ranges) {
    const [ip, bits] = range.split('/');
    const type = net.isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(ip, type);
    else list.addSubnet(ip, Number(bits), type);
  }
  return list.check(address, net.isIP(address) === 6 ? 'ipv6' : 'ipv4');
};

describe('docker-compose.yml', () => {
  it('has PostgreSQL, two BFFs, two points APIs, the load balancer, Prometheus, the chain, the host and one static service per remote', () => {
    assert.deepEqual(
      Object.keys(services).sort(),
      ['postgres', ...BFFS, ...POINTS_APIS, 'lb', 'prometheus', ...CHAIN_PROFILE, 'host', ...REMOTES.map((r) => `remote-${r}`)].sort(),
    );
  });

  it('builds every built service from an existing context and Dockerfile, with a known artifact', () => {
    for (const [name, service] of Object.entries(services)) {
      if (!service.build) {
        assert.ok(service.image, `${name} has neither build nor image`);
        continue;
      }
      const context = path.resolve(repoRoot, service.build.context);
      assert.ok(fs.statSync(context).isDirectory(), `${name}: context ${service.build.context} is not a folder`);
      const dockerfile = path.resolve(context, service.build.dockerfile ?? 'Dockerfile');
      assert.ok(fs.existsSync(dockerfile), `${name}: ${dockerfile} is missing`);
      const text = fs.readFileSync(dockerfile, 'utf8');
      for (const arg of Object.keys(service.build.args ?? {}))
        assert.match(text, new RegExp(`^ARG ${arg}\\b`, 'm'), `${name}: ${dockerfile} has no ARG ${arg}`);
      // Every COPY source in the Dockerfile exists in the context (artifacts/ is produced by releases).
      for (const m of text.matchAll(/^COPY\s+(?!--from)(.+)$/gm)) {
        const parts = m[1]
          .trim()
          .split(/\s+/)
          .filter((p) => !p.startsWith('--'));
        for (const src of parts.slice(0, -1)) {
          if (src.startsWith('artifacts')) continue;
          assert.ok(fs.existsSync(path.resolve(context, src)), `${name}: ${path.basename(dockerfile)} copies ${src}, which does not exist`);
        }
      }
      if (service.build.args?.ARTIFACT) assert.ok(['host', ...REMOTES].includes(service.build.args.ARTIFACT), `${name}: unknown ARTIFACT`);
    }
    assert.equal(services.host.build.args.ARTIFACT, 'host');
    for (const remote of REMOTES) assert.equal(services[`remote-${remote}`].build.args.ARTIFACT, remote);
  });

  it('publishes unique host ports: 8080 host, 8081–8085 remotes, 8787/8788 the balancer, 9090 Prometheus, 8545 anvil', () => {
    const published = [];
    for (const [name, service] of Object.entries(services)) {
      for (const port of service.ports ?? []) {
        const spec = typeof port === 'object' ? `${port.published}:${port.target}` : String(port);
        const [hostPort, containerPort] = spec.split(':').slice(-2);
        assert.ok(Number(hostPort) > 0 && Number(containerPort) > 0, `${name}: bad port ${spec}`);
        published.push(Number(hostPort));
      }
    }
    assert.equal(new Set(published).size, published.length, `duplicate published ports: ${published}`);
    assert.deepEqual(services.host.ports, ['8080:8080']);
    REMOTES.forEach((r, i) => assert.deepEqual(services[`remote-${r}`].ports, [`${8081 + i}:8080`]));
    assert.deepEqual(services.lb.ports, ['8787:8787', '8788:8788']);
    assert.deepEqual(services.prometheus.ports, ['9090:9090']);
    // The instances are reached through the balancer only.
    for (const name of [...BFFS, ...POINTS_APIS]) assert.equal(services[name].ports, undefined, `${name} publishes a port`);
  });

  it('points the host at each remote service by its published port, and at the balancer', () => {
    const env = services.host.environment;
    REMOTES.forEach((r, i) =>
      assert.equal(env[`PHOENIX_REMOTE_BASE_URL_${r.toUpperCase().replace(/-/g, '_')}`], `http://localhost:${8081 + i}`),
    );
    assert.ok(
      fs.existsSync(path.join(repoRoot, 'environments', `${env.PHOENIX_ENV_NAME}.json`)),
      'PHOENIX_ENV_NAME names no environment file',
    );
    assert.equal(new URL(env.PHOENIX_API_BASE).port, services.lb.ports[0].split(':')[0]);
    assert.equal(new URL(env.PHOENIX_POINTS_API_BASE).port, services.lb.ports[1].split(':')[0]);
    const serve =
      fs.readFileSync(path.join(repoRoot, 'scripts/serve.mjs'), 'utf8') +
      fs.readFileSync(path.join(repoRoot, 'scripts/lib/releases.mjs'), 'utf8');
    for (const name of envEntries(services.host)) {
      if (name.startsWith('PHOENIX_REMOTE_BASE_URL_')) continue;
      assert.ok(serve.includes(name), `host: ${name} is read by nothing in scripts/serve.mjs`);
    }
  });

  it('names only existing services in depends_on, and waits for health', () => {
    for (const [name, service] of Object.entries(services)) {
      const deps = Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});
      for (const dep of deps) {
        assert.ok(services[dep], `${name} depends on unknown service ${dep}`);
        // A profile service (anvil) is not started by default: only a service of the same profile may wait for it.
        if (services[dep].profiles)
          assert.deepEqual(service.profiles, services[dep].profiles, `${name} depends on ${dep}, which runs only in a profile`);
      }
    }
    for (const bff of BFFS) assert.equal(services[bff].depends_on.postgres.condition, 'service_healthy');
    // The points API uses the tables the BFF migrates (sessions, action_logs).
    for (const points of POINTS_APIS) for (const bff of BFFS) assert.equal(services[points].depends_on[bff].condition, 'service_healthy');
    for (const instance of [...BFFS, ...POINTS_APIS]) assert.equal(services.lb.depends_on[instance].condition, 'service_healthy');
  });

  it('gives every long-running service a health check: the instances are healthy when ready (/ready), not merely alive', () => {
    for (const [name, service] of Object.entries(services)) {
      // chain-deploy runs once and exits.
      if (name === 'chain-deploy') continue;
      assert.ok(Array.isArray(service.healthcheck?.test) && service.healthcheck.test.length > 1, `${name} has no healthcheck`);
    }
    assert.match(services.postgres.healthcheck.test.join(' '), /pg_isready/);
    // /ready: the database answers, the migrations are applied, the jobs run (the points APIs wait for that of the BFFs).
    for (const name of BFFS) assert.match(services[name].healthcheck.test.join(' '), /http:\/\/127\.0\.0\.1:8787\/ready'/);
    for (const name of POINTS_APIS) assert.match(services[name].healthcheck.test.join(' '), /http:\/\/127\.0\.0\.1:8788\/ready'/);
    assert.match(services.lb.healthcheck.test.join(' '), /\/health/);
    assert.match(services.prometheus.healthcheck.test.join(' '), /127\.0\.0\.1:9090\/-\/ready/);
  });

  it('keeps the database in a declared named volume', () => {
    const named = (service) =>
      (service.volumes ?? [])
        .map((v) => (typeof v === 'string' ? v.split(':')[0] : v.source))
        .filter((s) => !s.startsWith('.') && !s.startsWith('/'));
    for (const [name, service] of Object.entries(services)) {
      for (const volume of named(service)) assert.ok(volume in (compose.volumes ?? {}), `${name} uses undeclared volume ${volume}`);
    }
    assert.deepEqual(named(services.postgres), ['phoenix-pgdata']);
    assert.deepEqual(named(services.prometheus), ['phoenix-prometheus']);
    for (const service of Object.values(services)) {
      for (const v of service.volumes ?? []) {
        const source = typeof v === 'string' ? v.split(':')[0] : v.source;
        if (source.startsWith('.')) assert.ok(fs.existsSync(path.resolve(repoRoot, source)), `bind mount ${source} does not exist`);
      }
    }
  });

  it('sets only environment variables the services read, and connects them to the postgres service', () => {
    const read = bffEnvNames();
    for (const name of ['DATABASE_URL', 'TRUST_PROXY', 'LOG_LEVEL', 'CORS_ORIGINS']) assert.ok(read.has(name), `the BFF reads no ${name}?`);
    for (const service of [...BFFS, ...POINTS_APIS]) {
      // The points API reads the BFF's configuration schema (points-api/src/config.ts).
      for (const name of envEntries(services[service]))
        assert.ok(read.has(name), `${service}: ${name} is not read by bff/src (it reads ${[...read].sort().join(', ')})`);
      // Two roles (docs/database-roles.md): migrations as the tables' owner, serving as the role the
      // initdb script creates, which may only read and insert the action log.
      const urlOf = (name) => new URL(services[service].environment[name].replace(/\$\{POSTGRES_[A-Z_]*PASSWORD:\?[^}]*\}/g, 'secret'));
      for (const name of ['DATABASE_URL', 'MIGRATION_DATABASE_URL']) {
        const url = urlOf(name);
        assert.equal(url.hostname, 'postgres');
        assert.equal(url.port, '5432');
        assert.equal(url.pathname.slice(1), services.postgres.environment.POSTGRES_DB);
      }
      assert.equal(urlOf('MIGRATION_DATABASE_URL').username, services.postgres.environment.POSTGRES_USER);
      const serving = urlOf('DATABASE_URL').username;
      assert.notEqual(serving, services.postgres.environment.POSTGRES_USER, `${service} must not serve as the tables' owner`);
      assert.match(servingRoleScript, new RegExp(`create role ${serving} login`), `docker/postgres/initdb creates no role ${serving}`);
      assert.notEqual(services[service].environment.PHOENIX_ENV, 'local', `${service} must not seed default accounts`);
      assert.notEqual(services[service].environment.PHOENIX_ENV, undefined, `${service}: PHOENIX_ENV unset is a local environment`);
    }
  });

  it('has no default password nor metrics token: compose stops unless POSTGRES_PASSWORD, POSTGRES_SERVING_PASSWORD and METRICS_TOKEN are set', () => {
    for (const variable of ['POSTGRES_PASSWORD', 'POSTGRES_SERVING_PASSWORD', 'METRICS_TOKEN']) {
      const uses = [...composeText.matchAll(new RegExp(`\\$\\{${variable}([^}]*)\\}`, 'g'))].map((m) => m[1]);
      assert.ok(uses.length >= 3, `postgres and the services use ${variable}`);
      for (const use of uses) assert.match(use, /^:\?\S/, `\${${variable}${use}}: use \${${variable}:?message} (required, no default)`);
    }
    assert.match(services.postgres.environment.POSTGRES_PASSWORD, /^\$\{POSTGRES_PASSWORD:\?/);
    assert.match(services.postgres.environment.PHOENIX_SERVING_PASSWORD, /^\$\{POSTGRES_SERVING_PASSWORD:\?/);
  });
});

describe('docker-compose.yml: several instances behind the load balancer (what the scale-out suite proves)', () => {
  it('runs two BFFs and two points APIs, each pair the same service at its own fixed address', () => {
    for (const group of [BFFS, POINTS_APIS]) {
      const [first, second] = group.map((name) => services[name]);
      const { networks: _a, ...a } = first;
      const { networks: _b, ...b } = second;
      assert.deepEqual(a, b, `${group.join(' and ')} differ`);
    }
    assert.match(services['bff-1'].build.dockerfile, /bff\.Dockerfile$/);
    assert.match(services['points-api-1'].build.dockerfile, /points-api\.Dockerfile$/);
    const addresses = [...BFFS, ...POINTS_APIS, 'lb'].map(addressOf);
    assert.ok(subnet(), 'the default network has no fixed subnet');
    for (const [i, address] of addresses.entries()) {
      assert.ok(net.isIP(address), `${[...BFFS, ...POINTS_APIS, 'lb'][i]} has no fixed address`);
      assert.ok(within([subnet()], address), `${address} is outside the network's subnet ${subnet()}`);
    }
    assert.equal(new Set(addresses).size, addresses.length, `addresses repeat: ${addresses}`);
  });

  it('balances with the repository configuration (nginx), passing X-Forwarded-For', () => {
    const lb = services.lb;
    assert.match(lb.image, /^nginx:\d/);
    const mount = lb.volumes.find((v) => v.split(':')[0] === `./${LB_CONF}`);
    assert.ok(mount, `lb does not mount ./${LB_CONF}`);
    // The official image runs envsubst on /etc/nginx/templates/*.template into conf.d (http context).
    assert.match(mount.split(':')[1], /^\/etc\/nginx\/templates\/[\w.-]+\.conf\.template$/);
    const conf = fs.readFileSync(path.join(repoRoot, LB_CONF), 'utf8');
    assert.match(conf, /proxy_set_header\s+X-Forwarded-For\s+\$proxy_add_x_forwarded_for/);
    // Every placeholder of the file is set, and nothing else.
    const placeholders = new Set([...conf.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]));
    assert.deepEqual([...placeholders].sort(), Object.keys(lb.environment).sort());
    const listens = Object.entries(lb.environment)
      .filter(([name]) => /LISTEN/.test(name))
      .map(([, value]) => String(value));
    assert.deepEqual(listens.sort(), lb.ports.map((p) => p.split(':')[1]).sort());
    // The upstreams are the instances, at their addresses and ports.
    const upstreams = Object.entries(lb.environment).filter(([name]) => /SERVERS/.test(name));
    const expected = (group, port) => group.map((name) => `${addressOf(name)}:${port}`);
    const found = upstreams.map(([, value]) => serversIn(value).sort());
    assert.deepEqual(found.sort(), [expected(BFFS, 8787), expected(POINTS_APIS, 8788)].map((l) => l.sort()).sort());
    for (const name of BFFS) assert.equal(services[name].environment.PORT, '8787');
    for (const name of POINTS_APIS) assert.equal(services[name].environment.PORT, '8788');
  });

  it('sets TRUST_PROXY on every instance to the balancer (its address or a range holding it), never "true"', () => {
    for (const name of [...BFFS, ...POINTS_APIS]) {
      const raw = String(services[name].environment.TRUST_PROXY ?? '');
      assert.ok(raw && raw !== 'true', `${name}: TRUST_PROXY=${raw || '(unset)'}`);
      const ranges = raw.split(',').map((r) => r.trim());
      assert.ok(within(ranges, addressOf('lb')), `${name}: TRUST_PROXY=${raw} does not hold the balancer's ${addressOf('lb')}`);
      for (const other of [...BFFS, ...POINTS_APIS])
        assert.ok(!within(ranges, addressOf(other)), `${name}: TRUST_PROXY=${raw} also trusts ${other}`);
    }
  });

  it('stops each instance more slowly than its jobs stop (SIGTERM, then the job runner waits)', () => {
    const runner = fs.readFileSync(path.join(repoRoot, 'shared/server/src/jobs/runner.ts'), 'utf8');
    const waitMs = Number(runner.match(/graceful:\s*true,\s*timeout:\s*([\d_]+)/)?.[1].replace(/_/g, ''));
    assert.ok(waitMs > 0, 'no graceful stop timeout found in shared/server/src/jobs/runner.ts');
    const seconds = (text) => {
      const m = String(text).match(/^(?:(\d+)m)?(?:(\d+)s)?$/);
      assert.ok(m && (m[1] || m[2]), `stop_grace_period ${text}: expected e.g. 45s or 1m30s`);
      return Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0);
    };
    for (const name of [...BFFS, ...POINTS_APIS]) {
      const grace = seconds(services[name].stop_grace_period ?? '10s');
      assert.ok(grace * 1000 >= waitMs + 10_000, `${name}: stop_grace_period ${grace}s, but jobs may take ${waitMs / 1000}s to stop`);
    }
  });

  it('runs anvil on Sepolia\'s chain id only in the optional "chain" profile', () => {
    const anvil = services.anvil;
    assert.deepEqual(anvil.profiles, ['chain']);
    assert.match(anvil.image, /^ghcr\.io\/foundry-rs\/foundry:v?\d/);
    const args = [...[anvil.entrypoint ?? []].flat(), ...[anvil.command ?? []].flat()].join(' ');
    assert.match(args, /\banvil\b/);
    assert.match(args, /--chain-id 11155111\b/);
    assert.match(args, /--host 0\.0\.0\.0\b/);
    // Its default accounts are the seeded owner's (contracts/scripts/local.mjs DEV_MNEMONIC): no other mnemonic.
    assert.doesNotMatch(args, /--mnemonic|--accounts/);
    for (const [name, service] of Object.entries(services))
      if (!CHAIN_PROFILE.includes(name)) assert.equal(service.profiles, undefined, `${name} is in a profile`);
  });

  it('deploys the staking contract once anvil answers, and points the console and the BFFs at it only with the profile', () => {
    const deploy = services['chain-deploy'];
    assert.deepEqual(deploy.profiles, ['chain']);
    assert.equal(deploy.depends_on.anvil.condition, 'service_healthy');
    assert.equal(deploy.restart, 'no');
    const dockerfile = dockerfileOf(deploy);
    const cmd = JSON.parse(dockerfile.match(/^CMD\s+(\[.*\])\s*$/m)[1]);
    assert.deepEqual(cmd.slice(0, 2), ['node', 'scripts/deploy.mjs']);
    assert.ok(fs.existsSync(path.join(repoRoot, 'contracts/scripts/deploy.mjs')));
    assert.equal(new URL(cmd[cmd.indexOf('--rpc-url') + 1]).hostname, 'anvil');
    // COMPOSE_PROFILES=chain switches both on: blank otherwise (the file's chain, staking changes refused).
    const chainValue = (text) => String(text).match(/^\$\{COMPOSE_PROFILES:\+([^}]+)\}$/)?.[1];
    const host = services.host.environment;
    const rpc = chainValue(host.PHOENIX_CHAIN_RPC_URL);
    assert.equal(new URL(rpc).port, services.anvil.ports[0].split(':')[0], 'the console reaches anvil at its published port');
    const address = chainValue(host.PHOENIX_STAKING_CONTRACT_ADDRESS);
    assert.match(address, /^0x[0-9a-fA-F]{40}$/); // contracts/test/deploy.test.mjs: where the deployment lands
    for (const name of BFFS) {
      const env = services[name].environment;
      assert.equal(chainValue(env.STAKING_CONTRACT_ADDRESS), address);
      assert.equal(new URL(chainValue(env.STAKING_RPC_URL)).hostname, 'anvil');
    }
    // The host's server takes them over the environment file's; blank keeps the file's.
    const file = JSON.parse(fs.readFileSync(path.join(repoRoot, 'environments', `${host.PHOENIX_ENV_NAME}.json`), 'utf8'));
    const pointed = deriveRuntimeConfig(file, { PHOENIX_CHAIN_RPC_URL: rpc, PHOENIX_STAKING_CONTRACT_ADDRESS: address });
    assert.deepEqual([pointed.chainRpcUrl, pointed.stakingContractAddress], [rpc, address]);
    const blank = deriveRuntimeConfig(file, { PHOENIX_CHAIN_RPC_URL: '', PHOENIX_STAKING_CONTRACT_ADDRESS: '' });
    assert.deepEqual([blank.chainRpcUrl, blank.stakingContractAddress], [file.chainRpcUrl, file.stakingContractAddress]);
  });
});

describe('docker-compose.yml: Prometheus', () => {
  const prometheus = services.prometheus;
  const conf = parse(fs.readFileSync(path.join(repoRoot, PROMETHEUS_CONF), 'utf8'));

  it('runs the official image with the repository configuration', () => {
    assert.match(prometheus.image, /^prom\/prometheus:v3\.\d+\.\d+$/);
    const mount = prometheus.volumes.find((v) => v.split(':')[0] === `./${PROMETHEUS_CONF}`);
    assert.ok(mount, `prometheus does not mount ./${PROMETHEUS_CONF}`);
    assert.ok(prometheus.command.includes(`--config.file=${mount.split(':')[1]}`));
  });

  it('scrapes /metrics of every BFF and points API instance, each directly', () => {
    const targets = conf.scrape_configs.flatMap((job) => {
      assert.equal(job.metrics_path ?? '/metrics', '/metrics');
      return job.static_configs.flatMap((c) => c.targets);
    });
    const expected = [
      ...BFFS.map((n) => `${n}:${services[n].environment.PORT}`),
      ...POINTS_APIS.map((n) => `${n}:${services[n].environment.PORT}`),
    ];
    assert.deepEqual(targets.sort(), expected.sort());
    assert.deepEqual(conf.scrape_configs.map((job) => job.job_name).sort(), ['bff', 'points-api']);
  });

  it("sends the instances' METRICS_TOKEN as its bearer, from the same required variable", () => {
    const token = compose.configs?.['metrics-token']?.content;
    assert.match(String(token), /^\$\{METRICS_TOKEN:\?\S/);
    const mounted = prometheus.configs.find((c) => c.source === 'metrics-token');
    assert.ok(mounted, 'prometheus does not mount the metrics-token config');
    for (const job of conf.scrape_configs) {
      assert.equal(job.authorization?.type ?? 'Bearer', 'Bearer');
      assert.equal(job.authorization?.credentials_file, mounted.target, `${job.job_name}: another bearer than the mounted token`);
    }
    for (const name of [...BFFS, ...POINTS_APIS])
      assert.equal(services[name].environment.METRICS_TOKEN, token, `${name}: another METRICS_TOKEN`);
  });
});

describe('docker-compose.yml: the balancer fails over', () => {
  it('leaves a failing instance out a while and retries an idempotent request on the next (scripts/test/loadBalancer.test.mjs runs it)', () => {
    for (const [name, value] of Object.entries(services.lb.environment).filter(([n]) => /SERVERS/.test(n))) {
      const lines = [...String(value).matchAll(/server\s+[^;]+;/g)].map((m) => m[0]);
      assert.ok(lines.length >= 2, name);
      for (const line of lines) assert.match(line, /max_fails=\d+ fail_timeout=\d+s;$/, `${name}: ${line}`);
    }
    const conf = fs.readFileSync(path.join(repoRoot, LB_CONF), 'utf8').replace(/#.*$/gm, '');
    assert.match(conf, /proxy_next_upstream error timeout http_502 http_503 http_504;/);
    assert.match(conf, /proxy_next_upstream_tries \d+;/);
    assert.match(conf, /proxy_set_header X-Request-Id \$phoenix_request_id;/);
    assert.match(conf, /gzip on;/);
  });
});
