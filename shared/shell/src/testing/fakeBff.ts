/**
 * A fake BFF for component tests: register handlers per method + path, get a `fetch` to install
 * as the global one, and inspect the requests the page made.
 *
 *   const bff = fakeBff()
 *     .get('/constant-variables', () => json(page([cv])))
 *     .delete('/constant-variables/:id', () => noContent());
 */
export interface FakeRequest {
  method: string;
  /** The API base's origin the page called (the BFF's or the points API's). */
  origin: string;
  /** Path without the API base, e.g. '/constant-variables/7'. */
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  headers: Headers;
  body: unknown;
}

export type FakeReply = { status: number; body?: unknown; text?: string; contentType?: string };
export type FakeHandler = (req: FakeRequest) => FakeReply | Promise<FakeReply>;

export const json = (body: unknown, status = 200): FakeReply => ({ status, body });
export const noContent = (): FakeReply => ({ status: 204 });
export const csv = (text: string): FakeReply => ({ status: 200, text, contentType: 'text/csv' });
export const page = <T>(items: T[], extra: { total?: number; page?: number; pageSize?: number } = {}) => ({
  items,
  total: extra.total ?? items.length,
  page: extra.page ?? 1,
  pageSize: extra.pageSize ?? 20,
});
/** The BFF's error body: { error: { code, message, fieldErrors?, current?, messageKey?, messageParams? } }. */
export const apiError = (
  status: number,
  code: string,
  message: string,
  more: {
    fieldErrors?: Record<string, string[]>;
    current?: unknown;
    messageKey?: string;
    messageParams?: Record<string, string | number>;
  } = {},
): FakeReply => ({
  status,
  body: { error: { code, message, ...more } },
});
/** Makes fetch reject the way a dropped connection does. */
export const NETWORK_ERROR: FakeReply = { status: -1 };

interface Route {
  /** The fake's own default (the signed-in admin's roles): answered, not recorded in `requests`. */
  builtIn?: boolean;
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: FakeHandler;
}

function compile(path: string): { pattern: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), keys };
}

export interface FakeBff {
  get(path: string, handler: FakeHandler): FakeBff;
  post(path: string, handler: FakeHandler): FakeBff;
  put(path: string, handler: FakeHandler): FakeBff;
  patch(path: string, handler: FakeHandler): FakeBff;
  delete(path: string, handler: FakeHandler): FakeBff;
  /** Every request received, in order. */
  requests: FakeRequest[];
  /** Requests matching a method and path (exact path, without query). */
  calls(method: string, path: string): FakeRequest[];
  fetch: typeof fetch;
}

/** Answers requests to any origin; unmatched requests get a 404 and are reported in the error. */
export function fakeBff(): FakeBff {
  const routes: Route[] = [];
  const requests: FakeRequest[] = [];
  const add = (method: string) => (path: string, handler: FakeHandler) => {
    routes.push({ method, ...compile(path), handler });
    return bff;
  };

  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const raw = method === 'GET' || method === 'HEAD' ? '' : await request.text();
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      /* keep the text */
    }
    const req: FakeRequest = {
      method,
      origin: url.origin,
      path: url.pathname,
      query: url.searchParams,
      params: {},
      headers: request.headers,
      body,
    };
    // Later registrations win, so a test can override a default route.
    for (let i = routes.length - 1; i >= 0; i--) {
      const route = routes[i];
      if (route.method !== method) continue;
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      if (!route.builtIn) requests.push(req);
      route.keys.forEach((key, k) => (req.params[key] = decodeURIComponent(match[k + 1])));
      const reply = await route.handler(req);
      if (reply.status === -1) throw new TypeError('Failed to fetch');
      if (reply.status === 204) return new Response(null, { status: 204 });
      if (reply.text !== undefined)
        return new Response(reply.text, { status: reply.status, headers: { 'content-type': reply.contentType ?? 'text/plain' } });
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }
    requests.push(req);
    return new Response(JSON.stringify({ error: { code: 'not_found', message: `No fake route for ${method} ${url.pathname}` } }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  };

  const bff: FakeBff = {
    get: add('GET'),
    post: add('POST'),
    put: add('PUT'),
    patch: add('PATCH'),
    delete: add('DELETE'),
    requests,
    calls: (method, path) => requests.filter((r) => r.method === method.toUpperCase() && r.path === path),
    fetch: fakeFetch as typeof fetch,
  };
  // The signed-in admin's roles (usePermissions): an owner, unless a test says otherwise.
  routes.push({
    builtIn: true,
    method: 'POST',
    ...compile('/users/info'),
    handler: () => json({ data: { userInfo: { id: 1, email: 'admin@phoenix.local', role: 2, roles: ['owner'] } } }),
  });
  return bff;
}
