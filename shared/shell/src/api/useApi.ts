import { useMemo } from 'react';
import { useStore } from 'jotai';
import { runtimeConfigAtom } from '../core/config';
import { notifyUnauthorized, tokenAtom } from '../core/authState';
import { createApiClient, type ApiClient } from './client';

function useClientFor(pick: 'apiBase' | 'pointsApiBase'): ApiClient {
  const store = useStore();
  const config = store.get(runtimeConfigAtom);
  const baseUrl = config?.[pick] ?? '';
  return useMemo(
    () =>
      createApiClient({
        baseUrl,
        // Read at request time, so a client made before sign-in still sends the current token.
        getToken: () => store.get(tokenAtom),
        onUnauthorized: notifyUnauthorized,
      }),
    [baseUrl, store],
  );
}

/** Client for the BFF (config.apiBase). */
export function useApi(): ApiClient {
  return useClientFor('apiBase');
}

/** Client for the separate points API (config.pointsApiBase). */
export function usePointsApi(): ApiClient {
  return useClientFor('pointsApiBase');
}
