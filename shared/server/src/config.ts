import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { DbTarget } from './db/connect';
import type { MetricsAccess } from './http/metrics';
import type { BearerAccess } from './http/bearer';
import type { ChangeControlSettings } from './http/changeControl';
import { parseSink } from './db/sinkTarget';
import type { RequestLimitSettings } from './http/requestLimits';
import { CHANGE_CONTROL_MODES, type ChangeControlMode } from '@phoenix/contract';

/** Everything main.ts and the CLI read from the environment, in one place. */
/** Whether every admin must sign in with a second factor (SECOND_FACTOR). */
export const SECOND_FACTOR_MODES = ['required', 'optional'] as const;
export type SecondFactorMode = (typeof SECOND_FACTOR_MODES)[number];

export interface ServerConfig {
  port: number;
  host: string;
  db: DbTarget;
  /**
   * MIGRATION_DATABASE_URL: the tables' owner, for migrations (the service serves under DATABASE_URL's
   * role, which it grants what serving needs: db/servingRole.ts); null: both under DATABASE_URL's.
   */
  migrationDatabaseUrl: string | null;
  /** Refuse to start if the serving role could rewrite the action log (deployed, on PostgreSQL). */
  requireServingRole: boolean;
  corsOrigins: string[];
  /** TRUST_PROXY: proxy addresses/CIDRs, true (any: local only), or false = trust none. */
  trustProxy: boolean | string[];
  tokenTtlMinutes: number;
  tokenIdleMinutes: number;
  /** ONE_TIME_PASSWORD_TTL_HOURS: how long a one-time password (admin create, reset) stays usable. */
  oneTimePasswordTtlHours: number;
  /** MAX_SESSIONS_PER_ADMIN: open sessions an admin may hold; a sign-in past it ends the oldest. */
  maxSessionsPerAdmin: number;
  /** SECOND_FACTOR: required (the default outside local) or optional (the local default). */
  secondFactor: SecondFactorMode;
  seedLocalData: boolean;
  logLevel: LogLevel;
  /** PGLITE_WIRE_PORT: serve the embedded PGlite over the PostgreSQL protocol on loopback (for the points API). */
  pgliteWirePort: number | null;
  /** PGLITE_WIRE_PASSWORD: the only password the wire accepts (unset: a random one, so nothing gets in). */
  pgliteWirePassword: string | null;
  /** Who reads /metrics: METRICS_TOKEN's holder; without one, anyone locally and nobody when deployed. */
  metrics: MetricsAccess;
  /** Global operations (http/changeControl.ts): off, confirm or approve; request expiry; bulk threshold. */
  changeControl: ChangeControlSettings;
  /** Per admin, on every instance together: SEARCHES_PER_MINUTE (60), EXPORTS_PER_MINUTE (10), EXPORTS_AT_ONCE (2). */
  requestLimits: RequestLimitSettings;
  /** The API reference page at /docs: local and dev environments only (/openapi.json is always served). */
  apiReference: boolean;
  /** Outside a local environment (PHOENIX_ENV set and not local, or NODE_ENV production): HSTS and the deployed defaults. */
  deployed: boolean;
  /** Passkeys: the relying party id (WEBAUTHN_RP_ID) and the console origins a passkey may answer from (WEBAUTHN_ORIGINS). */
  webauthn: WebauthnSettings;
  /** ACTION_LOG_SINK: the service's action-log chain streamed there as JSON lines (null: kept in the database only). */
  actionLogSink: string | null;
  /** Invitation mail (BFF): SMTP_URL (none: one-time passwords are shown to the acting admin, never in "approve"). */
  mail: MailSettings;
  /** The staking contract's chain as the BFF reads it (STAKING_RPC_URL, …); null: staking changes are not recorded. */
  stakingChain: StakingChainSettings | null;
  /** MIGRATE_ON_START (default on): off, the migrate command runs the migrations and the service only waits for them (/ready). */
  migrateOnStart: boolean;
  /**
   * PHOENIX_ENVIRONMENT_FILE (BFF): the environment file whose pins the BFF manages (promote, abort,
   * the automatic rollback of a canary, QA overrides); null: GET /releases says so and those refuse.
   */
  environmentFile: string | null;
}

