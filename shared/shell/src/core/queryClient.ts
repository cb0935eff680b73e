import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../api/ApiRequestError';

export function createShellQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        // Retry only what a retry can fix: network blips and 5xx, never 4xx.
        retry: (failureCount, error) => failureCount < 2 && (!(error instanceof ApiRequestError) || error.isNetwork || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
}

/** The one query cache of the console (the shell package is a singleton). */
export const shellQueryClient = createShellQueryClient();
