import { useMemo } from 'react';
import { useStore } from 'jotai';
import { runtimeConfigAtom } from '../core/config';
import { notifyUnauthorized, tokenAtom } from '../core/authState';
import type { ShellStore } from '../core/store';
import { createApiClient, type ApiClient } from './client';

type ApiBase = 'apiBase' | 'pointsApiBase';

/** A client for the BFF or the points API, outside React too (a page's prefetch runs before it renders). */
export function apiClientOf(store: ShellStore, pick: ApiBase): ApiClient {
  return createApiClient({
    baseUrl: store.get(runtimeConfigAtom)?.[pick] ?? '',
    // Read at request time, so a client made before sign-in still sends the current token.
    getToken: () => store.get(tokenAtom),
    onUnauthorized: notifyUnauthorized,
  });
}

function useClientFor(pick: ApiBase): ApiClient {
  const store = useStore();
  const baseUrl = store.get(runtimeConfigAtom)?.[pick] ?? '';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new base URL makes a new client
  return useMemo(() => apiClientOf(store, pick), [baseUrl, store, pick]);
}

/** Client for the BFF (config.apiBase). */
export function useApi(): ApiClient {
  return useClientFor('apiBase');
}

/** Client for the separate points API (config.pointsApiBase). */
export function usePointsApi(): ApiClient {
  return useClientFor('pointsApiBase');
}
