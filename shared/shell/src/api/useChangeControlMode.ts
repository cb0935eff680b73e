import { useQueryClient } from '@tanstack/react-query';
import { CHANGE_REQUESTS_PATH, CONFIRM_SCOPE_HEADER, type ChangeControlMode, type ChangeControlSettings } from '@phoenix/contract';
import { useApiFor } from '../data/useApiFor';
import { useTransitionQuery } from '../data/useTransitionQuery';
import type { ApiClient } from './client';
import type { ApiTarget } from '../data/queryKeys';

/**
 * The environment's change-control mode (GET /change-requests/settings), read once per session:
 * a form with its own confirm dialog asks the typed scope in it when the mode is "confirm", so the
 * server's 428 does not open a second dialog. 'off' until known, or when the server has none.
 */
export function useChangeControlMode(): ChangeControlMode {
  return useChangeControlSettings()?.mode ?? 'off';
}

/**
 * The settings of one service (mode, thresholds, the declared operations and their fixed scopes),
 * undefined until known: the points API declares its own operations. Read in a transition: a list's
 * row markers read it, and an answer during the rows' render must not make React redo that render
 * synchronously (a store read with useSyncExternalStore that changed mid-render does).
 */
export function useChangeControlSettings(service: ApiTarget = 'bff'): ChangeControlSettings | undefined {
  return useTransitionQuery(changeControlSettingsQuery(useApiFor(service), service)).data;
}

/** The settings' query (read once per session): the hook's, and a page's prefetch before it renders. */
export function changeControlSettingsQuery(api: ApiClient, service: ApiTarget) {
  return {
    queryKey: ['change-requests', 'settings', service],
    queryFn: () => api.get<ChangeControlSettings>(`${CHANGE_REQUESTS_PATH}/settings`),
    staleTime: Infinity,
    retry: false,
  } as const;
}

/**
 * In "confirm" mode, the scope the server names for a resource's global `method` on one record
 * (`<noun> <id>`, as bff/src/features/changeRequests/operations.ts declares resources; `suffix`: a
 * record action's, e.g. '/enabled'), else undefined: not global here, or nothing to type.
 */
function recordScopeOf(
  settings: ChangeControlSettings | undefined,
  resource: { path: string; noun: string },
  method: string,
  id: string | number,
  suffix = '',
): string | undefined {
  const url = `${resource.path}/:id${suffix}`;
  const global = settings?.mode === 'confirm' && settings.operations.some((op) => op.method === method.toUpperCase() && op.url === url);
  return global ? `${resource.noun} ${id}` : undefined;
}

/**
 * recordScopeOf, asked when the admin acts (a row's delete, switch or ban), from the settings read once
 * per session. Not a subscription: a list page holding it would render again when the settings answer,
 * a whole page of rows for a value only a click reads.
 */
export function useRecordScope(
  resource: { path: string; noun: string },
  method: string,
  suffix = '',
): (id: string | number) => Promise<string | undefined> {
  const queryClient = useQueryClient();
  const api = useApiFor('bff');
  return (id) =>
    queryClient
      .fetchQuery(changeControlSettingsQuery(api, 'bff'))
      .catch(() => undefined) // no settings (an old server): no typed scope; the server's 428 still asks
      .then((settings) => recordScopeOf(settings, resource, method, id, suffix));
}

/**
 * In "confirm" mode, the scope of an operation that does not depend on the record (a document's
 * restore: 'game balance health'), as the service's settings name it; else undefined.
 */
export function useFixedScope(service: ApiTarget, method: string, url: string): string | undefined {
  const settings = useChangeControlSettings(service);
  if (settings?.mode !== 'confirm') return undefined;
  return settings.operations.find((op) => op.method === method.toUpperCase() && op.url === url)?.scope;
}

/** Whether a resource's records are global here (an operation declared on `<path>/:id…`): their pages show pending changes. */
export function useGlobalRecords(resource: { path: string; api?: ApiTarget }): boolean {
  return hasGlobalRecords(useChangeControlSettings(resource.api ?? 'bff'), resource);
}

/** Whether the settings declare an operation on the resource's records (`<path>/:id…`). */
export function hasGlobalRecords(settings: ChangeControlSettings | undefined, resource: { path: string }): boolean {
  const prefix = `${resource.path}/:id`;
  // Whatever the mode now: a change scheduled before it was switched off still applies.
  return !!settings && settings.operations.some((op) => op.url === prefix || op.url.startsWith(`${prefix}/`));
}

/** The request headers of a call whose scope the admin typed in the form's own dialog. */
export const confirmedScope = (scope: string | undefined): { headers: Record<string, string> } | undefined =>
  scope ? { headers: { [CONFIRM_SCOPE_HEADER]: scope } } : undefined;
