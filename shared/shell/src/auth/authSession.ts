import type { UserInfoResponse } from '@phoenix/contract';
import { ADMIN_ROLE } from '@phoenix/contract/src/roles';
import { shellStore } from '../core/store';

type Store = typeof shellStore;
import { accountAtom, notifyUnauthorized, returnToAtom, setUnauthorizedHandler, tokenAtom } from '../core/authState';
import { runtimeConfigAtom } from '../core/config';
import { ApiRequestError } from '../api/ApiRequestError';
import {
  STORAGE_KEY,
  clearSession,
  isLegacySession,
  readSession,
  writeSession,
  type SessionStorage,
  type StoredSession,
} from '../session/session';
import { signIn } from './signIn';

/**
 * The API client (ky) loads on the first call that needs it: a restored session paints the console
 * before it (the host's first paint imports this module through the shell's boot entry, src/boot.ts).
 */
const loadAuthClient = () => import('./authClient');

/** Used when there is no window (never in the browser): keeps everything in memory. */
function memoryStorage(): SessionStorage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}
let fallbackStorage: SessionStorage | null = null;

export function defaultSessionStorage(): SessionStorage {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  } catch {
    /* access denied */
  }
  fallbackStorage ??= memoryStorage();
  return fallbackStorage;
}

export interface AuthEnv {
  store?: Store;
  storage?: SessionStorage;
  /** Injected by tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

function resolve(env: AuthEnv = {}) {
  return {
    store: env.store ?? shellStore,
    storage: env.storage ?? defaultSessionStorage(),
    fetch: env.fetch,
  };
}

/** Signed in: account, token header and stored session (seed §4). */
export function establishSession(session: StoredSession, env?: AuthEnv): void {
  const { store, storage } = resolve(env);
  writeSession(storage, session);
  store.set(accountAtom, { email: session.email });
  store.set(tokenAtom, session.token);
}

/** Signed out in this tab only: no API call. */
export function signOutLocally(env?: AuthEnv): void {
  const { store, storage } = resolve(env);
  store.set(accountAtom, null);
  store.set(tokenAtom, null);
  clearSession(storage);
}

/**
 * Logout (seed §4): POST /users/logout with the token, and clear account, token and stored
 * session whether or not that call succeeds. The local state is cleared at once (no waiting
 * on a slow server); the returned promise settles when the call is done.
 */
export async function logoutSession(env?: AuthEnv): Promise<void> {
  const { store, storage, fetch } = resolve(env);
  const token = store.get(tokenAtom);
  const config = store.get(runtimeConfigAtom);
  const pending =
    token && config
      ? loadAuthClient()
          .then(({ authClientFactory }) => authClientFactory({ baseUrl: config.apiBase, fetch })(token).post('/users/logout'))
          .then(
            () => undefined,
            () => undefined,
          )
      : Promise.resolve();
  signOutLocally({ store, storage });
  await pending;
}

function currentBrowserPath(): string {
  if (typeof window === 'undefined') return '/admin';
  return `${window.location.pathname}${window.location.search}`;
}

/**
 * What a 401 anywhere does (PRODUCT §6): remember the page, sign out locally. The guard then
 * sends the admin to login, and login sends them back to `returnToAtom`.
 */
export function handleUnauthorized(currentPath: string, env?: AuthEnv): void {
  const { store, storage } = resolve(env);
  if (store.get(tokenAtom) === null) {
    clearSession(storage);
    return; // already signed out: keep the page remembered by the first 401
  }
  if (currentPath.startsWith('/admin')) store.set(returnToAtom, currentPath);
  signOutLocally({ store, storage });
}

/** Registers the console's 401 handler (setUnauthorizedHandler of the shell core). */
export function installUnauthorizedHandler(getCurrentPath: () => string = currentBrowserPath, env?: AuthEnv): void {
  const resolved = resolve(env);
  setUnauthorizedHandler(() => handleUnauthorized(getCurrentPath(), resolved));
}

/**
 * Cross-tab: another tab removing the record signs this tab out (locally, no API call); another
 * tab signing in (a new valid record) signs this tab in with it. Returns the unsubscribe.
 */
export function syncSessionAcrossTabs(
  env?: AuthEnv,
  target: Window | undefined = typeof window === 'undefined' ? undefined : window,
): () => void {
  if (!target) return () => {};
  const { store, storage } = resolve(env);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== STORAGE_KEY) return;
    if (event.newValue === null) {
      if (store.get(tokenAtom) !== null) signOutLocally({ store, storage });
      return;
    }
    const found = readSession(storage);
    if (found === null) {
      if (store.get(tokenAtom) !== null) signOutLocally({ store, storage });
    } else if (!isLegacySession(found) && found.token !== store.get(tokenAtom)) {
      store.set(accountAtom, { email: found.email });
      store.set(tokenAtom, found.token);
    }
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}

/** Background check of a restored token: a 401 takes the normal 401 path, a non-admin is signed out. */
async function confirmSession(token: string, env: ReturnType<typeof resolve>): Promise<void> {
  const config = env.store.get(runtimeConfigAtom);
  if (!config) return;
  const { createApiClient } = await import('../api/client');
  const client = createApiClient({
    baseUrl: config.apiBase,
    getToken: () => token,
    onUnauthorized: () => {
      if (env.store.get(tokenAtom) === token) notifyUnauthorized();
    },
    fetch: env.fetch,
  });
  try {
    const response = await client.post<UserInfoResponse>('/users/info');
    const role = response?.data?.userInfo?.role;
    if (role !== ADMIN_ROLE && env.store.get(tokenAtom) === token) signOutLocally(env);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 403 && env.store.get(tokenAtom) === token) {
      signOutLocally(env);
    }
    // Network errors and 5xx keep the session: the next call will tell.
  }
}

export interface RestoreSessionOptions extends AuthEnv {
  /** Where a 401 should bring the admin back to; the browser location by default. */
  getCurrentPath?: () => string;
  /** The background /users/info check (and its API client) waits for this: the host passes its first paint. */
  confirmAfter?: Promise<unknown>;
}

/**
 * Called once by the host at start, after runtimeConfigAtom is set and before routes render
 * (seed §4: stored credentials are used automatically, ignored if expired).
 * - registers the 401 handler;
 * - a valid record sets account and token at once, then /users/info confirms it in background;
 * - a legacy record (with a password) is removed, used once to sign in, and on success
 *   replaced by `{ email, token }`.
 * Resolves when the atoms are set (or known to stay empty).
 */
export async function restoreSession(options: RestoreSessionOptions = {}): Promise<void> {
  const env = resolve(options);
  installUnauthorizedHandler(options.getCurrentPath, env);
  const found = readSession(env.storage);
  if (found === null) return;

  if (isLegacySession(found)) {
    clearSession(env.storage); // the password leaves storage whatever happens next
    const config = env.store.get(runtimeConfigAtom);
    if (!config) return;
    const { authClientFactory } = await loadAuthClient();
    const result = await signIn(authClientFactory({ baseUrl: config.apiBase, fetch: env.fetch }), found.legacy);
    if (result.status) establishSession({ email: result.email, token: result.token }, env);
    return;
  }

  env.store.set(accountAtom, { email: found.email });
  env.store.set(tokenAtom, found.token);
  void Promise.resolve(options.confirmAfter).then(() => confirmSession(found.token, env));
}
