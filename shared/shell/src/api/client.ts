import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import { apiErrorSchema } from '@phoenix/contract';
import { ApiRequestError } from './ApiRequestError';

export interface ApiClientOptions {
  baseUrl: string;
  getToken: () => string | null;
  onUnauthorized: () => void;
  /** Injected by tests. */
  fetch?: typeof fetch;
  /**
   * A change's 428 (a global operation wants its scope typed, or a change request): answers for
   * the call, e.g. by retrying it with `retry(headers)` (api/changeControl.ts). Else the 428 is thrown.
   */
  onPreconditionRequired?: (error: ApiRequestError, call: RefusedCall) => Promise<unknown>;
  /**
   * A 403 step_up_required (the operation wants the second factor proved again): resolves once a
   * code was accepted (then the call is sent again), rejects when the admin gave up.
   */
  onStepUpRequired?: (error: ApiRequestError) => Promise<void>;
}

/** A change the server answered with 428: what was sent, and a way to send it again with more headers. */
export interface RefusedCall {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path with its query, e.g. /constant-variables/3?version=2. */
  path: string;
  body: unknown;
  retry: (headers: Record<string, string>) => Promise<unknown>;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

/** A small typed layer over ky: JSON in and out, the `token` header, errors as ApiRequestError. */
export interface ApiClient {
  get<T>(path: string, query?: Query): Promise<T>;
  getText(path: string, query?: Query): Promise<string>;
  /** `headers`: extra request headers (e.g. `idempotency-key` on a ledger change). */
  post<T>(path: string, body?: unknown, options?: { headers?: Record<string, string> }): Promise<T>;
  put<T>(path: string, body?: unknown, options?: { headers?: Record<string, string> }): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: { headers?: Record<string, string> }): Promise<T>;
  delete<T>(path: string, query?: Query, options?: { headers?: Record<string, string> }): Promise<T>;
}

function cleanQuery(query?: Query): Record<string, string> | undefined {
  if (!query) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') out[k] = String(v);
  }
  return out;
}

async function toApiError(error: unknown, onUnauthorized: () => void): Promise<ApiRequestError> {
  if (error instanceof HTTPError) {
    const { status } = error.response;
    if (status === 401) onUnauthorized();
    let body: unknown = null;
    try {
      body = await error.response.clone().json();
    } catch {
      /* not JSON: fall back to the status text */
    }
    const parsed = apiErrorSchema.safeParse(body);
    if (parsed.success) {
      const e = parsed.data.error;
      const keyed = e.messageKey ? { key: e.messageKey, params: e.messageParams ?? {} } : undefined;
      return new ApiRequestError(status, e.code, e.message, e.fieldErrors ?? {}, e.current, keyed);
    }
    return new ApiRequestError(status, 'http_error', `${status} ${error.response.statusText}`.trim());
  }
  if (error instanceof ApiRequestError) return error;
  return new ApiRequestError(0, 'network_error', 'The server could not be reached');
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const http: KyInstance = ky.create({
    prefixUrl: options.baseUrl.replace(/\/+$/, ''),
    retry: 0,
    timeout: 30_000,
    fetch: options.fetch,
    hooks: {
      beforeRequest: [
        (request) => {
          const token = options.getToken();
          if (token) request.headers.set('token', token);
        },
      ],
    },
  });

  async function call<T>(
    method: 'get' | 'post' | 'put' | 'patch' | 'delete',
    path: string,
    kyOptions: Options,
    as: 'json' | 'text' = 'json',
    retried = false,
    steppedUp = false,
  ): Promise<T> {
    try {
      const response = await http(path.replace(/^\/+/, ''), { method, ...kyOptions });
      if (as === 'text') return (await response.text()) as T;
      if (response.status === 204) return undefined as T;
      const text = await response.text();
      return (text ? JSON.parse(text) : undefined) as T;
    } catch (error) {
      const failure = await toApiError(error, options.onUnauthorized);
      // Step-up: once a code is accepted, the same call again (any method: exports are GETs).
      if (failure.status === 403 && failure.code === 'step_up_required' && !steppedUp && options.onStepUpRequired) {
        await options.onStepUpRequired(failure);
        return call(method, path, kyOptions, as, retried, true);
      }
      if (failure.status !== 428 || method === 'get' || retried || !options.onPreconditionRequired) throw failure;
      const query = new URLSearchParams((kyOptions.searchParams as Record<string, string> | undefined) ?? {}).toString();
      return (await options.onPreconditionRequired(failure, {
        method: method.toUpperCase() as RefusedCall['method'],
        path: `/${path.replace(/^\/+/, '')}${query ? `?${query}` : ''}`,
        body: kyOptions.json,
        retry: (headers) =>
          call(
            method,
            path,
            { ...kyOptions, headers: { ...(kyOptions.headers as Record<string, string>), ...headers } },
            as,
            true,
            steppedUp,
          ),
      })) as T;
    }
  }

  return {
    get: (path, query) => call('get', path, { searchParams: cleanQuery(query) }),
    getText: (path, query) => call('get', path, { searchParams: cleanQuery(query) }, 'text'),
    post: (path, body, extra) => call('post', path, { json: body ?? {}, headers: extra?.headers }),
    put: (path, body, extra) => call('put', path, { json: body ?? {}, headers: extra?.headers }),
    patch: (path, body, extra) => call('patch', path, { json: body ?? {}, headers: extra?.headers }),
    delete: (path, query, extra) => call('delete', path, { searchParams: cleanQuery(query), headers: extra?.headers }),
  };
}
