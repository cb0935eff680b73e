import { createHash, randomBytes } from 'node:crypto';
import * as argon2 from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

/** A new session token: 32 random bytes, base64url. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** argon2id cost parameters (memory in KiB). */
export interface PasswordHashParams {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP Password Storage Cheat Sheet, argon2id: m=19 MiB, t=2, p=1. */
export const OWASP_ARGON2ID: PasswordHashParams = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** `Algorithm.Argon2id` (a const enum in the binding's types, so not importable under isolatedModules). */
const ARGON2ID = 2 as argon2.Algorithm;

/**
 * argon2id through a native binding: hashing runs on libuv's thread pool, so a burst of
 * sign-ins does not stall every other request on the event loop.
 */
export function hashPassword(password: string, params: PasswordHashParams): Promise<string> {
  return argon2.hash(password, { ...params, algorithm: ARGON2ID });
}

const isBcryptHash = (hash: string) => /^\$2[abxy]?\$/.test(hash);

/** Verifies against an argon2id hash, or a bcrypt hash from before the switch. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  if (isBcryptHash(hash)) return bcrypt.compare(password, hash);
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false; // a malformed stored hash matches nothing
  }
}

/** True when a stored hash is not argon2id at `params` (legacy bcrypt, or older parameters). */
export function needsRehash(hash: string, params: PasswordHashParams): boolean {
  if (isBcryptHash(hash)) return true;
  try {
    const current = argon2.parseOptions(hash);
    return (
      current.algorithm !== ARGON2ID ||
      current.memoryCost !== params.memoryCost ||
      current.timeCost !== params.timeCost ||
      current.parallelism !== params.parallelism
    );
  } catch {
    return true;
  }
}

const dummyHashes = new Map<string, Promise<string>>();
/** A hash to verify against when the email is unknown, so both paths take the same time. */
export function dummyPasswordHash(params: PasswordHashParams): Promise<string> {
  const key = `${params.memoryCost}/${params.timeCost}/${params.parallelism}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword(randomBytes(16).toString('hex'), params);
    dummyHashes.set(key, hash);
  }
  return hash;
}
