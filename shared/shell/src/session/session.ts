/**
 * The stored session (seed §3, PRODUCT §6): `{ data: { email, token }, expiry }` under
 * 'admin-phoenix'. The seed's shape and one-year lifetime are kept, but the record holds the
 * token, never a password. The lifetime only bounds how long the browser keeps the record;
 * the backend decides how long the token itself lives.
 */
export const STORAGE_KEY = 'admin-phoenix';

/** Seed §9: 31556926000 ms (about one year), counted from sign-in. */
export const SESSION_LIFETIME_MS = 31_556_926_000;

/** The part of `Storage` the session needs (localStorage in the app, a fake in tests). */
export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface StoredSession {
  email: string;
  token: string;
}

/** A record in the seed's old shape: still holds a password. Used once to sign in, then rewritten. */
export interface LegacySession {
  legacy: { email: string; password: string };
}

export type ReadSessionResult = StoredSession | LegacySession | null;

export function isLegacySession(value: ReadSessionResult): value is LegacySession {
  return value !== null && 'legacy' in value;
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function safeGet(storage: SessionStorage): string | null {
  try {
    return storage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame): behave as signed out
  }
}

/** Removes the record. Never throws. */
export function clearSession(storage: SessionStorage): void {
  try {
    storage.removeItem(STORAGE_KEY);
  } catch {
    /* storage unavailable: nothing to remove */
  }
}

/** Stores `{ data: { email, token }, expiry: now + SESSION_LIFETIME_MS }`. Never a password. */
export function writeSession(storage: SessionStorage, session: StoredSession, now: number = Date.now()): void {
  const record = { data: { email: session.email, token: session.token }, expiry: now + SESSION_LIFETIME_MS };
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(record));
  } catch {
    /* quota or storage disabled: the session then lives only in memory for this tab */
  }
}

/**
 * Reads the stored session. Counts only if `expiry` is in the future and email and token are
 * both non-empty strings. A record in the legacy shape (email + password) is reported as
 * `{ legacy }` so the auth layer can sign in once with it. Anything else (expired, incomplete,
 * malformed JSON, wrong shape) is removed and reads as null; this never throws.
 */
export function readSession(storage: SessionStorage, now: number = Date.now()): ReadSessionResult {
  const raw = safeGet(storage);
  if (raw === null) return null;

  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    clearSession(storage);
    return null;
  }

  if (!isRecord(parsed) || !isRecord(parsed.data) || typeof parsed.expiry !== 'number' || !Number.isFinite(parsed.expiry)) {
    clearSession(storage);
    return null;
  }
  if (parsed.expiry <= now) {
    clearSession(storage);
    return null;
  }

  const { email, token, password } = parsed.data;
  if (!nonEmptyString(email)) {
    clearSession(storage);
    return null;
  }
  if (nonEmptyString(token)) {
    if (password !== undefined) {
      // A password next to a token: drop the password, keep the sign-in and its expiry.
      try {
        storage.setItem(STORAGE_KEY, JSON.stringify({ data: { email, token }, expiry: parsed.expiry }));
      } catch {
        clearSession(storage);
      }
    }
    return { email, token };
  }
  if (nonEmptyString(password)) {
    return { legacy: { email, password } };
  }
  clearSession(storage);
  return null;
}
