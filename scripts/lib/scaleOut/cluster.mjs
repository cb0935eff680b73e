// The scale-out suite's cluster: a fresh PostgreSQL database, two BFFs and two points APIs on it
// (started as `npm start` starts them: scripts/lib/console.mjs), and nginx in front of them.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { startBff, startPointsApi } from '../console.mjs';
import { repoRoot } from '../pnpm.mjs';
import { freePort } from '../ports.mjs';
import { signalGroup } from '../processGroup.mjs';
import { startNginx } from './nginx.mjs';

/** The game server's token of the suite's points APIs (GAME_SERVER_TOKEN): checks.mjs buys tickets with it. */
export const SCALE_OUT_GAME_SERVER_TOKEN = 'scale-out-game-server-token-0123456789';

// The BFF's own driver: the root workspace does not depend on pg.
const pg = createRequire(path.join(repoRoot, 'bff/package.json'))('pg');

export const LOCAL_ADMIN = { email: 'admin@phoenix.local', password: 'phoenix-admin' };
/** The load balancer's address: the only proxy the instances trust (TRUST_PROXY). */
const LB_ADDRESS = '127.0.0.1';

/**
 * A new database on the server of `serverUrl`, and a serving role for it (its role needs CREATEDB
 * and CREATEROLE): the instances migrate as `serverUrl`'s role, the tables' owner
 * (MIGRATION_DATABASE_URL), and serve as the serving role (DATABASE_URL), as deployed (@phoenix/server
 * db/servingRole.ts). drop() drops both.
 */
export async function createDatabase(serverUrl) {
  const tag = `${process.pid}_${Date.now().toString(36)}`;
  const name = `phoenix_scale_${tag}`;
  const servingRole = `phoenix_scale_serving_${tag}`;
  const servingPassword = randomBytes(12).toString('hex');
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  await admin(`create role ${servingRole} login password '${servingPassword}'`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  url.search = '';
  const serving = new URL(url);
  serving.username = servingRole;
  serving.password = servingPassword;
  return {
    name,
    url: url.toString(),
    servingRole,
    servingUrl: serving.toString(),
    drop: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      await admin(`drop role if exists ${servingRole}`);
    },
  };
}

/** The database URL an instance uses: its name in pg_stat_activity tells which instance runs a query. */
const asApplication = (url, name) => {
  const tagged = new URL(url);
  tagged.searchParams.set('application_name', name);
  return tagged.toString();
};

/**
 * Starts everything. The four services are started at the same moment on the empty database
 * (each BFF migrates and seeds; each points API waits for the BFF's tables, then migrates its own
 * schema), with the local seed (an admin to sign in with, players, presents, point accounts).
 * Anything started is stopped by cluster.stop(), also when a later start fails.
 */
export async function startCluster({ database, nginx }) {
  const databaseUrl = database.url;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-scale-out-'));
  const ports = { bff: [await freePort(), await freePort()], points: [await freePort(), await freePort()] };
  const lb = { bff: await freePort(), points: await freePort() };
  // The services inherit this process's environment (console.mjs): nothing there may point them
  // at another database or make them production (unset rather than empty: the services validate values).
  for (const key of ['POINTS_DATABASE_URL', 'PGLITE_WIRE_PORT', 'PGLITE_DATA_DIR', 'NODE_ENV']) delete process.env[key];
  const env = {
    PHOENIX_ENV: 'local',
    SEED_LOCAL_DATA: '1',
    TRUST_PROXY: LB_ADDRESS,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    GAME_SERVER_TOKEN: SCALE_OUT_GAME_SERVER_TOKEN,
  };
  const specs = [
    { name: 'bff-a', service: 'bff', port: ports.bff[0] },
    { name: 'bff-b', service: 'bff', port: ports.bff[1] },
    { name: 'points-a', service: 'points', port: ports.points[0] },
    { name: 'points-b', service: 'points', port: ports.points[1] },
  ];
  const cluster = {
    dir,
    lb,
    /** name → { name, service, port, base, child, log(), startedInMs } */
    instances: {},
    nginx: null,
    /** The checks read as the services do (pg-boss's tables are the serving role's own). */
    db: new pg.Pool({ connectionString: database.servingUrl, max: 4 }),
    servingRole: database.servingRole,
    async stop() {
      const children = [...Object.values(cluster.instances).map((i) => i.child), cluster.nginx].filter(Boolean);
      await Promise.all(children.map((child) => child.stop()));
      await cluster.db.end();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };

  const started = Date.now();
  const startOne = async (spec) => {
    const url = asApplication(database.servingUrl, spec.name);
    const options = { port: spec.port, env: { ...env, DATABASE_URL: url, MIGRATION_DATABASE_URL: databaseUrl }, quiet: true };
    const child = spec.service === 'bff' ? await startBff(options) : await startPointsApi({ ...options, databaseUrl: url });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    cluster.instances[spec.name] = {
      ...spec,
      base: `http://127.0.0.1:${spec.port}`,
      child,
      log: () => output,
      startedInMs: Date.now() - started,
    };
  };
  const results = await Promise.allSettled(specs.map(startOne));
  const failed = results.filter((r) => r.status === 'rejected');
  if (failed.length > 0) {
    await cluster.stop();
    throw new Error(`${failed.length} of 4 instances did not start:\n${failed.map((r) => r.reason.message).join('\n')}`);
  }
  try {
    cluster.nginx = await startNginx({
      nginx,
      dir,
      bffPorts: ports.bff,
      pointsPorts: ports.points,
      bffPort: lb.bff,
      pointsPort: lb.points,
    });
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  cluster.lb.bffBase = `http://127.0.0.1:${lb.bff}`;
  cluster.lb.pointsBase = `http://127.0.0.1:${lb.points}`;
  return cluster;
}

/** SIGKILL to an instance's whole process group (tsx and the node it runs): no shutdown hook runs. */
export async function killInstance(instance) {
  signalGroup(instance.child.pid, 'SIGKILL');
  await instance.child.stop(1000);
}