/**
 * The chain the BFF checks each reported staking transaction on: its own RPC, never the browser's
 * word (STAKING_RPC_URL, STAKING_CONTRACT_ADDRESS, STAKING_CHAIN_ID; docs/staking.md).
 */
export interface StakingChainSettings {
  rpcUrl: string;
  contractAddress: `0x${string}`;
  chainId: number;
}

export interface MailSettings {
  /** smtp:// or smtps:// (nodemailer's URL form); null = no mail server. */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender of the console's mail. */
  from: string;
  /** CONSOLE_URL: the console's origin, the base of the links mailed (default: the first CORS origin). */
  consoleUrl: string;
}

export interface WebauthnSettings {
  rpId: string;
  origins: string[];
}

/** <repo>/.data/pglite (this file is <repo>/shared/server/src/config.ts). */
export const DEFAULT_PGLITE_DIR = path.resolve(__dirname, '..', '..', '..', '.data', 'pglite');

const LOCAL_DEV_ORIGINS = Array.from({ length: 10 }, (_, i) => 8080 + i).flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** proxy-addr's named ranges (Fastify's trustProxy accepts them with addresses and CIDRs). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

// ---- one parser per kind of value: the parsed value, or undefined when the text is not one ----

const portNumber = (raw: string) => (/^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 65535 ? Number(raw) : undefined);
const positiveInt = (raw: string) => (/^\d+$/.test(raw) && Number(raw) >= 1 && Number.isSafeInteger(Number(raw)) ? Number(raw) : undefined);
const HOSTNAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;
const listenHost = (raw: string) => (isIP(raw) || HOSTNAME.test(raw) ? raw : undefined);

function postgresUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  // A socket folder in ?host= stands for the host (postgres:///db?host=/var/run/postgresql).
  const hasHost = url.hostname !== '' || url.searchParams.has('host');
  return ['postgres:', 'postgresql:'].includes(url.protocol) && hasHost ? raw : undefined;
}

function httpUrl(raw: string): string | undefined {
  try {
    return ['http:', 'https:'].includes(new URL(raw).protocol) ? raw : undefined;
  } catch {
    return undefined;
  }
}

const commaList = (raw: string) =>
  raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** @fastify/cors compares the Origin header as a string: only an exact origin can ever match. */
function originList(raw: string): string[] | undefined {
  const origins = commaList(raw);
  const exact = (origin: string) => {
    try {
      const url = new URL(origin);
      return ['http:', 'https:'].includes(url.protocol) && url.origin === origin;
    } catch {
      return false;
    }
  };
  return origins.length > 0 && origins.every(exact) ? origins : undefined;
}

function proxyRange(part: string): boolean {
  if (isIP(part) || PROXY_RANGE_NAMES.includes(part)) return true;
  const [address, bits, extra] = part.split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined || !/^\d{1,3}$/.test(bits ?? '')) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** false/0: trust no proxy; 'true': any (refused outside local, below); else addresses and CIDR ranges. */
function trustProxy(raw: string): boolean | string[] | undefined {
  const value = raw.toLowerCase();
  if (value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  const parts = commaList(raw);
  return parts.length > 0 && parts.every(proxyRange) ? parts : undefined;
}

function flag(raw: string): boolean | undefined {
  const value = raw.toLowerCase();
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return undefined;
}

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (raw: string) =>
    (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

/** A variable: unset or blank = undefined (its default applies); otherwise `parse` must accept it. */
function variable<T>(accepts: string, parse: (raw: string) => T | undefined) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
    z
      .string()
      .transform((raw, ctx) => {
        const value = parse(raw);
        if (value === undefined) {
          ctx.addIssue({ code: 'custom', message: accepts });
          return z.NEVER;
        }
        return value;
      })
      .optional(),
  );
}

const PORT_ACCEPTS = 'a port number from 1 to 65535';
const DATABASE_URL_ACCEPTS = 'a postgres:// or postgresql:// URL with a host, e.g. postgres://user:password@db.example:5432/phoenix';

