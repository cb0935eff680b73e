import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ConfigError, LOG_LEVELS, readConfig, readEnv } from '@phoenix/server/config';

/** The problems readEnv reports for `env` (empty when it is accepted). */
function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    readEnv(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('configuration schema (shared/server/src/config.ts, both services)', () => {
  test('unset or blank: the defaults', () => {
    const config = readConfig({ PORT: '', DATABASE_URL: '  ', TRUST_PROXY: '' });
    expect(config).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      db: { kind: 'pglite' },
      trustProxy: false,
      tokenTtlMinutes: 720,
      tokenIdleMinutes: 30,
      oneTimePasswordTtlHours: 24,
      maxSessionsPerAdmin: 10,
      secondFactor: 'optional',
      seedLocalData: true,
      logLevel: 'info',
      pgliteWirePort: null,
      metrics: 'open',
      changeControl: {
        mode: 'off',
        ttlHours: 24,
        bulkIdsAbove: 1000,
        adjustmentPointsAbove: 100_000,
        adjustmentPointsPerDay: 200_000,
        idsPerDay: 5000,
        bulkBanAbove: 100,
        approverMinAgeDays: 0,
      },
      apiReference: true,
      deployed: false,
      webauthn: { rpId: 'localhost', origins: expect.arrayContaining(['http://localhost:8080', 'http://localhost:8089']) },
    });
    expect(config.corsOrigins).toContain('http://localhost:8080');
    expect(config.webauthn.origins).not.toContain('http://127.0.0.1:8080'); // WebAuthn refuses IP addresses
  });

  test('good values are read', () => {
    const config = readConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://phoenix:p%40ss@db.internal:5432/phoenix?sslmode=require',
      MIGRATION_DATABASE_URL: 'postgresql://phoenix_owner:0wn3r@db.internal:5432/phoenix?sslmode=require',
      PGLITE_WIRE_PORT: '15432',
      CORS_ORIGINS: 'https://admin.example.com, http://localhost:8080',
      TRUST_PROXY: '172.28.0.0/16, 10.0.0.5,fd00::/8, ::1, loopback',
      TOKEN_TTL_MINUTES: '60',
      TOKEN_IDLE_MINUTES: '15',
      ONE_TIME_PASSWORD_TTL_HOURS: '48',
      MAX_SESSIONS_PER_ADMIN: '3',
      SEED_LOCAL_DATA: 'false',
      LOG_LEVEL: 'info',
      PHOENIX_ENV: 'beta-prd',
      NODE_ENV: 'production',
      METRICS_TOKEN: 'metrics-token-0123456789abcdef',
      PHOENIX_ENVIRONMENT_FILE: '/srv/phoenix/environments/beta-prd.json',
    });
    expect(config).toEqual({
      port: 9000,
      host: '0.0.0.0',
      db: { kind: 'postgres', connectionString: 'postgresql://phoenix:p%40ss@db.internal:5432/phoenix?sslmode=require' },
      migrationDatabaseUrl: 'postgresql://phoenix_owner:0wn3r@db.internal:5432/phoenix?sslmode=require',
      requireServingRole: true,
      corsOrigins: ['https://admin.example.com', 'http://localhost:8080'],
      trustProxy: ['172.28.0.0/16', '10.0.0.5', 'fd00::/8', '::1', 'loopback'],
      tokenTtlMinutes: 60,
      tokenIdleMinutes: 15,
      oneTimePasswordTtlHours: 48,
      maxSessionsPerAdmin: 3,
      secondFactor: 'required',
      seedLocalData: false,
      logLevel: 'info',
      pgliteWirePort: 15432,
      pgliteWirePassword: null,
      metrics: { token: 'metrics-token-0123456789abcdef' },
      changeControl: {
        mode: 'approve',
        ttlHours: 24,
        bulkIdsAbove: 1000,
        adjustmentPointsAbove: 100_000,
        adjustmentPointsPerDay: 200_000,
        idsPerDay: 5000,
        bulkBanAbove: 100,
        approverMinAgeDays: 7,
      },
      apiReference: false,
      deployed: true,
      // Passkeys: the first console origin with a domain name, and the console origins on it.
      webauthn: { rpId: 'admin.example.com', origins: ['https://admin.example.com'] },
      stakingChain: null,
      migrateOnStart: true,
      environmentFile: '/srv/phoenix/environments/beta-prd.json',
      actionLogSink: null,
      // Invitation links point at the first console origin unless CONSOLE_URL says otherwise.
      mail: { smtpUrl: null, from: 'Phoenix Admin <no-reply@phoenix.local>', consoleUrl: 'https://admin.example.com' },
      // Per admin, across instances (http/requestLimits.ts).
      requestLimits: { searchesPerMinute: 60, exportsPerMinute: 10, exportsAtOnce: 2 },
    });
    expect(readConfig({ SEARCHES_PER_MINUTE: '120', EXPORTS_PER_MINUTE: '5', EXPORTS_AT_ONCE: '1' }).requestLimits).toEqual({
      searchesPerMinute: 120,
      exportsPerMinute: 5,
      exportsAtOnce: 1,
    });
    expect(() => readConfig({ EXPORTS_AT_ONCE: '50' })).toThrow(
      /EXPORTS_AT_ONCE="50": expected a whole number of exports one admin may run at once, 1 to 20/,
    );
    expect(readConfig({ PHOENIX_ENV: 'stg', CHANGE_CONTROL: '' }).changeControl.mode).toBe('confirm');
    expect(
      readConfig({
        PHOENIX_ENV: 'prd',
        CHANGE_CONTROL: 'off',
        CHANGE_REQUEST_TTL_HOURS: '48',
        CHANGE_CONTROL_BULK_IDS: '50',
        CHANGE_CONTROL_ADJUSTMENT_POINTS: '5000',
        CHANGE_CONTROL_ADJUSTMENT_POINTS_PER_DAY: '20000',
        CHANGE_CONTROL_IDS_PER_DAY: '300',
        CHANGE_CONTROL_BULK_BAN: '25',
        CHANGE_CONTROL_APPROVER_MIN_AGE_DAYS: '30',
      }).changeControl,
    ).toEqual({
      mode: 'off',
      ttlHours: 48,
      bulkIdsAbove: 50,
      adjustmentPointsAbove: 5000,
      adjustmentPointsPerDay: 20_000,
      idsPerDay: 300,
      bulkBanAbove: 25,
      approverMinAgeDays: 30,
    });
    expect(() => readConfig({ CHANGE_CONTROL_APPROVER_MIN_AGE_DAYS: '400' })).toThrow(/CHANGE_CONTROL_APPROVER_MIN_AGE_DAYS/);
    // Invitation mail: an SMTP URL, a sender and the console's origin for the links.
    expect(
      readConfig({
        SMTP_URL: 'smtps://u:p@mail.example.com:465',
        MAIL_FROM: 'Ops <ops@example.com>',
        CONSOLE_URL: 'https://admin.example.com',
      }).mail,
    ).toEqual({ smtpUrl: 'smtps://u:p@mail.example.com:465', from: 'Ops <ops@example.com>', consoleUrl: 'https://admin.example.com' });
    expect(() => readConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    // The action log's sink: a file or an HTTP(S) endpoint.
    expect(readConfig({ ACTION_LOG_SINK: 'file:///var/log/phoenix/actions.jsonl' }).actionLogSink).toBe(
      'file:///var/log/phoenix/actions.jsonl',
    );
    expect(() => readConfig({ ACTION_LOG_SINK: 'actions.jsonl' })).toThrow(/ACTION_LOG_SINK/);
    expect(() => readConfig({ CONSOLE_URL: 'https://a.example.com/path' })).toThrow(/CONSOLE_URL/);
    expect(() => readConfig({ CHANGE_CONTROL_ADJUSTMENT_POINTS: '-1' })).toThrow(/CHANGE_CONTROL_ADJUSTMENT_POINTS/);
    // The reference page (/docs): local and dev only.
    expect(readConfig({ PHOENIX_ENV: 'dev', NODE_ENV: 'production' }).apiReference).toBe(true);
    expect(readConfig({ PHOENIX_ENV: 'stg' }).apiReference).toBe(false);
    expect(readConfig({ NODE_ENV: 'production' }).apiReference).toBe(false);
    for (const level of LOG_LEVELS) expect(readConfig({ LOG_LEVEL: level }).logLevel).toBe(level);
    for (const [raw, seed] of [
      ['1', true],
      ['true', true],
      ['0', false],
      ['FALSE', false],
    ] as const)
      expect(readConfig({ SEED_LOCAL_DATA: raw }).seedLocalData).toBe(seed);
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(readConfig({ HOST: '::' }).host).toBe('::');
    expect(readConfig({ HOST: 'localhost' }).host).toBe('localhost');
  });

  test('seed data only in a local environment, whatever SEED_LOCAL_DATA says', () => {
    expect(readConfig({ SEED_LOCAL_DATA: '1', PHOENIX_ENV: 'local' }).seedLocalData).toBe(true);
    expect(readConfig({ SEED_LOCAL_DATA: '1', PHOENIX_ENV: 'prd' }).seedLocalData).toBe(false);
    expect(readConfig({ SEED_LOCAL_DATA: '1', NODE_ENV: 'production' }).seedLocalData).toBe(false);
  });

  // One bad value per variable: the message names it, shows the value and says what it accepts.
  const bad: [string, string, RegExp][] = [
    ['PORT', '0', /a port number from 1 to 65535/],
    ['PORT', '80a', /a port number from 1 to 65535/],
    ['PORT', '65536', /a port number from 1 to 65535/],
    ['HOST', 'not a host!', /an IP address or a host name/],
    ['DATABASE_URL', 'mysql://db/phoenix', /a postgres:\/\/ or postgresql:\/\/ URL with a host/],
    ['DATABASE_URL', 'phoenix', /a postgres:\/\/ or postgresql:\/\/ URL/],
    ['POINTS_DATABASE_URL', 'http://db:5432/phoenix', /a postgres:\/\/ or postgresql:\/\/ URL/],
    ['PGLITE_WIRE_PORT', 'eighty', /a port number from 1 to 65535/],
    ['CORS_ORIGINS', '*', /exact origins scheme:\/\/host\[:port\].*no \*/],
    ['CORS_ORIGINS', 'https://admin.example.com/', /no path or trailing slash/],
    ['CORS_ORIGINS', 'https://admin.example.com/console', /no path/],
    ['CORS_ORIGINS', 'admin.example.com', /exact origins/],
    ['CORS_ORIGINS', 'ftp://files.example.com', /http or https/],
    ['TRUST_PROXY', 'yes', /addresses or CIDR ranges/],
    ['TRUST_PROXY', '10.0.0.0/33', /addresses or CIDR ranges/],
    ['TRUST_PROXY', 'lb.internal', /addresses or CIDR ranges/],
    ['TRUST_PROXY', '2', /addresses or CIDR ranges/],
    ['TOKEN_TTL_MINUTES', '0', /a whole number of minutes, 1 or more/],
    ['TOKEN_IDLE_MINUTES', '1.5', /a whole number of minutes, 1 or more/],
    ['ONE_TIME_PASSWORD_TTL_HOURS', '169', /a whole number of hours, 1 to 168/],
    ['MAX_SESSIONS_PER_ADMIN', '0', /a whole number of sessions, 1 to 100/],
    ['SECOND_FACTOR', 'sometimes', /required or optional/],
    ['SEED_LOCAL_DATA', 'yes', /0, 1, true or false/],
    ['LOG_LEVEL', 'verbose', /one of fatal, error, warn, info, debug, trace, silent/],
    ['PHOENIX_ENV', 'Prod env', /an environment name/],
    ['NODE_ENV', 'staging', /development, production or test/],
    ['WEBAUTHN_RP_ID', '10.0.0.5', /no scheme, port or IP address/],
    ['WEBAUTHN_RP_ID', 'https://admin.example.com', /domain name/],
    ['WEBAUTHN_ORIGINS', 'admin.example.com', /exact console origins/],
    ['STAKING_RPC_URL', 'ws://127.0.0.1:8545', /an http:\/\/ or https:\/\/ JSON-RPC URL/],
    ['STAKING_CONTRACT_ADDRESS', '0x1234', /0x and 40 hex digits/],
    ['STAKING_CHAIN_ID', 'sepolia', /a chain id/],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'otel-collector:4318', /an http:\/\/ or https:\/\/ OTLP\/HTTP collector's base URL/],
    ['PHOENIX_ENVIRONMENT_FILE', 'environments/prd.json', /an absolute path to the environment file/],
    ['PHOENIX_ENVIRONMENT_FILE', '/srv/phoenix/prd.yaml', /an absolute path to the environment file/],
  ];
  test.each(bad)('%s=%s is refused, naming the variable and what it accepts', (name, value, accepts) => {
    const found = problems({ [name]: value });
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(`${name}="${value}": expected `);
    expect(found[0]).toMatch(accepts);
  });

  test('STAKING_RPC_URL and STAKING_CONTRACT_ADDRESS: the chain reported staking changes are checked on, both or neither', () => {
    const address = '0xE7f1725E7734CE288F8367e1Bb143E90bb3F0512';
    expect(readConfig({}).stakingChain).toBeNull();
    expect(readConfig({ STAKING_RPC_URL: 'http://127.0.0.1:8545', STAKING_CONTRACT_ADDRESS: address }).stakingChain).toEqual({
      rpcUrl: 'http://127.0.0.1:8545',
      contractAddress: address,
      chainId: 11155111,
    });
    expect(
      readConfig({ STAKING_RPC_URL: 'https://rpc.example', STAKING_CONTRACT_ADDRESS: address, STAKING_CHAIN_ID: '1' }).stakingChain
        ?.chainId,
    ).toBe(1);
    const [alone] = problems({ STAKING_RPC_URL: 'https://rpc.example' });
    expect(alone).toMatch(/STAKING_RPC_URL and STAKING_CONTRACT_ADDRESS go together/);
    expect(problems({ STAKING_CONTRACT_ADDRESS: address })).toHaveLength(1);
  });

  test('WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS: set by hand, every origin must be on the RP ID domain', () => {
    expect(readConfig({ WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGINS: 'https://admin.example.com' }).webauthn).toEqual({
      rpId: 'example.com',
      origins: ['https://admin.example.com'],
    });
    expect(readConfig({ CORS_ORIGINS: 'https://admin.example.com', WEBAUTHN_RP_ID: 'example.com' }).webauthn.origins).toEqual([
      'https://admin.example.com',
    ]);
    expect(problems({ WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGINS: 'https://example.org' })).toEqual([
      expect.stringMatching(/^WEBAUTHN_ORIGINS="https:\/\/example.org": expected origins on the WEBAUTHN_RP_ID domain "example.com"/),
    ]);
    expect(problems({ CORS_ORIGINS: 'http://10.0.0.5:8080', WEBAUTHN_RP_ID: 'example.com' })).toHaveLength(1);
    // Left to the defaults, a console served from an IP address only has no passkeys, and starts.
    expect(readConfig({ CORS_ORIGINS: 'http://10.0.0.5:8080' }).webauthn).toEqual({ rpId: 'localhost', origins: [] });
  });

  test('every bad variable at once, in one message; a database password is never shown', () => {
    let error: unknown;
    try {
      readConfig({ PORT: 'x', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://ops:s3cret@db/phoenix', CORS_ORIGINS: '*' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/^invalid configuration \(4 variables\):\n/);
    for (const name of ['PORT="x"', 'LOG_LEVEL="loud"', 'DATABASE_URL="mysql://ops:***@db/phoenix"', 'CORS_ORIGINS="*"'])
      expect(message).toContain(`  - ${name}: expected`);
    expect(message).not.toContain('s3cret');
  });

  test('METRICS_TOKEN: /metrics behind it; without one, open locally and off when deployed; never echoed', () => {
    expect(readConfig({}).metrics).toBe('open');
    expect(readConfig({ PHOENIX_ENV: 'prd' }).metrics).toBe('off');
    expect(readConfig({ NODE_ENV: 'production' }).metrics).toBe('off');
    expect(readConfig({ PHOENIX_ENV: 'prd', METRICS_TOKEN: 'x'.repeat(24) }).metrics).toEqual({ token: 'x'.repeat(24) });
    for (const bad of ['short-secret', 'has a space in it 0123456789', 'x'.repeat(513)]) {
      expect(problems({ METRICS_TOKEN: bad })).toEqual([
        expect.stringMatching(/^METRICS_TOKEN="\*\*\*": expected a secret of 24 to 512 characters/),
      ]);
    }
  });

  test('an owner for migrations (MIGRATION_DATABASE_URL) goes with a PostgreSQL; deployed there, the serving role is checked', () => {
    expect(problems({ MIGRATION_DATABASE_URL: 'postgres://owner@127.0.0.1/x' })).toEqual([
      expect.stringMatching(/^MIGRATION_DATABASE_URL is set without DATABASE_URL/),
    ]);
    expect(
      problems({ MIGRATION_DATABASE_URL: 'postgres://owner:s3cret@db.internal/x', DATABASE_URL: 'postgres://app@127.0.0.1/x' }),
    ).toEqual([expect.stringMatching(/^MIGRATION_DATABASE_URL points at db.internal, a database off this machine/)]);
    const local = readConfig({ DATABASE_URL: 'postgres://app@127.0.0.1/x', MIGRATION_DATABASE_URL: 'postgres://owner@127.0.0.1/x' });
    expect(local).toMatchObject({ migrationDatabaseUrl: 'postgres://owner@127.0.0.1/x', requireServingRole: false });
    expect(readConfig({ DATABASE_URL: 'postgres://app@db/x', PHOENIX_ENV: 'stg' })).toMatchObject({
      migrationDatabaseUrl: null,
      requireServingRole: true,
    });
    expect(readConfig({ PHOENIX_ENV: 'stg' }).requireServingRole).toBe(false); // the embedded database has one role
  });

  test('a database off this machine needs PHOENIX_ENV (never the local rules), and is never seeded', () => {
    for (const url of [
      'postgres://phoenix:s3cret@db.internal:5432/phoenix',
      'postgresql://u@10.0.0.7/x',
      'postgres://u@[fd00::7]:5432/x',
    ]) {
      const found = problems({ DATABASE_URL: url });
      expect(found).toEqual([expect.stringMatching(/^DATABASE_URL points at \S+, a database off this machine, and PHOENIX_ENV is unset/)]);
      expect(found[0]).not.toContain('s3cret');
      expect(problems({ DATABASE_URL: url, NODE_ENV: 'production' })).toHaveLength(1); // NODE_ENV alone does not say which environment
      expect(readConfig({ DATABASE_URL: url, PHOENIX_ENV: 'stg' })).toMatchObject({
        seedLocalData: false,
        changeControl: { mode: 'confirm' },
      });
      // Named local by hand: it starts, with the local rules, but seeds nothing there.
      expect(readConfig({ DATABASE_URL: url, PHOENIX_ENV: 'local' }).seedLocalData).toBe(false);
    }
    expect(problems({ POINTS_DATABASE_URL: 'postgres://u@points-db/x' })).toEqual([
      expect.stringMatching(/^POINTS_DATABASE_URL points at points-db/),
    ]);
    // This machine: loopback addresses, localhost and Unix sockets keep the local defaults.
    for (const url of [
      'postgres://u@127.0.0.1:5433/x',
      'postgres://u@localhost/x',
      'postgres://u@[::1]/x',
      'postgres:///x?host=/var/run/postgresql',
    ]) {
      expect(readConfig({ DATABASE_URL: url })).toMatchObject({ seedLocalData: true });
    }
  });

  test('TRUST_PROXY=true (any proxy) only in a local environment', () => {
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: 'true', PHOENIX_ENV: 'local' }).trustProxy).toBe(true);
    for (const env of [{ PHOENIX_ENV: 'prd' }, { PHOENIX_ENV: 'compose' }, { NODE_ENV: 'production' }]) {
      const found = problems({ TRUST_PROXY: 'true', ...env });
      expect(found).toEqual([expect.stringContaining('TRUST_PROXY="true" is refused outside a local environment')]);
      expect(found[0]).toContain('per-client sign-in limit');
    }
  });
});

