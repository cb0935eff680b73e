import { rolesAllowed, type PermissionScope } from '@phoenix/contract';
import { Alert } from '@phoenix/ui';
import { useTranslation } from 'react-i18next';
import { roleNames, usePermissions } from '../auth/usePermissions';

/**
 * Why a page offers no change, or null: the admin's roles may read `scope` but not change it, and
 * these roles may (PRODUCT §6: the console hides what the server would refuse, and says why).
 */
export function useReadOnlyReason(scope: PermissionScope): string | null {
  const { t } = useTranslation('shell');
  const permissions = usePermissions();
  if (!permissions.roles || permissions.can(scope, 'write')) return null;
  return t('permissions.readOnly', { roles: roleNames(rolesAllowed(scope, 'write')) });
}

/** The reason above, as a note at the top of a list. */
export function ReadOnlyNote({ scope }: { scope: PermissionScope }) {
  const reason = useReadOnlyReason(scope);
  return reason ? <Alert tone="warning">{reason}</Alert> : null;
}
