import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { can, type PermissionAction, type PermissionScope, type UserInfoResponse } from '@phoenix/contract';
import { tokenAtom } from '../core/authState';
import { useApi } from '../api/useApi';

/** The console roles' names in the console's language, joined: "Content, Owner". */
export function roleNames(roles: readonly string[]): string {
  return roles.map((role) => i18next.t(`permissions.roles.${role}`, { ns: 'shell' })).join(', ');
}

export interface Permissions {
  /** The admin's console roles; null until /users/info answers. */
  roles: readonly string[] | null;
  /** Whether the server would allow it (false while the roles are unknown: nothing is offered that may be refused). */
  can(scope: PermissionScope, action: PermissionAction): boolean;
}

/**
 * The signed-in admin's console roles, read from /users/info once per token (PRODUCT §6: the
 * server decides; the console only hides what it would refuse, and says why).
 */
export function usePermissions(): Permissions {
  const api = useApi();
  const token = useAtomValue(tokenAtom);
  const { data } = useQuery({
    queryKey: ['session', 'userInfo', token],
    queryFn: () => api.post<UserInfoResponse>('/users/info'),
    enabled: !!token,
    staleTime: 5 * 60_000,
  });
  const roles = data?.data?.userInfo?.roles ?? null;
  return {
    roles,
    can: (scope, action) => roles !== null && can(roles, scope, action),
  };
}
