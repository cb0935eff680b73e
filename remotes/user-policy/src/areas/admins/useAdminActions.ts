import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROLE, adminsResource, type AdminAccount, type AdminIssued, type FactorsReset } from '@phoenix/contract';
import { resourceKeys, useApi, useConfirm, useRecordAction, useToast, useTranslation, type ApiRequestError } from '@phoenix/shell';

/**
 * The row actions of an admin account: disable / enable (with confirm), reset password (confirm,
 * then the one-time password once, or the invitation mailed), make administrator / operator. Each
 * sends the version seen.
 */
export function useAdminActions() {
  const { t } = useTranslation('userPolicy');
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const confirm = useConfirm();
  const [issued, setIssued] = useState<AdminIssued | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all('admins') });
  const failed = (error: ApiRequestError) => {
    if (error.isConflict || error.status === 404) void refresh();
    toast.error(error.isConflict ? t('admins.conflict') : error);
  };
  const roleName = (role: number) => t(`admins.roles.${role}`);

  const status = useRecordAction<typeof adminsResource, { status: AdminAccount['status']; version: number }>(adminsResource, {
    action: 'status',
    method: 'patch',
    body: (a) => ({ status: a.status === 'active' ? 'disabled' : 'active', version: a.version }),
    confirm: (a) =>
      a.status === 'active'
        ? { title: t('admins.disableTitle', { email: a.email }), body: t('admins.disableBody'), okText: t('admins.disable') }
        : { title: t('admins.enableTitle', { email: a.email }), body: t('admins.enableBody'), okText: t('admins.enable') },
    success: (a) => t(a.status === 'active' ? 'admins.enabled' : 'admins.disabled', { email: a.email }),
    failure: (error) => (error.isConflict ? t('admins.conflict') : error),
  });

  const reset = useMutation<AdminIssued, ApiRequestError, AdminAccount>({
    mutationFn: (a) => api.post(`/admins/${a.id}/reset-password`, { version: a.version }),
    onSuccess: (result) => {
      setIssued(result);
      return refresh();
    },
    onError: failed,
  });

  const role = useMutation<AdminAccount, ApiRequestError, AdminAccount>({
    mutationFn: (a) => api.put(`/admins/${a.id}`, { role: a.role === ADMIN_ROLE ? 1 : ADMIN_ROLE, version: a.version }),
    onSuccess: (saved) => {
      toast.success(t('admins.roleChanged', { email: saved.email, role: roleName(saved.role) }));
      return refresh();
    },
    onError: failed,
  });

  const factorsReset = useMutation<FactorsReset, ApiRequestError, AdminAccount>({
    mutationFn: (a) => api.post(`/admins/${a.id}/reset-factors`),
    onSuccess: (result, a) => {
      toast.success(t('admins.factorsResetDone', { email: a.email, factors: result.removedFactors, sessions: result.endedSessions }));
      return refresh();
    },
    onError: failed,
  });

  return {
    issued,
    /** A lost second factor: every factor and recovery code of the account goes, its sessions end. */
    async resetFactors(a: AdminAccount) {
      const ok = await confirm({
        danger: true,
        title: t('admins.factorsResetTitle', { email: a.email }),
        body: t('admins.factorsResetBody', { email: a.email }),
        okText: t('admins.factorsReset'),
      });
      if (ok) factorsReset.mutate(a);
    },
    factorsResetPendingId: factorsReset.isPending ? factorsReset.variables?.id : undefined,
    showIssued: setIssued,
    closeIssued: () => setIssued(null),
    toggleStatus: status.run,
    statusPendingId: status.pendingId,
    async resetPassword(a: AdminAccount) {
      const ok = await confirm({
        danger: true,
        title: t('admins.resetTitle', { email: a.email }),
        body: t('admins.resetBody'),
        okText: t('admins.resetOk'),
      });
      if (ok) reset.mutate(a);
    },
    resetPendingId: reset.isPending ? reset.variables?.id : undefined,
    async toggleRole(a: AdminAccount) {
      const next = roleName(a.role === ADMIN_ROLE ? 1 : ADMIN_ROLE);
      const ok = await confirm({
        danger: a.role === ADMIN_ROLE,
        title: t('admins.roleTitle', { email: a.email, role: next }),
        body: t(a.role === ADMIN_ROLE ? 'admins.demoteBody' : 'admins.promoteBody'),
        okText: t('admins.roleOk', { role: next }),
      });
      if (ok) role.mutate(a);
    },
    rolePendingId: role.isPending ? role.variables?.id : undefined,
    roleName,
  };
}
