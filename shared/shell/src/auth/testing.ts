/**
 * Test support (never imported by app code): web fetch classes for jest's jsdom environment,
 * which lacks them, and a fake backend to stub `fetch` with. Import it FIRST in a test file:
 *   import '@phoenix/shell/src/auth/testing';
 */
import vm from 'node:vm';

const NEEDED = ['fetch', 'Request', 'Response', 'Headers', 'TextEncoder', 'TextDecoder', 'ReadableStream'] as const;
/** Replaced together with fetch: a Node Request may refuse a jsdom AbortSignal. */
const PAIRED = ['AbortController', 'AbortSignal'] as const;

export function installFetchGlobals(): void {
  const g = globalThis as Record<string, unknown>;
  if (typeof g.fetch !== 'undefined') return; // a real environment, or already installed
  // The outer Node context has them all; the jsdom window does not.
  const names = [...NEEDED, ...PAIRED];
  const outer = vm.runInThisContext(`({ ${names.join(', ')} })`) as Record<string, unknown>;
  for (const name of NEEDED) if (typeof g[name] === 'undefined') g[name] = outer[name];
  for (const name of PAIRED) g[name] = outer[name];
}
installFetchGlobals();

export interface FakeCall {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: unknown;
}
export interface FakeReply {
  status?: number;
  body?: unknown;
}
export type FakeHandler = (call: FakeCall) => FakeReply | Promise<FakeReply>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * A fetch that answers from handlers keyed 'METHOD /path' (query string ignored for matching).
 * Unknown routes answer 404. Every call is recorded in `calls`.
 */
export function fakeBackend(handlers: Record<string, FakeHandler>) {
  const calls: FakeCall[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const call: FakeCall = { method: request.method, path: url.pathname, search: url.search, headers: request.headers, body };
    calls.push(call);
    const handler = handlers[`${request.method} ${url.pathname}`];
    if (!handler) return jsonResponse(404, { error: { code: 'not_found', message: 'Not found' } });
    const reply = await handler(call);
    return jsonResponse(reply.status ?? 200, reply.body);
  };
  return {
    calls,
    fetch: fetchImpl as typeof fetch,
    /** Stubs the global fetch; returns the restore function. */
    install(): () => void {
      const previous = globalThis.fetch;
      globalThis.fetch = fetchImpl as typeof fetch;
      return () => {
        globalThis.fetch = previous;
      };
    },
    callsTo(method: string, path: string): FakeCall[] {
      return calls.filter((c) => c.method === method && c.path === path);
    },
  };
}

/** A storage that records writes, for asserting what was (never) stored. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  const writes: string[] = [];
  return {
    writes,
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => {
      writes.push(value);
      map.set(key, String(value));
    },
    removeItem: (key: string) => {
      map.delete(key);
    },
  };
}

/** Standard auth handlers: `admin@example.com` / `secret` is an admin, `player@example.com` / `secret` a player. */
export function authHandlers(overrides: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  const accounts: Record<string, { token: string; role: number; id: number }> = {
    'admin@example.com': { token: 'tok-admin', role: 2, id: 1 },
    'player@example.com': { token: 'tok-player', role: 1, id: 2 },
  };
  return {
    'POST /users/login': ({ body }) => {
      const { email, password } = (body ?? {}) as { email?: string; password?: string };
      const account = email ? accounts[email] : undefined;
      if (!account || password !== 'secret') return { status: 401, body: { error: { code: 'unauthorized', message: 'Sign-in failed' } } };
      return { body: { token: account.token } };
    },
    'POST /users/info': ({ headers }) => {
      const entry = Object.entries(accounts).find(([, a]) => a.token === headers.get('token'));
      if (!entry) return { status: 401, body: { error: { code: 'unauthorized', message: 'Unauthorized' } } };
      return { body: { data: { userInfo: { id: entry[1].id, email: entry[0], role: entry[1].role, roles: ['owner'] } } } };
    },
    'POST /users/logout': () => ({ body: { ok: true } }),
    ...overrides,
  };
}
