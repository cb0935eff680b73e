import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, SECRET_FILE_VARIABLES, configSchema, localSeedAllowed, readConfig, readEnv } from '@phoenix/server/config';

/**
 * Secrets from files (NAME_FILE, a mounted Kubernetes or Docker secret) and MIGRATE_ON_START, in the
 * schema both services read (shared/server/src/config.ts).
 */

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-secrets-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A secret file as `kubectl create secret --from-file` or `echo … >` leaves it. */
function secretFile(name: string, content: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content, { mode: 0o600 });
  return file;
}

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    readEnv(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('NAME_FILE: a secret read from a file at start', () => {
  test('every secret variable may come from a file, its trailing line break dropped', () => {
    const token = 'a'.repeat(40);
    const config = readConfig({
      PHOENIX_ENV: 'prd',
      DATABASE_URL_FILE: secretFile('database-url', 'postgres://phoenix_app:s3rving@db.internal:5432/phoenix\n'),
      MIGRATION_DATABASE_URL_FILE: secretFile('migration-database-url', 'postgres://phoenix:0wner@db.internal:5432/phoenix'),
      METRICS_TOKEN_FILE: secretFile('metrics-token', `${token}\r\n`),
      SMTP_URL_FILE: secretFile('smtp-url', 'smtps://mailer:p4ss@mail.example.com:465\n'),
      CORS_ORIGINS: 'https://admin.example.com',
    });
    expect(config.db).toEqual({ kind: 'postgres', connectionString: 'postgres://phoenix_app:s3rving@db.internal:5432/phoenix' });
    expect(config.migrationDatabaseUrl).toBe('postgres://phoenix:0wner@db.internal:5432/phoenix');
    expect(config.metrics).toEqual({ token });
    expect(config.mail.smtpUrl).toBe('smtps://mailer:p4ss@mail.example.com:465');
    // A database elsewhere named through a file counts as elsewhere: no local seeds.
    expect(localSeedAllowed({ DATABASE_URL_FILE: path.join(dir, 'database-url') })).toBe(false);
  });

  test('the secrets are the schema variables holding passwords and tokens; each has a _FILE form and nothing else does', () => {
    const schemaNames = Object.keys(configSchema.shape);
    for (const name of SECRET_FILE_VARIABLES) expect(schemaNames).toContain(name);
    expect([...SECRET_FILE_VARIABLES]).toEqual(
      expect.arrayContaining([
        'DATABASE_URL',
        'MIGRATION_DATABASE_URL',
        'METRICS_TOKEN',
        'GAME_SERVER_TOKEN',
        'SMTP_URL',
        'PGLITE_WIRE_PASSWORD',
      ]),
    );
    for (const name of schemaNames.filter((n) => /_(TOKEN|PASSWORD)$|DATABASE_URL$/.test(n))) expect(SECRET_FILE_VARIABLES).toContain(name);
    // Only secrets: LOG_LEVEL_FILE means nothing (and reads no file).
    expect(readConfig({ LOG_LEVEL_FILE: '/nonexistent' }).logLevel).toBe('info');
  });

  test('refused when both NAME and NAME_FILE are set, even to the same value', () => {
    const file = secretFile('metrics-token-both', 'b'.repeat(32));
    expect(problems({ METRICS_TOKEN: 'b'.repeat(32), METRICS_TOKEN_FILE: file })).toEqual([
      'METRICS_TOKEN and METRICS_TOKEN_FILE are both set: give the secret one way (METRICS_TOKEN_FILE names a file holding it)',
    ]);
  });

  test('a file that cannot be read, or a bad value in it, is named (the secret never shown)', () => {
    const found = problems({
      DATABASE_URL_FILE: path.join(dir, 'missing'),
      METRICS_TOKEN_FILE: secretFile('short-token', 'too-short-s3cret\n'),
      GAME_SERVER_TOKEN_FILE: dir, // a folder
    });
    expect(found).toEqual(
      expect.arrayContaining([
        `DATABASE_URL_FILE="${path.join(dir, 'missing')}": expected a readable file holding DATABASE_URL (ENOENT)`,
        `GAME_SERVER_TOKEN_FILE="${dir}": expected a readable file holding GAME_SERVER_TOKEN (EISDIR)`,
        expect.stringMatching(/^METRICS_TOKEN \(from METRICS_TOKEN_FILE\)="\*\*\*": expected a secret of 24 to 512 characters/),
      ]),
    );
    expect(found).toHaveLength(3);
    // Any value from a file is masked, not only tokens and passwords.
    expect(problems({ SMTP_URL_FILE: secretFile('smtp-bad', 'http://mailer:s3cret@mail.example.com\n') })).toEqual([
      expect.stringMatching(/^SMTP_URL \(from SMTP_URL_FILE\)="\*\*\*": expected an smtp:\/\/ or smtps:\/\/ URL/),
    ]);
    expect(found.join('\n')).not.toContain('s3cret');
  });

  test('the rules hold for a value from a file: a database elsewhere needs PHOENIX_ENV', () => {
    const found = problems({ DATABASE_URL_FILE: secretFile('remote-url', 'postgres://app:pw@db.internal:5432/phoenix') });
    expect(found).toEqual([
      expect.stringContaining('DATABASE_URL points at db.internal, a database off this machine, and PHOENIX_ENV is unset'),
    ]);
  });
});

describe('MIGRATE_ON_START', () => {
  test('on by default (every start migrates, as before); 0 or false leaves it to the migrate command', () => {
    expect(readConfig({}).migrateOnStart).toBe(true);
    expect(readConfig({ MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true);
    expect(readConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    expect(readConfig({ MIGRATE_ON_START: '0' }).migrateOnStart).toBe(false);
    expect(problems({ MIGRATE_ON_START: 'later' })).toEqual(['MIGRATE_ON_START="later": expected 0, 1, true or false']);
  });
});
