#!/usr/bin/env node
// The scale-out suite (a step of `npm test`): two BFFs and two points APIs on one fresh PostgreSQL
// database, started at the same moment, behind Debian's nginx configured by docker/nginx/phoenix-lb.conf.
// One figure line per check, then "N passed, M failed"; exits non-zero on any failure. Every
// process it starts is stopped and its database dropped, however it ends.
//
//   PHOENIX_TEST_PG_URL=postgres://user:pass@host:port/db node scripts/scaleOut.mjs
//
// The URL's role creates and drops a database of its own (CREATEDB). Settings:
//   SCALE_OUT_TAKEOVER_SECONDS  how long the survivor may take to finish a killed instance's
//                               distribution (default 60)
//   SCALE_OUT_PLAYERS           players in the database for that distribution (default 300000)
import { checks } from './lib/scaleOut/checks.mjs';
import { createDatabase, startCluster } from './lib/scaleOut/cluster.mjs';
import { findNginx } from './lib/scaleOut/nginx.mjs';

const positive = (name, fallback) => {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`${name} must be a positive whole number, got "${raw}"`);
    process.exit(2);
  }
  return value;
};

const serverUrl = process.env.PHOENIX_TEST_PG_URL || process.env.TEST_DATABASE_URL;
const nginx = findNginx();
if (!serverUrl || !nginx) {
  console.error(
    !serverUrl
      ? 'scale-out: give a PostgreSQL server (PHOENIX_TEST_PG_URL or TEST_DATABASE_URL; .ci/run starts one)'
      : "scale-out: nginx is not installed (Debian's nginx: apt-get install nginx; .ci/run installs it)",
  );
  process.exit(2);
}
const options = { takeoverSeconds: positive('SCALE_OUT_TAKEOVER_SECONDS', 60), players: positive('SCALE_OUT_PLAYERS', 300_000) };

const started = Date.now();
let passed = 0;
let failed = 0;
const report = (ok, name, figure) => {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${figure}`);
};

const database = await createDatabase(serverUrl);
let cluster = null;
// Ctrl+C or a CI timeout: the processes stop with this one (processGroup.mjs); the database is dropped here.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`scale-out: ${signal}, stopping`);
    Promise.resolve(cluster?.stop())
      .then(() => database.drop())
      .finally(() => process.exit(130));
  });
}
try {
  try {
    cluster = await startCluster({ database, nginx });
  } catch (error) {
    report(false, checks[0].name, `the cluster did not start: ${error.message}`);
  }
  const state = {};
  for (const check of cluster ? checks : checks.slice(1)) {
    if (!cluster) {
      report(false, check.name, 'not run: the cluster did not start');
      continue;
    }
    try {
      report(true, check.name, await check.run(cluster, state, options));
    } catch (error) {
      report(false, check.name, error.message);
    }
  }
  if (failed > 0 && cluster) {
    for (const instance of Object.values(cluster.instances)) {
      const log = instance.log().trim();
      if (log) console.log(`\n-- ${instance.name} output after start:\n${log.split('\n').slice(-40).join('\n')}`);
    }
  }
} finally {
  await cluster?.stop();
  await database.drop();
}
console.log(`scale-out suite: ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