const secretToken = variable(
  'a secret of 24 to 512 characters without spaces (letters, digits, punctuation), e.g. from openssl rand -hex 32',
  (raw) => (/^[\x21-\x7e]{24,512}$/.test(raw) ? raw : undefined),
);

/**
 * Every variable the BFF and the points API read, with what it accepts. Both services validate the
 * whole environment against it at start: a bad value stops them (readEnv, configOrExit).
 */
export const configSchema = z.object({
  PORT: variable(PORT_ACCEPTS, portNumber),
  HOST: variable('an IP address or a host name to listen on, e.g. 127.0.0.1, 0.0.0.0, ::, localhost', listenHost),
  DATABASE_URL: variable(DATABASE_URL_ACCEPTS, postgresUrl),
  POINTS_DATABASE_URL: variable(DATABASE_URL_ACCEPTS, postgresUrl),
  /** The tables' owner, for migrations (docs/database-roles.md); the points API's: POINTS_MIGRATION_DATABASE_URL, else this. */
  MIGRATION_DATABASE_URL: variable(DATABASE_URL_ACCEPTS, postgresUrl),
  POINTS_MIGRATION_DATABASE_URL: variable(DATABASE_URL_ACCEPTS, postgresUrl),
  PGLITE_DATA_DIR: variable('a folder path', (raw) => raw),
  PGLITE_WIRE_PORT: variable(PORT_ACCEPTS, portNumber),
  /** The password of the wire for this start (the scripts make one per start and hand it to both services). */
  PGLITE_WIRE_PASSWORD: secretToken,
  CORS_ORIGINS: variable(
    'a comma-separated list of exact origins scheme://host[:port] (http or https, lowercase, no path or trailing slash, no *), e.g. https://admin.example.com,http://localhost:8080',
    originList,
  ),
  TRUST_PROXY: variable(
    "the load balancer's addresses or CIDR ranges, comma-separated (e.g. 10.0.0.5,172.28.0.0/16; or loopback, linklocal, uniquelocal), false or 0 (trust none), or true (any proxy: local only)",
    trustProxy,
  ),
  TOKEN_TTL_MINUTES: variable('a whole number of minutes, 1 or more', positiveInt),
  TOKEN_IDLE_MINUTES: variable('a whole number of minutes, 1 or more', positiveInt),
  ONE_TIME_PASSWORD_TTL_HOURS: variable('a whole number of hours, 1 to 168', (raw) => {
    const hours = positiveInt(raw);
    return hours !== undefined && hours <= 168 ? hours : undefined;
  }),
  SECOND_FACTOR: variable('required or optional', oneOf(SECOND_FACTOR_MODES)),
  MAX_SESSIONS_PER_ADMIN: variable('a whole number of sessions, 1 to 100', (raw) => {
    const sessions = positiveInt(raw);
    return sessions !== undefined && sessions <= 100 ? sessions : undefined;
  }),
  SEED_LOCAL_DATA: variable('0, 1, true or false', flag),
  LOG_LEVEL: variable(`one of ${LOG_LEVELS.join(', ')}`, oneOf(LOG_LEVELS)),
  PHOENIX_ENV: variable('an environment name: lowercase letters, digits and hyphens (local, dev, stg, prd, beta-prd, …)', (raw) =>
    /^[a-z][a-z0-9-]*$/.test(raw) ? raw : undefined,
  ),
  NODE_ENV: variable('development, production or test', oneOf(['development', 'production', 'test'] as const)),
  CHANGE_CONTROL: variable(`one of ${CHANGE_CONTROL_MODES.join(', ')}`, oneOf(CHANGE_CONTROL_MODES)),
  CHANGE_REQUEST_TTL_HOURS: variable('a whole number of hours, 1 or more', positiveInt),
  CHANGE_CONTROL_BULK_IDS: variable('a whole number of player ids, 1 or more', positiveInt),
  CHANGE_CONTROL_ADJUSTMENT_POINTS: variable('a whole number of points, 1 or more', positiveInt),
  CHANGE_CONTROL_ADJUSTMENT_POINTS_PER_DAY: variable('a whole number of points, 1 or more', positiveInt),
  CHANGE_CONTROL_IDS_PER_DAY: variable('a whole number of player ids, 1 or more', positiveInt),
  CHANGE_CONTROL_BULK_BAN: variable('a whole number of players, 1 or more', positiveInt),
  SEARCHES_PER_MINUTE: variable('a whole number of searches per admin a minute, 1 or more', positiveInt),
  EXPORTS_PER_MINUTE: variable('a whole number of exports per admin a minute, 1 or more', positiveInt),
  EXPORTS_AT_ONCE: variable('a whole number of exports one admin may run at once, 1 to 20', (raw) => {
    const exports = positiveInt(raw);
    return exports !== undefined && exports <= 20 ? exports : undefined;
  }),
  WEBAUTHN_RP_ID: variable(
    "the console's domain name passkeys are bound to (no scheme, port or IP address: WebAuthn refuses those), e.g. admin.example.com or localhost",
    (raw) => (HOSTNAME.test(raw) && !isIP(raw) ? raw.toLowerCase() : undefined),
  ),
  WEBAUTHN_ORIGINS: variable(
    'a comma-separated list of exact console origins passkeys are used from, on the WEBAUTHN_RP_ID domain, e.g. https://admin.example.com',
    originList,
  ),
  METRICS_TOKEN: secretToken,
  /** Spans are sent there over OTLP/HTTP (tracing.ts reads it as the process starts; checked here so a typo stops the start). */
  OTEL_EXPORTER_OTLP_ENDPOINT: variable(
    "an http:// or https:// OTLP/HTTP collector's base URL (/v1/traces is added), e.g. http://otel-collector:4318",
    httpUrl,
  ),
  ACTION_LOG_SINK: variable('a file:///absolute/path.jsonl or an http(s):// URL the action log is streamed to as JSON lines', (raw) =>
    parseSink(raw) ? raw : undefined,
  ),
  SMTP_URL: variable('an smtp:// or smtps:// URL, e.g. smtps://user:password@mail.example.com:465', (raw) =>
    /^smtps?:\/\/[^\s/]+(:\d+)?\/?(\?\S*)?$/i.test(raw) ? raw : undefined,
  ),
  MAIL_FROM: variable('an email address, e.g. Phoenix Admin <no-reply@example.com> or no-reply@example.com', (raw) =>
    /^([^<>\r\n]{0,100}<)?[^\s@<>]+@[^\s@<>]+>?$/.test(raw) && raw.length <= 254 ? raw : undefined,
  ),
  CONSOLE_URL: variable("the console's origin, e.g. https://admin.example.com", (raw) => {
    const origins = originList(raw);
    return origins?.length === 1 ? origins[0] : undefined;
  }),
  CHANGE_CONTROL_APPROVER_MIN_AGE_DAYS: variable('a whole number of days, 0 to 365', (raw) =>
    /^\d+$/.test(raw) && Number(raw) <= 365 ? Number(raw) : undefined,
  ),
  /** The BFF reads reported staking transactions from this RPC (docs/staking.md); with STAKING_CONTRACT_ADDRESS. */
  STAKING_RPC_URL: variable('an http:// or https:// JSON-RPC URL, e.g. https://sepolia.example/rpc or http://127.0.0.1:8545', httpUrl),
  STAKING_CONTRACT_ADDRESS: variable('a contract address: 0x and 40 hex digits', (raw) =>
    /^0x[0-9a-fA-F]{40}$/.test(raw) ? (raw as `0x${string}`) : undefined,
  ),
  STAKING_CHAIN_ID: variable('a chain id, a whole number 1 or more (Sepolia: 11155111, the default)', positiveInt),
  /** The environment file the BFF manages pins in (docs/releasing.md): the one scripts/serve.mjs reads. */
  PHOENIX_ENVIRONMENT_FILE: variable('an absolute path to the environment file, e.g. /srv/phoenix/environments/prd.json', (raw) =>
    path.isAbsolute(raw) && raw.endsWith('.json') ? path.normalize(raw) : undefined,
  ),
  /** The game's server buys lottery tickets with it (the points API's /game routes). */
  GAME_SERVER_TOKEN: secretToken,
  /** Off: the service never migrates at start; the migrate command (a Kubernetes Job) does, and /ready waits for it. */
  MIGRATE_ON_START: variable('0, 1, true or false', flag),
});

