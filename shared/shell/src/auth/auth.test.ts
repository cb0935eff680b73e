import { authHandlers, fakeBackend, memoryStorage } from './testing';
import { createStore } from 'jotai';
import { accountAtom, notifyUnauthorized, returnToAtom, tokenAtom } from '../core/authState';
import { runtimeConfigAtom } from '../core/config';
import type { RuntimeConfig } from '@phoenix/contract';
import { SESSION_LIFETIME_MS, STORAGE_KEY } from '../session/session';
import { authClientFactory } from './authClient';
import { signIn } from './signIn';
import { establishSession, logoutSession, restoreSession, syncSessionAcrossTabs } from './authSession';

const API = 'http://api.test';
const config = { environment: 'local', apiBase: API, pointsApiBase: 'http://points.test' } as unknown as RuntimeConfig;

function setup(handlers = authHandlers(), record?: unknown) {
  const backend = fakeBackend(handlers);
  const store = createStore();
  store.set(runtimeConfigAtom, config);
  const storage = memoryStorage(record === undefined ? {} : { [STORAGE_KEY]: JSON.stringify(record) });
  return { backend, store, storage, env: { store, storage, fetch: backend.fetch } };
}
const future = () => Date.now() + 60_000;
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('signIn', () => {
  const clients = (f: typeof fetch) => authClientFactory({ baseUrl: API, fetch: f });

  it('succeeds for role 2 with the token and the email', async () => {
    const { backend } = setup();
    await expect(signIn(clients(backend.fetch), { email: 'admin@example.com', password: 'secret' })).resolves.toEqual({
      status: true,
      email: 'admin@example.com',
      token: 'tok-admin',
    });
    expect(backend.callsTo('POST', '/users/info')[0].headers.get('token')).toBe('tok-admin');
  });

  it('fails when no token comes back, without asking for the user info', async () => {
    const { backend } = setup(authHandlers({ 'POST /users/login': () => ({ body: {} }) }));
    await expect(signIn(clients(backend.fetch), { email: 'admin@example.com', password: 'secret' })).resolves.toEqual({
      status: false,
      reason: 'invalid',
    });
    expect(backend.callsTo('POST', '/users/info')).toHaveLength(0);
  });

  it('fails for a role other than 2 and revokes that token', async () => {
    const { backend } = setup();
    await expect(signIn(clients(backend.fetch), { email: 'player@example.com', password: 'secret' })).resolves.toEqual({
      status: false,
      reason: 'invalid',
    });
    const logout = backend.callsTo('POST', '/users/logout');
    expect(logout).toHaveLength(1);
    expect(logout[0].headers.get('token')).toBe('tok-player');
  });

  it('fails when /users/info fails', async () => {
    const { backend } = setup(
      authHandlers({ 'POST /users/info': () => ({ status: 500, body: { error: { code: 'internal_error', message: 'x' } } }) }),
    );
    await expect(signIn(clients(backend.fetch), { email: 'admin@example.com', password: 'secret' })).resolves.toEqual({
      status: false,
      reason: 'unavailable',
    });
  });

  it('fails on wrong credentials, and says when rate-limited', async () => {
    const { backend } = setup(authHandlers());
    await expect(signIn(clients(backend.fetch), { email: 'admin@example.com', password: 'nope' })).resolves.toEqual({
      status: false,
      reason: 'invalid',
    });
    const limited = setup(
      authHandlers({ 'POST /users/login': () => ({ status: 429, body: { error: { code: 'too_many_requests', message: 'slow down' } } }) }),
    );
    await expect(signIn(clients(limited.backend.fetch), { email: 'admin@example.com', password: 'secret' })).resolves.toEqual({
      status: false,
      reason: 'rate_limited',
    });
  });
});

