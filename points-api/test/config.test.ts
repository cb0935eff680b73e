// First: its jest.mock calls make kysely, PGlite and Fastify loadable here.
import { createSharedDatabase, pointsDatabaseOf } from './support/pointsTestApp';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { ConfigError } from '@phoenix/server/config';
import { buildPointsApp } from '../src/app';
import { readPointsConfig } from '../src/config';

describe('readPointsConfig: the BFF schema and rules', () => {
  test('defaults: port 8788, the local BFF database over the wire', () => {
    expect(readPointsConfig({})).toMatchObject({
      port: 8788,
      host: '127.0.0.1',
      databaseUrl: 'postgres://postgres@127.0.0.1:8789/postgres',
      trustProxy: false,
      logLevel: 'info',
      metrics: 'open',
    });
    expect(readPointsConfig({ PGLITE_WIRE_PORT: '15432' }).databaseUrl).toBe('postgres://postgres@127.0.0.1:15432/postgres');
  });

  test('GAME_SERVER_TOKEN: the game server routes behind it; without one, open locally and off when deployed; never echoed', () => {
    expect(readPointsConfig({}).gameServer).toBe('open');
    expect(readPointsConfig({ PHOENIX_ENV: 'stg' }).gameServer).toBe('off');
    expect(readPointsConfig({ PHOENIX_ENV: 'prd', GAME_SERVER_TOKEN: 'g'.repeat(32) }).gameServer).toEqual({ token: 'g'.repeat(32) });
    try {
      readPointsConfig({ GAME_SERVER_TOKEN: 'secret but short' });
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        expect.stringMatching(/^GAME_SERVER_TOKEN="\*\*\*": expected a secret of 24 to 512/),
      ]);
    }
  });

  test('change control as the BFF takes it; the adjustment threshold is a whole number of points', () => {
    expect(readPointsConfig({ PHOENIX_ENV: 'prd' }).changeControl).toEqual({
      mode: 'approve',
      ttlHours: 24,
      bulkIdsAbove: 1000,
      adjustmentPointsAbove: 100_000,
      adjustmentPointsPerDay: 200_000,
      idsPerDay: 5000,
      bulkBanAbove: 100,
      approverMinAgeDays: 7,
    });
    expect(readPointsConfig({ CHANGE_CONTROL_ADJUSTMENT_POINTS: '2500' }).changeControl.adjustmentPointsAbove).toBe(2500);
    expect(readPointsConfig({ CHANGE_CONTROL_ADJUSTMENT_POINTS_PER_DAY: '30000' }).changeControl.adjustmentPointsPerDay).toBe(30_000);
    expect(() => readPointsConfig({ CHANGE_CONTROL_ADJUSTMENT_POINTS_PER_DAY: '0' })).toThrow(/CHANGE_CONTROL_ADJUSTMENT_POINTS_PER_DAY/);
    expect(() => readPointsConfig({ CHANGE_CONTROL_ADJUSTMENT_POINTS: '1.5' })).toThrow(/CHANGE_CONTROL_ADJUSTMENT_POINTS/);
  });

  test('POINTS_DATABASE_URL before DATABASE_URL; TRUST_PROXY as the BFF takes it', () => {
    const config = readPointsConfig({
      DATABASE_URL: 'postgres://a@db:5432/x',
      POINTS_DATABASE_URL: 'postgres://b@db:5432/y',
      TRUST_PROXY: '172.28.0.0/16',
      PHOENIX_ENV: 'prd',
    });
    expect(config.databaseUrl).toBe('postgres://b@db:5432/y');
    expect(config.trustProxy).toEqual(['172.28.0.0/16']);
    expect(readPointsConfig({ DATABASE_URL: 'postgres://a@db:5432/x', PHOENIX_ENV: 'dev' }).databaseUrl).toBe('postgres://a@db:5432/x');
  });

  test('a bad value is refused here as in the BFF', () => {
    expect(() => readPointsConfig({ POINTS_DATABASE_URL: 'db:5432' })).toThrow(ConfigError);
    expect(() => readPointsConfig({ TRUST_PROXY: 'true', PHOENIX_ENV: 'stg' })).toThrow(
      /TRUST_PROXY="true" is refused outside a local environment/,
    );
  });
});

describe('the points API behind a load balancer', () => {
  test('takes the client address from X-Forwarded-For only from a trusted proxy (TRUST_PROXY)', async () => {
    const shared = await createSharedDatabase();
    const database = await pointsDatabaseOf(shared);
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const points = await buildPointsApp({ db: database.connect(), trustProxy: ['10.0.0.5'], logger: { level: 'debug', stream } });
    try {
      const headers = { 'x-forwarded-for': '203.0.113.9' };
      await points.inject({ url: '/health', headers, remoteAddress: '10.0.0.5' });
      await points.inject({ url: '/health', headers, remoteAddress: '198.51.100.7' });
      const addresses = lines
        .map((line) => JSON.parse(line) as { msg?: string; ip?: string })
        .filter((entry) => entry.msg === 'request')
        .map((entry) => entry.ip);
      expect(addresses).toEqual(['203.0.113.9', '198.51.100.7']);
    } finally {
      await points.close();
      await database.close();
      await shared.close();
    }
  });
});

describe('the points API started with a bad variable', () => {
  test('exits 1 with the message, no stack trace, before connecting to any database', () => {
    const dir = path.resolve(__dirname, '..');
    const result = spawnSync(path.join(dir, 'node_modules/.bin/tsx'), ['src/main.ts'], {
      cwd: dir,
      env: { ...process.env, POINTS_DATABASE_URL: 'mysql://ops:s3cret@db/points', CORS_ORIGINS: 'https://admin.example.com/' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    // One JSON log line (pino), each problem in `problems`.
    const lines = result.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { level: string; service: string; msg: string; problems: string[] };
    expect(line).toMatchObject({ level: 'fatal', service: 'points-api', hostname: expect.any(String) });
    expect(line.msg).toContain('[points-api] not started: invalid configuration (2 variables):');
    expect(line.problems).toHaveLength(2);
    expect(line.problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('POINTS_DATABASE_URL="mysql://ops:***@db/points": expected a postgres:// or postgresql:// URL'),
        expect.stringContaining('CORS_ORIGINS="https://admin.example.com/": expected a comma-separated list of exact origins'),
      ]),
    );
    expect(result.stdout + result.stderr).not.toContain('s3cret');
    expect(result.stdout + result.stderr).not.toMatch(/\n\s+at /);
  });
});