/**
 * The variables that hold a secret (a password in a URL, a token). Each may instead be read from a
 * file, NAME_FILE (a mounted Kubernetes or Docker secret), never both: readEnv reads the file at start.
 */
export const SECRET_FILE_VARIABLES = [
  'DATABASE_URL',
  'POINTS_DATABASE_URL',
  'MIGRATION_DATABASE_URL',
  'POINTS_MIGRATION_DATABASE_URL',
  'PGLITE_WIRE_PASSWORD',
  'METRICS_TOKEN',
  'GAME_SERVER_TOKEN',
  'SMTP_URL',
  'STAKING_RPC_URL',
  'ACTION_LOG_SINK',
] as const;

/**
 * The environment with every NAME_FILE of SECRET_FILE_VARIABLES replaced by NAME, the file's content
 * (one trailing line break dropped, as `echo` and `kubectl create secret --from-file` leave it).
 * Problems: both NAME and NAME_FILE set (which one counts would be a guess), a file that cannot be read.
 */
export function withSecretFiles(env: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; problems: string[] } {
  const problems: string[] = [];
  let resolved: NodeJS.ProcessEnv | null = null;
  for (const name of SECRET_FILE_VARIABLES) {
    const file = env[`${name}_FILE`]?.trim();
    if (!file) continue;
    if (env[name]?.trim()) {
      problems.push(`${name} and ${name}_FILE are both set: give the secret one way (${name}_FILE names a file holding it)`);
      continue;
    }
    try {
      resolved ??= { ...env };
      resolved[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      problems.push(`${name}_FILE="${file}": expected a readable file holding ${name} (${code ?? 'unreadable'})`);
    }
  }
  return { env: resolved ?? env, problems };
}

export type EnvVars = z.output<typeof configSchema>;

/** A bad environment: every problem, one line each, naming the variable and what it accepts. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `invalid configuration (${problems.length} variable${problems.length === 1 ? '' : 's'}):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** Never echo a secret: postgres://user:secret@… is shown as postgres://user:***@…, a token as ***. */
const shown = (name: string, raw: string) =>
  name.endsWith('_TOKEN') || name.endsWith('_PASSWORD')
    ? '***'
    : name.endsWith('DATABASE_URL')
      ? raw.replace(/(\/\/[^/@:]*:)[^@]*@/, '$1***@')
      : raw;

/** The environment checked against configSchema (all bad variables at once), or a ConfigError. */
export function readEnv(rawEnv: NodeJS.ProcessEnv = process.env): EnvVars {
  const { env, problems } = withSecretFiles(rawEnv);
  const result = configSchema.safeParse(env);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = String(issue.path[0]);
      const fromFile = Boolean(rawEnv[`${name}_FILE`]?.trim() && !rawEnv[name]?.trim());
      // A value kept in a secret file is never echoed (a database URL only without its password).
      const value = fromFile && !name.endsWith('DATABASE_URL') ? '***' : shown(name, env[name]?.trim() ?? '');
      problems.push(`${name}${fromFile ? ` (from ${name}_FILE)` : ''}="${value}": expected ${issue.message}`);
    }
  }
  // Anyone who can reach the service could then set their address through X-Forwarded-For.
  if (env.TRUST_PROXY?.trim().toLowerCase() === 'true' && !localSeedAllowed(env)) {
    problems.push(
      'TRUST_PROXY="true" is refused outside a local environment (PHOENIX_ENV unset or local, NODE_ENV not production): any client could set its address with X-Forwarded-For and escape the per-client sign-in limit; name the load balancer\'s addresses or CIDR ranges instead',
    );
  }
  // Without PHOENIX_ENV a service counts as local (a seeded admin, no change control): never on a
  // database elsewhere, whatever NODE_ENV says.
  for (const name of ['DATABASE_URL', 'POINTS_DATABASE_URL', 'MIGRATION_DATABASE_URL', 'POINTS_MIGRATION_DATABASE_URL'] as const) {
    const remote = POSTGRES_URL.test(env[name]?.trim() ?? '') ? remoteDatabaseHost(env[name]) : null;
    if (remote === null || env.PHOENIX_ENV?.trim()) continue;
    problems.push(
      `${name} points at ${remote}, a database off this machine, and PHOENIX_ENV is unset: name the environment (dev, stg, prd, …) so the service applies its rules (no seeded accounts, change control, a second factor), or PHOENIX_ENV=local for a developer's own database`,
    );
  }
  // The embedded database has one role: an owner apart is PostgreSQL's.
  if (env.MIGRATION_DATABASE_URL?.trim() && !env.DATABASE_URL?.trim() && !env.POINTS_DATABASE_URL?.trim()) {
    problems.push(
      'MIGRATION_DATABASE_URL is set without DATABASE_URL: the owner role for migrations goes with a PostgreSQL the service serves from (the embedded database has one role)',
    );
  }
  // Passkeys set up by hand must be usable: every origin on the RP ID's domain, and at least one.
  // (Left to their defaults, a console served only from IP addresses simply has no passkeys.)
  if (problems.length === 0 && (result.data!.WEBAUTHN_RP_ID || result.data!.WEBAUTHN_ORIGINS)) {
    const { rpId, origins } = webauthnSettings(result.data!);
    if (origins.length === 0 || origins.some((origin) => !onRpId(origin, rpId))) {
      problems.push(
        `WEBAUTHN_ORIGINS="${origins.join(',')}": expected origins on the WEBAUTHN_RP_ID domain "${rpId}" (itself or a subdomain); without WEBAUTHN_ORIGINS, CORS_ORIGINS's on that domain are used`,
      );
    }
  }
  // One without the other would either check nothing or check against nothing (a bad value is named above).
  if (problems.length === 0 && Boolean(env.STAKING_RPC_URL?.trim()) !== Boolean(env.STAKING_CONTRACT_ADDRESS?.trim())) {
    problems.push(
      'STAKING_RPC_URL and STAKING_CONTRACT_ADDRESS go together: set both (the BFF then checks reported staking transactions on that chain) or neither (staking changes are then refused)',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return result.data!;
}

/**
 * Reads the configuration; on a ConfigError reports it (no stack trace) and exits with 1. The
 * services report through their logger (one JSON line, each problem in `problems`), the CLI as text.
 */
export function configOrExit<T>(service: string, read: () => T, report: (message: string, problems: string[]) => void): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    report(`[${service}] not started: ${error.message}`, error.problems);
    process.exit(1);
  }
}

