import { ApiRequestError } from '@phoenix/shell/src/api/ApiRequestError';
import type { AuthClientFactory } from '@phoenix/shell/src/auth/signIn';

/** The shell client's timeout (ky's, api/client.ts). */
const TIMEOUT_MS = 30_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The BFF's error body `{ error: { code, message, fieldErrors? } }`, read as the shell's client reads it. */
async function errorOf(response: Response): Promise<ApiRequestError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    /* not JSON: fall back to the status text */
  }
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    const fieldErrors = isRecord(error.fieldErrors) ? (error.fieldErrors as Record<string, string[]>) : {};
    return new ApiRequestError(response.status, error.code, error.message, fieldErrors, error.current);
  }
  return new ApiRequestError(response.status, 'http_error', `${response.status} ${response.statusText}`.trim());
}

/**
 * The auth calls of the lean sign-in page over fetch: JSON in and out, the `token` header, failures
 * as the shell's ApiRequestError (status 0 when no answer came), like the shell's ky client does.
 */
export function fetchClientFactory(baseUrl: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): AuthClientFactory {
  const prefix = baseUrl.replace(/\/+$/, '');
  return (token) => ({
    async post<T>(path: string, body?: unknown): Promise<T> {
      let response: Response;
      try {
        response = await fetchImpl(`${prefix}/${path.replace(/^\/+/, '')}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { token } : {}) },
          body: JSON.stringify(body ?? {}),
          signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(TIMEOUT_MS) : undefined,
        });
      } catch {
        throw new ApiRequestError(0, 'network_error', 'The server could not be reached');
      }
      if (!response.ok) throw await errorOf(response);
      if (response.status === 204) return undefined as T;
      const text = await response.text();
      return (text ? JSON.parse(text) : undefined) as T;
    },
  });
}
