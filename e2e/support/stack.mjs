// The deployed shape, on this machine: the BFF on its own port, the host on another, and each
// remote on a port of its own, all from production builds. Every port is picked free by the system
// (listen on port 0), so suites run side by side; the BFF is stopped with the test process however
// that ends (scripts/lib/processGroup.mjs).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { REMOTES, newWirePassword, readEnvironment, startBff, startPointsApi, wireDatabaseUrl } from '../../scripts/lib/console.mjs';
import { repoRoot } from '../../scripts/lib/pnpm.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';
import { startStaticServer } from '../../scripts/lib/staticServer.mjs';

function closeServer(server) {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}

/** The game server's token of the e2e stacks (GAME_SERVER_TOKEN). */
const E2E_GAME_SERVER_TOKEN = 'e2e-game-server-token-0123456789abcdef';
let purchases = 0;

/**
 * A PostgreSQL server to run the stacks on (PHOENIX_TEST_PG_URL: .ci/run starts one), else each
 * stack's BFF runs its embedded PGlite and serves it to the points API on a wire port. On
 * PostgreSQL a stack costs a third of the CPU (no database in WASM: 2–3 s to start one from its
 * data folder, and every query of the run), and runs the deployed shape; PGlite keeps its own
 * coverage in the unit step and `npm start`'s fresh-clone check.
 */
const POSTGRES = process.env.PHOENIX_TEST_PG_URL || undefined;
const pg = createRequire(path.join(repoRoot, 'points-api/package.json'))('pg');