export function dbTargetFromEnv(env: NodeJS.ProcessEnv = process.env): DbTarget {
  return dbTarget(readEnv(env));
}

function dbTarget(vars: EnvVars): DbTarget {
  return vars.DATABASE_URL
    ? { kind: 'postgres', connectionString: vars.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.resolve(vars.PGLITE_DATA_DIR ?? DEFAULT_PGLITE_DIR) };
}

/** WebAuthn accepts an origin for an RP ID that is its host or a parent domain of it. */
const onRpId = (origin: string, rpId: string) => {
  const host = new URL(origin).hostname;
  return host === rpId || host.endsWith(`.${rpId}`);
};

/**
 * Passkey settings: WEBAUTHN_RP_ID, else the first console origin (CORS_ORIGINS) named by a domain,
 * else localhost (an IP address can never be an RP ID); WEBAUTHN_ORIGINS, else the console origins
 * on that domain (locally http://localhost:8080-8089).
 */
export function webauthnSettings(vars: EnvVars): WebauthnSettings {
  const consoleOrigins = vars.CORS_ORIGINS ?? LOCAL_DEV_ORIGINS;
  const named = consoleOrigins.map((origin) => new URL(origin).hostname).find((host) => !isIP(host.replace(/^\[|\]$/g, '')));
  const rpId = vars.WEBAUTHN_RP_ID ?? named ?? 'localhost';
  return { rpId, origins: vars.WEBAUTHN_ORIGINS ?? consoleOrigins.filter((origin) => onRpId(origin, rpId)) };
}

