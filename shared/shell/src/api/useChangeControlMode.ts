import { useQuery } from '@tanstack/react-query';
import { CHANGE_REQUESTS_PATH, CONFIRM_SCOPE_HEADER, type ChangeControlMode, type ChangeControlSettings } from '@phoenix/contract';
import { useApi } from './useApi';

/**
 * The environment's change-control mode (GET /change-requests/settings), read once per session:
 * a form with its own confirm dialog asks the typed scope in it when the mode is "confirm", so the
 * server's 428 does not open a second dialog. 'off' until known, or when the server has none.
 */
export function useChangeControlMode(): ChangeControlMode {
  return useChangeControlSettings()?.mode ?? 'off';
}

/** The settings themselves (mode and the declared operations), undefined until known. */
export function useChangeControlSettings(): ChangeControlSettings | undefined {
  const api = useApi();
  const settings = useQuery<ChangeControlSettings>({
    queryKey: ['change-requests', 'settings'],
    queryFn: () => api.get(`${CHANGE_REQUESTS_PATH}/settings`),
    staleTime: Infinity,
    retry: false,
  });
  return settings.data;
}

/**
 * In "confirm" mode, the scope the server names for a resource's global `method` on one record
 * (`<noun> <id>`, as bff/src/features/changeRequests/operations.ts declares resources; `suffix`: a
 * record action's, e.g. '/enabled'), else undefined: not global here, or nothing to type.
 */
export function useRecordScope(
  resource: { path: string; noun: string },
  method: string,
  suffix = '',
): (id: string | number) => string | undefined {
  const settings = useChangeControlSettings();
  const url = `${resource.path}/:id${suffix}`;
  const global = settings?.mode === 'confirm' && settings.operations.some((op) => op.method === method.toUpperCase() && op.url === url);
  return (id) => (global ? `${resource.noun} ${id}` : undefined);
}

/** The request headers of a call whose scope the admin typed in the form's own dialog. */
export const confirmedScope = (scope: string | undefined): { headers: Record<string, string> } | undefined =>
  scope ? { headers: { [CONFIRM_SCOPE_HEADER]: scope } } : undefined;