describe('restoreSession', () => {
  it('restores a valid record at once, then confirms it with /users/info', async () => {
    const { store, env, backend } = setup(authHandlers(), { data: { email: 'admin@example.com', token: 'tok-admin' }, expiry: future() });
    await restoreSession(env);
    expect(store.get(tokenAtom)).toBe('tok-admin');
    expect(store.get(accountAtom)).toEqual({ email: 'admin@example.com' });
    await flush();
    expect(backend.callsTo('POST', '/users/info')).toHaveLength(1);
    expect(store.get(tokenAtom)).toBe('tok-admin');
  });

  it('ignores an expired record', async () => {
    const { store, env, storage } = setup(authHandlers(), {
      data: { email: 'admin@example.com', token: 'tok-admin' },
      expiry: Date.now() - 1,
    });
    await restoreSession(env);
    expect(store.get(tokenAtom)).toBeNull();
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('a 401 on the background check signs out through the 401 path and remembers the page', async () => {
    const { store, env, storage } = setup(authHandlers(), { data: { email: 'admin@example.com', token: 'revoked' }, expiry: future() });
    await restoreSession({ ...env, getCurrentPath: () => '/admin/logs?page=2' });
    expect(store.get(tokenAtom)).toBe('revoked');
    await flush();
    await flush();
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(accountAtom)).toBeNull();
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    expect(store.get(returnToAtom)).toBe('/admin/logs?page=2');
  });

  it('a legacy record with a password signs in once and is rewritten without the password', async () => {
    const { store, env, storage, backend } = setup(authHandlers(), {
      data: { email: 'admin@example.com', password: 'secret' },
      expiry: future(),
    });
    const before = Date.now();
    await restoreSession(env);
    expect(backend.callsTo('POST', '/users/login')).toHaveLength(1);
    expect(store.get(tokenAtom)).toBe('tok-admin');
    const raw = storage.getItem(STORAGE_KEY)!;
    expect(raw).not.toContain('secret');
    expect(storage.writes.join('')).not.toContain('secret');
    const record = JSON.parse(raw);
    expect(record.data).toEqual({ email: 'admin@example.com', token: 'tok-admin' });
    expect(record.expiry).toBeGreaterThanOrEqual(before + SESSION_LIFETIME_MS);
    // a second start uses the token, not the password
    const again = createStore();
    again.set(runtimeConfigAtom, config);
    await restoreSession({ ...env, store: again });
    expect(backend.callsTo('POST', '/users/login')).toHaveLength(1);
    expect(again.get(tokenAtom)).toBe('tok-admin');
  });

  it('a legacy record whose sign-in fails is removed all the same', async () => {
    const { store, env, storage } = setup(authHandlers(), { data: { email: 'admin@example.com', password: 'wrong' }, expiry: future() });
    await restoreSession(env);
    expect(store.get(tokenAtom)).toBeNull();
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('a 401 while signed in clears everything; a second 401 keeps the first page', async () => {
    const { store, env, storage } = setup(authHandlers(), { data: { email: 'admin@example.com', token: 'tok-admin' }, expiry: future() });
    let path = '/admin/present/edit?id=42';
    await restoreSession({ ...env, getCurrentPath: () => path });
    notifyUnauthorized();
    expect(store.get(tokenAtom)).toBeNull();
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    expect(store.get(returnToAtom)).toBe('/admin/present/edit?id=42');
    path = '/auth/login';
    notifyUnauthorized();
    expect(store.get(returnToAtom)).toBe('/admin/present/edit?id=42');
  });
});

describe('logoutSession', () => {
  it('calls /users/logout with the token and clears everything', async () => {
    const { store, env, storage, backend } = setup();
    establishSession({ email: 'admin@example.com', token: 'tok-admin' }, env);
    await logoutSession(env);
    expect(backend.callsTo('POST', '/users/logout')[0].headers.get('token')).toBe('tok-admin');
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(accountAtom)).toBeNull();
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('clears everything even when the logout call fails', async () => {
    const { store, env, storage } = setup(
      authHandlers({ 'POST /users/logout': () => ({ status: 500, body: { error: { code: 'internal_error', message: 'down' } } }) }),
    );
    establishSession({ email: 'admin@example.com', token: 'tok-admin' }, env);
    await logoutSession(env);
    expect(store.get(tokenAtom)).toBeNull();
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    const offline = setup(authHandlers());
    establishSession({ email: 'admin@example.com', token: 'tok-admin' }, offline.env);
    await logoutSession({ ...offline.env, fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch });
    expect(offline.store.get(tokenAtom)).toBeNull();
  });
});

describe('syncSessionAcrossTabs', () => {
  it('signs out locally when another tab removes the record, without any API call', () => {
    const { store, env, backend } = setup();
    establishSession({ email: 'admin@example.com', token: 'tok-admin' }, env);
    const stop = syncSessionAcrossTabs(env);
    env.storage.removeItem(STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY, oldValue: 'x', newValue: null }));
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(accountAtom)).toBeNull();
    expect(backend.calls).toHaveLength(0);
    stop();
  });

  it('ignores other keys and follows a sign-in made in another tab', () => {
    const { store, env } = setup();
    const stop = syncSessionAcrossTabs(env);
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else', newValue: null }));
    const record = JSON.stringify({ data: { email: 'admin@example.com', token: 'tok-other' }, expiry: future() });
    env.storage.setItem(STORAGE_KEY, record);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY, newValue: record }));
    expect(store.get(tokenAtom)).toBe('tok-other');
    stop();
  });
});