/**
 * The host of a PostgreSQL URL that is not this machine (loopback addresses, localhost, a Unix
 * socket), or null: the local rules (seeds, change control off) never apply to a database elsewhere.
 */
const POSTGRES_URL = /^postgres(ql)?:\/\//i;

export function remoteDatabaseHost(url: string | undefined): string | null {
  if (!url?.trim()) return null;
  let host: string;
  try {
    const parsed = new URL(url.trim());
    // postgres:///db?host=/var/run/postgresql: a Unix socket named in the query.
    host = decodeURIComponent(parsed.hostname).replace(/^\[|\]$/g, '') || (parsed.searchParams.get('host') ?? '');
  } catch {
    return null; // DATABASE_URL's own check names a malformed URL
  }
  if (host === '' || host.startsWith('/')) return null;
  if (host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)) return null;
  return host;
}

/** A local environment: PHOENIX_ENV unset or local, and NODE_ENV not production. */
const isLocal = (phoenixEnv: string | undefined, nodeEnv: string | undefined) =>
  nodeEnv !== 'production' && (!phoenixEnv || phoenixEnv === 'local');

/** Without CHANGE_CONTROL: a second admin in prd and beta-prd, a typed confirmation elsewhere when deployed, off locally. */
function defaultChangeControl(phoenixEnv: string | undefined, nodeEnv: string | undefined): ChangeControlMode {
  if (phoenixEnv === 'prd' || phoenixEnv === 'beta-prd') return 'approve';
  return isLocal(phoenixEnv, nodeEnv) ? 'off' : 'confirm';
}

