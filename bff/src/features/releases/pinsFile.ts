import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { sql, type Transaction } from 'kysely';
import type { CanaryAudience, CanaryRollback, PinHistoryEntry } from '@phoenix/contract';
import type { Database } from '../../db/schema';

/**
 * The environment file (environments/<env>.json, PHOENIX_ENVIRONMENT_FILE): where the pins live.
 * The static server reads it on every /config.json (scripts/serve.mjs), the CLI writes it
 * (scripts/env.mjs), and so does the BFF: console promote/abort and the automatic rollback.
 *
 * Several BFF instances share one database and may share the file: each write happens inside a
 * transaction holding PINS_LOCK_KEY (an advisory lock, released by its commit or rollback), re-reads
 * the file under it, and replaces it atomically (a temporary file beside it, then a rename), so a
 * reader never sees half a file and two instances never lose each other's change.
 */
export const PINS_LOCK_KEY = 4_212_072;

export interface CanaryPinInFile {
  version: string;
  integrity?: string;
  audience: CanaryAudience;
  rollback: CanaryRollback;
  startedAt: string;
}

export interface PinInFile {
  version: string;
  integrity?: string;
  canary?: CanaryPinInFile;
  [field: string]: unknown;
}

export interface PinsFile {
  environment?: string;
  remotes?: Record<string, PinInFile>;
  qaOverrides?: { allowed?: boolean; roles?: string[] };
  history?: PinHistoryEntry[];
  [field: string]: unknown;
}

/** The CLI's defaults (scripts/lib/releases.mjs CANARY_ROLLBACK_DEFAULTS) for a canary written without limits. */
export const CANARY_ROLLBACK_DEFAULTS: CanaryRollback = { minSessions: 20, maxErrorRateIncrease: 0.05 };

export async function readPins(file: string): Promise<PinsFile> {
  const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as unknown;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${file}: not an environment file (a JSON object)`);
  return parsed as PinsFile;
}

/** Replaces the file at once: written beside it under a name of its own, then renamed over it. */
export async function writePins(file: string, data: PinsFile): Promise<void> {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await fs.writeFile(tmp, `${JSON.stringify(data, null, 2)}\n`);
    await fs.rename(tmp, file);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
}

/** Holds the pins' lock until `trx` ends: every writer of the file on this database waits its turn here. */
export async function lockPins(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${PINS_LOCK_KEY}::bigint)`.execute(trx);
}

/** A canary as the file holds it, its missing limits filled with the defaults. */
export function canaryOf(pin: PinInFile | undefined): CanaryPinInFile | null {
  const canary = pin?.canary;
  if (!canary || typeof canary.version !== 'string') return null;
  return {
    ...canary,
    audience: { percent: canary.audience?.percent ?? 0, admins: canary.audience?.admins ?? [], roles: canary.audience?.roles ?? [] },
    rollback: { ...CANARY_ROLLBACK_DEFAULTS, ...canary.rollback },
  };
}
