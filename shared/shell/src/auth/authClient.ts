import { createApiClient, type ApiClient } from '../api/client';

/**
 * Clients for the auth calls. Their 401s do NOT trigger the console-wide sign-out: a rejected
 * sign-in is not an expired session.
 */
export function authClientFactory(options: { baseUrl: string; fetch?: typeof fetch }): (token: string | null) => ApiClient {
  return (token) =>
    createApiClient({
      baseUrl: options.baseUrl,
      getToken: () => token,
      onUnauthorized: () => {},
      fetch: options.fetch,
    });
}
