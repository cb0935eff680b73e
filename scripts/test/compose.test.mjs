// docker-compose.yml is checked without a Docker engine: every service, build context, Dockerfile,
// build arg, port, dependency, volume and BFF environment variable it names must exist and fit.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REMOTES, repoRoot } from '../lib/releases.mjs';

const compose = parse(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'));
const services = compose.services ?? {};

/** Every environment variable name the BFF reads (process.env.X, env.X, env['X'], positiveInt(env, 'X'…)). */
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
        ]) {
          for (const m of source.matchAll(re)) names.add(m[1]);
        }
      }
    }
  };
  walk(path.join(repoRoot, 'bff/src'));
  return names;
}

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
    const dockerfile = dockerfileOf(services.bff);
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

  it('install the static server with the versions the scripts use', () => {
    const root = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    const image = JSON.parse(fs.readFileSync(path.join(repoRoot, 'docker/static-server/package.json'), 'utf8'));
    const lock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'docker/static-server/package-lock.json'), 'utf8'));
    for (const [name, version] of Object.entries(image.dependencies)) {
      assert.equal(version, root.devDependencies[name], `${name}: image ${version}, scripts ${root.devDependencies[name]}`);
      assert.equal(lock.packages[`node_modules/${name}`]?.version, version, `${name}: package-lock.json is out of date`);
    }
    // Every module scripts/serve.mjs loads is copied into the image.
    const dockerfile = dockerfileOf(services.host);
    const imports = new Set();
    const walk = (file) => {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/^(?:import .* from |.*await import\()'(\.[^']+)'/gm)) {
        // pnpm.mjs installs the workspace on a fresh clone (no node_modules); the image has its own.
        if (m[1].endsWith('/pnpm.mjs')) continue;
        const target = path.resolve(path.dirname(file), m[1]);
        if (!imports.has(target)) {
          imports.add(target);
          walk(target);
        }
      }
    };
    walk(path.join(repoRoot, 'scripts/serve.mjs'));
    for (const file of imports)
      assert.ok(dockerfile.includes(path.basename(file)), `static.Dockerfile does not copy ${path.relative(repoRoot, file)}`);
  });
});

describe('docker-compose.yml', () => {
  it('has PostgreSQL, the BFF, the points API, the host and one static service per remote', () => {
    assert.deepEqual(Object.keys(services).sort(), ['bff', 'host', 'points-api', 'postgres', ...REMOTES.map((r) => `remote-${r}`)].sort());
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

  it('publishes unique host ports: 8080 host, 8081–8085 remotes, 8787 BFF', () => {
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
  });

  it('points the host at each remote service by its published port', () => {
    const env = services.host.environment;
    REMOTES.forEach((r, i) =>
      assert.equal(env[`PHOENIX_REMOTE_BASE_URL_${r.toUpperCase().replace(/-/g, '_')}`], `http://localhost:${8081 + i}`),
    );
    assert.ok(
      fs.existsSync(path.join(repoRoot, 'environments', `${env.PHOENIX_ENV_NAME}.json`)),
      'PHOENIX_ENV_NAME names no environment file',
    );
    const bffPort = services.bff.ports[0].split(':')[0];
    assert.equal(new URL(env.PHOENIX_API_BASE).port, bffPort);
    assert.equal(new URL(env.PHOENIX_POINTS_API_BASE).port, services['points-api'].ports[0].split(':')[0]);
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
      for (const dep of deps) assert.ok(services[dep], `${name} depends on unknown service ${dep}`);
    }
    assert.equal(services.bff.depends_on.postgres.condition, 'service_healthy');
    // The points API uses the tables the BFF migrates (sessions, action_logs).
    assert.equal(services['points-api'].depends_on.bff.condition, 'service_healthy');
  });

  it('gives every service a health check', () => {
    for (const [name, service] of Object.entries(services)) {
      assert.ok(Array.isArray(service.healthcheck?.test) && service.healthcheck.test.length > 1, `${name} has no healthcheck`);
    }
    assert.match(services.postgres.healthcheck.test.join(' '), /pg_isready/);
    assert.match(services.bff.healthcheck.test.join(' '), /\/health/);
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
    for (const service of Object.values(services)) {
      for (const v of service.volumes ?? []) {
        const source = typeof v === 'string' ? v.split(':')[0] : v.source;
        if (source.startsWith('.')) assert.ok(fs.existsSync(path.resolve(repoRoot, source)), `bind mount ${source} does not exist`);
      }
    }
  });

  it('sets only environment variables the BFF reads, and connects it to the postgres service', () => {
    const read = bffEnvNames();
    assert.ok(read.has('DATABASE_URL'), 'the BFF reads no DATABASE_URL?');
    for (const name of envEntries(services.bff))
      assert.ok(read.has(name), `bff: ${name} is not read by bff/src (it reads ${[...read].sort().join(', ')})`);
    const url = new URL(services.bff.environment.DATABASE_URL.replace(/\$\{POSTGRES_PASSWORD:-([^}]*)\}/g, '$1'));
    assert.equal(url.hostname, 'postgres');
    assert.equal(url.port, '5432');
    assert.equal(url.username, services.postgres.environment.POSTGRES_USER);
    assert.equal(url.pathname.slice(1), services.postgres.environment.POSTGRES_DB);
    assert.notEqual(services.bff.environment.PHOENIX_ENV, 'local', 'the compose BFF must not seed default accounts');
    assert.ok(!/\$\{POSTGRES_PASSWORD\}/.test(JSON.stringify(compose)), 'password needs a local default');
  });
});