async function onServer(work) {
  const client = new pg.Client({ connectionString: POSTGRES });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A database of its own on the server, named like the test databases .ci/run drops when a killed run left them. */
async function createDatabase(template) {
  const name = `${new URL(POSTGRES).pathname.slice(1)}_e2e_${randomBytes(5).toString('hex')}`;
  await onServer((client) => client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`));
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer((client) => client.query(`drop database if exists "${name}" with (force)`)) };
}

/** The BFF and its PGlite wire on free ports; another process may take a probed port first, so try again then. */
async function startBffOnFreePort(env) {
  const wirePassword = newWirePassword();
  for (let attempt = 1; ; attempt++) {
    const [port, wirePort] = [await freePort(), await freePort()];
    try {
      const wire = { PGLITE_WIRE_PORT: String(wirePort), PGLITE_WIRE_PASSWORD: wirePassword };
      return { port, wirePort, wirePassword, bff: await startBff({ port, quiet: true, env: { ...env, ...wire } }) };
    } catch (error) {
      if (attempt >= 3 || !/EADDRINUSE|already in use/.test(error.message)) throw error;
    }
  }
}

/**
 * The database every stack of a run starts from, as the services leave it after their first start
 * (migrated, seeded), made once by e2e/run.mjs: each stack starts from a copy instead of running
 * initdb, every migration and the seeds again (about 9 s of CPU a stack; the seeds' dates are days
 * from now, so the minutes a run takes change nothing). On PostgreSQL a template database
 * (E2E_DATABASE_TEMPLATE, copied by CREATE DATABASE … TEMPLATE), else a PGlite data folder
 * (E2E_DATA_TEMPLATE, copied). `env` goes to each test process; `remove()` after the run. A file run
 * alone (`node --test e2e/tests/<name>.e2e.mjs`) starts from an empty database instead.
 */
export async function makeDataTemplate() {
  if (POSTGRES) {
    const database = await createDatabase();
    await startServicesOnce({ DATABASE_URL: database.url }, database.url);
    return { env: { E2E_DATABASE_TEMPLATE: database.name }, remove: database.drop };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-e2e-template-'));
  await startServicesOnce({ PGLITE_DATA_DIR: dataDir });
  return { env: { E2E_DATA_TEMPLATE: dataDir }, remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/** Starts the BFF (migrations, seeds) and then the points API (its schema) on a database, and stops them. */
async function startServicesOnce(bffEnv, databaseUrl) {
  const { bff, wirePort, wirePassword } = await startBffOnFreePort({ ...bffEnv, SEED_LOCAL_DATA: '1' });
  try {
    const pointsApi = await startPointsApi({
      port: await freePort(),
      databaseUrl: databaseUrl ?? wireDatabaseUrl(wirePort, wirePassword),
      quiet: true,
      env: { GAME_SERVER_TOKEN: E2E_GAME_SERVER_TOKEN },
    });
    await pointsApi.stop();
  } finally {
    await bff.stop();
  }
}

/**
 * A stack's own database: a copy of the run's template, on PostgreSQL or as a PGlite data folder.
 * `bffEnv` points a BFF at it; `url` is set on PostgreSQL (else the points API reaches the BFF's wire).
 */
export async function stackDatabase() {
  if (POSTGRES) {
    const database = await createDatabase(process.env.E2E_DATABASE_TEMPLATE);
    return { bffEnv: { DATABASE_URL: database.url }, url: database.url, remove: database.drop };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-e2e-db-'));
  if (process.env.E2E_DATA_TEMPLATE) fs.cpSync(process.env.E2E_DATA_TEMPLATE, dataDir, { recursive: true });
  return { bffEnv: { PGLITE_DATA_DIR: dataDir }, remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * Starts the BFF, the host and every remote; the old fixed-port argument is ignored. hostDir: another
 * build of the host to serve (an older release: e2e/tests/shellContract.e2e.mjs). bffEnv: more
 * variables for the BFF (e.g. CHANGE_CONTROL=approve: e2e/tests/changeRequests.e2e.mjs). hostName:
 * the name the console is opened by; 'localhost' for passkeys (WebAuthn refuses an IP address as
 * its RP ID), whose settings the BFF then derives from CORS_ORIGINS (e2e/tests/passkeys.e2e.mjs).
 */
export async function startStack(_port, { hostDir = path.join(repoRoot, 'host/dist'), bffEnv = {}, hostName = '127.0.0.1' } = {}) {
  const database = await stackDatabase();
  const config = readEnvironment('local');
  // No test may reach a public chain: a page reading the chain here gets a closed loopback port
  // (its error state) unless the test starts anvil and points the config at it (stakingChanges.e2e.mjs).
  config.chainRpcUrl = 'http://127.0.0.1:9';

  const remoteServers = {};
  const remotePorts = {};
  /**
   * Starts a remote's server: on a free port the first time, on the same port again after stopRemote.
   * dir: serve another copy of its files there (a tampered one: e2e/tests/remoteIntegrity.e2e.mjs).
   */
  const startRemote = async (name, { dir = path.join(repoRoot, 'remotes', name, 'dist') } = {}) => {
    remoteServers[name] = await startStaticServer({
      port: remotePorts[name] ?? 0,
      mounts: [{ prefix: '/', dir, cors: true }],
    });
    remotePorts[name] = remoteServers[name].address().port;
  };
  for (const name of REMOTES) await startRemote(name);
  for (const name of REMOTES) {
    config.remotes[name] = { ...config.remotes[name], entry: `http://127.0.0.1:${remotePorts[name]}/mf-manifest.json` };
  }

  // The host first (its /config.json is read per request), so the BFF knows the origin to allow.
  const hostServer = await startStaticServer({
    port: 0,
    mounts: [{ prefix: '/', dir: hostDir, spa: true }],
    config: () => config,
  });
  const hostUrl = `http://${hostName}:${hostServer.address().port}`;

  let bff;
  let pointsApi;
  let databaseUrl;
  try {
    const started = await startBffOnFreePort({
      ...database.bffEnv,
      SEED_LOCAL_DATA: '1',
      CORS_ORIGINS: hostUrl,
      ...bffEnv,
    });
    bff = started.bff;
    databaseUrl = database.url ?? wireDatabaseUrl(started.wirePort, started.wirePassword);
    config.apiBase = `http://127.0.0.1:${started.port}`;
    const pointsPort = await freePort();
    pointsApi = await startPointsApi({
      port: pointsPort,
      databaseUrl,
      quiet: true,
      env: { CORS_ORIGINS: hostUrl, GAME_SERVER_TOKEN: E2E_GAME_SERVER_TOKEN },
    });
    config.pointsApiBase = `http://127.0.0.1:${pointsPort}`;
  } catch (error) {
    await bff?.stop();
    await Promise.all([hostServer, ...Object.values(remoteServers)].map(closeServer));
    await database.remove();
    throw error;
  }

  return {
    hostUrl,
    apiUrl: config.apiBase,
    pointsApiUrl: config.pointsApiBase,
    /** Buys lottery tickets as the game's server does (its route and token): one per player id, in order; each debited. */
    async buyTickets(roundId, playerIds, ticketPrice) {
      const bought = [];
      for (const playerId of playerIds) {
        purchases += 1;
        const response = await fetch(`${config.pointsApiBase}/game/lottery/rounds/${roundId}/tickets`, {
          method: 'POST',
          headers: { authorization: `Bearer ${E2E_GAME_SERVER_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ purchaseId: `e2e-purchase-${process.pid}-${purchases}`, playerId, ticketPrice }),
        });
        const body = await response.json();
        if (response.status !== 201) throw new Error(`ticket purchase: ${response.status} ${JSON.stringify(body)}`);
        bought.push({ id: body.ticketId, playerId, entryId: body.entryId });
      }
      return bought;
    },
    /** The stack's database as the points API reaches it (PostgreSQL, or the BFF's PGlite over its wire): for fixtures the game would write. */
    databaseUrl,
    config,
    async stopRemote(name) {
      await closeServer(remoteServers[name]);
    },
    startRemote,
    async stop() {
      await Promise.all([hostServer, ...Object.values(remoteServers)].map(closeServer));
      await pointsApi.stop();
      await bff.stop();
      await database.remove();
    },
  };
}