describe('the BFF started with a bad variable', () => {
  test('exits 1 with the message, no stack trace, before opening any database', () => {
    const bff = path.resolve(__dirname, '..');
    const result = spawnSync(path.join(bff, 'node_modules/.bin/tsx'), ['src/main.ts'], {
      cwd: bff,
      env: { ...process.env, TRUST_PROXY: 'everyone', LOG_LEVEL: 'chatty', PORT: '1', PGLITE_DATA_DIR: '/nonexistent/never-created' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    // One JSON log line (the service logs as pino), each problem in `problems`.
    const lines = result.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { level: string; service: string; msg: string; problems: string[] };
    expect(line).toMatchObject({ level: 'fatal', service: 'bff', hostname: expect.any(String) });
    expect(line.msg).toContain('[bff] not started: invalid configuration (2 variables):');
    expect(line.problems).toHaveLength(2);
    expect(line.problems).toEqual(
      expect.arrayContaining([
        'LOG_LEVEL="chatty": expected one of fatal, error, warn, info, debug, trace, silent',
        expect.stringContaining('TRUST_PROXY="everyone": expected the load balancer\'s addresses or CIDR ranges'),
      ]),
    );
    expect(result.stdout + result.stderr).not.toMatch(/\n\s+at /);
  });
});
