import { useMemo } from 'react';
import { useStore } from 'jotai';
import { runtimeConfigAtom } from '../core/config';
import { notifyUnauthorized, tokenAtom } from '../core/authState';
import type { ShellStore } from '../core/store';
import { changeControlModalAtom, type ChangeControlAsk, type ChangeControlAnswer } from '../modals/changeControlAtom';
import { answerChangeControl } from './changeControl';
import { stepUpModalAtom } from '../modals/stepUpAtom';
import { ApiRequestError } from './ApiRequestError';
import { createApiClient, type ApiClient } from './client';

type ApiBase = 'apiBase' | 'pointsApiBase';

/** A client for the BFF or the points API, outside React too (a page's prefetch runs before it renders). */
export function apiClientOf(store: ShellStore, pick: ApiBase): ApiClient {
  // A global operation's 428: the shell's dialog asks for the typed scope or a change request.
  const ask = (question: ChangeControlAsk) =>
    new Promise<ChangeControlAnswer>((resolve) => {
      store.get(changeControlModalAtom).resolve?.(null);
      store.set(changeControlModalAtom, { ask: question, resolve });
    });
  const client: ApiClient = createApiClient({
    baseUrl: store.get(runtimeConfigAtom)?.[pick] ?? '',
    // Read at request time, so a client made before sign-in still sends the current token.
    getToken: () => store.get(tokenAtom),
    onUnauthorized: notifyUnauthorized,
    onPreconditionRequired: (error, call) => answerChangeControl(error, call, ask, () => client),
    // A step-up operation's 403: the shell's dialog asks for a code; cancelled, the 403 stands.
    onStepUpRequired: (error) =>
      new Promise<void>((resolve, reject) => {
        store.get(stepUpModalAtom).resolve?.(false);
        store.set(stepUpModalAtom, {
          resolve: (accepted) => (accepted ? resolve() : reject(new ApiRequestError(403, 'step_up_cancelled', error.message))),
        });
      }),
  });
  return client;
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