/** A route with a token of its own (http/bearer.ts): the token's holder; without one, anyone locally and nobody when deployed. */
export const tokenAccess = (token: string | undefined, vars: EnvVars): BearerAccess =>
  token ? { token } : isLocal(vars.PHOENIX_ENV, vars.NODE_ENV) ? 'open' : 'off';

/** Local seed accounts only outside production, only for the local environment, and only on a database on this machine. */
export function localSeedAllowed(rawEnv: NodeJS.ProcessEnv = process.env): boolean {
  const { env } = withSecretFiles(rawEnv);
  return (
    isLocal(env.PHOENIX_ENV?.trim(), env.NODE_ENV?.trim()) &&
    remoteDatabaseHost(env.DATABASE_URL) === null &&
    remoteDatabaseHost(env.POINTS_DATABASE_URL) === null
  );
}

/** SEED_LOCAL_DATA: 1/true = on, 0/false = off, unset = on (still only where localSeedAllowed). */
export function seedWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return readEnv(env).SEED_LOCAL_DATA ?? true;
}

/** The server settings from checked variables (the points API passes its own default port). */
export function serverConfig(vars: EnvVars, defaults: { port: number } = { port: 8787 }): ServerConfig {
  return {
    port: vars.PORT ?? defaults.port,
    host: vars.HOST ?? '127.0.0.1',
    db: dbTarget(vars),
    migrationDatabaseUrl: vars.DATABASE_URL ? (vars.MIGRATION_DATABASE_URL ?? null) : null,
    requireServingRole: !isLocal(vars.PHOENIX_ENV, vars.NODE_ENV) && Boolean(vars.DATABASE_URL),
    corsOrigins: vars.CORS_ORIGINS ?? LOCAL_DEV_ORIGINS,
    trustProxy: vars.TRUST_PROXY ?? false,
    tokenTtlMinutes: vars.TOKEN_TTL_MINUTES ?? 720,
    tokenIdleMinutes: vars.TOKEN_IDLE_MINUTES ?? 30,
    oneTimePasswordTtlHours: vars.ONE_TIME_PASSWORD_TTL_HOURS ?? 24,
    maxSessionsPerAdmin: vars.MAX_SESSIONS_PER_ADMIN ?? 10,
    secondFactor: vars.SECOND_FACTOR ?? (isLocal(vars.PHOENIX_ENV, vars.NODE_ENV) ? 'optional' : 'required'),
    // Never a database elsewhere, even one named local.
    seedLocalData:
      (vars.SEED_LOCAL_DATA ?? true) &&
      localSeedAllowed({
        PHOENIX_ENV: vars.PHOENIX_ENV,
        NODE_ENV: vars.NODE_ENV,
        DATABASE_URL: vars.DATABASE_URL,
        POINTS_DATABASE_URL: vars.POINTS_DATABASE_URL,
      }),
    logLevel: vars.LOG_LEVEL ?? 'info',
    pgliteWirePort: vars.PGLITE_WIRE_PORT ?? null,
    pgliteWirePassword: vars.PGLITE_WIRE_PASSWORD ?? null,
    changeControl: {
      mode: vars.CHANGE_CONTROL ?? defaultChangeControl(vars.PHOENIX_ENV, vars.NODE_ENV),
      ttlHours: vars.CHANGE_REQUEST_TTL_HOURS ?? 24,
      bulkIdsAbove: vars.CHANGE_CONTROL_BULK_IDS ?? 1000,
      adjustmentPointsAbove: vars.CHANGE_CONTROL_ADJUSTMENT_POINTS ?? 100_000,
      // Budgets per admin and UTC day: many small calls add up (http/dailyBudget.ts).
      adjustmentPointsPerDay: vars.CHANGE_CONTROL_ADJUSTMENT_POINTS_PER_DAY ?? 200_000,
      idsPerDay: vars.CHANGE_CONTROL_IDS_PER_DAY ?? 5000,
      bulkBanAbove: vars.CHANGE_CONTROL_BULK_BAN ?? 100,
      // An approver must have held its account this long (a fresh account approving is one admin acting as two).
      approverMinAgeDays: vars.CHANGE_CONTROL_APPROVER_MIN_AGE_DAYS ?? (isLocal(vars.PHOENIX_ENV, vars.NODE_ENV) ? 0 : 7),
    },
    // The same defaults as REQUEST_LIMIT_DEFAULTS (http/requestLimits.ts), which apps built without them get.
    requestLimits: {
      searchesPerMinute: vars.SEARCHES_PER_MINUTE ?? 60,
      exportsPerMinute: vars.EXPORTS_PER_MINUTE ?? 10,
      exportsAtOnce: vars.EXPORTS_AT_ONCE ?? 2,
    },
    metrics: tokenAccess(vars.METRICS_TOKEN, vars),
    apiReference: isLocal(vars.PHOENIX_ENV, vars.NODE_ENV) || vars.PHOENIX_ENV === 'dev',
    deployed: !isLocal(vars.PHOENIX_ENV, vars.NODE_ENV),
    webauthn: webauthnSettings(vars),
    stakingChain: stakingChainSettings(vars),
    migrateOnStart: vars.MIGRATE_ON_START ?? true,
    environmentFile: vars.PHOENIX_ENVIRONMENT_FILE ?? null,
    actionLogSink: vars.ACTION_LOG_SINK ?? null,
    mail: {
      smtpUrl: vars.SMTP_URL ?? null,
      from: vars.MAIL_FROM ?? 'Phoenix Admin <no-reply@phoenix.local>',
      consoleUrl: vars.CONSOLE_URL ?? (vars.CORS_ORIGINS ?? LOCAL_DEV_ORIGINS)[0]!,
    },
  };
}

/** STAKING_RPC_URL and STAKING_CONTRACT_ADDRESS (both or neither, readEnv), on STAKING_CHAIN_ID (default Sepolia). */
export function stakingChainSettings(vars: EnvVars): StakingChainSettings | null {
  if (!vars.STAKING_RPC_URL || !vars.STAKING_CONTRACT_ADDRESS) return null;
  return { rpcUrl: vars.STAKING_RPC_URL, contractAddress: vars.STAKING_CONTRACT_ADDRESS, chainId: vars.STAKING_CHAIN_ID ?? 11_155_111 };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return serverConfig(readEnv(env));
}

/** For the start-up line: never print a database password. */
export function describeDb(target: DbTarget): string {
  if (target.kind === 'pglite') return `PGlite at ${target.dataDir ?? '(memory)'}`;
  try {
    const url = new URL(target.connectionString);
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
