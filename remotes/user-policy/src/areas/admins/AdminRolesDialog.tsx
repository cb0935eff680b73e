import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUpdateSchema, type AdminAccount, type ConsoleRole } from '@phoenix/contract';
import { ApiRequestError, resourceKeys, roleNames, useApi, useToast, useTranslation } from '@phoenix/shell';
import { Alert, Button, Modal } from '@phoenix/ui';
import { ConsoleRolesField } from './ConsoleRolesField';

/** Changes an account's console roles (PUT /admins/:id with the version seen; a step-up operation). */
export function AdminRolesDialog({ admin, onClose }: { admin: AdminAccount | null; onClose: () => void }) {
  const { t } = useTranslation('userPolicy');
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [roles, setRoles] = useState<ConsoleRole[]>([]);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    setRoles(admin ? [...admin.roles] : []);
    setError(undefined);
  }, [admin]);
  const save = useMutation<AdminAccount, ApiRequestError, AdminAccount>({
    mutationFn: (a) => api.put(`/admins/${a.id}`, { role: a.role, roles, version: a.version }),
    onSuccess: (saved) => {
      toast.success(t('admins.rolesChanged', { email: saved.email, roles: roleNames(saved.roles) }));
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('admins') });
      onClose();
    },
    onError: (failure) => {
      if (failure.isConflict) void queryClient.invalidateQueries({ queryKey: resourceKeys.all('admins') });
      setError(failure.fieldErrors.roles?.[0] ?? (failure.isConflict ? t('admins.conflict') : failure.message));
    },
  });
  const submit = () => {
    if (!admin) return;
    const parsed = adminUpdateSchema.safeParse({ role: admin.role, roles, version: admin.version });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    save.mutate(admin);
  };
  return (
    <Modal
      open={admin !== null}
      title={t('admins.rolesTitle', { email: admin?.email ?? '' })}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('admins.cancel')}</Button>
          <Button variant="primary" onClick={submit} loading={save.isPending}>
            {t('admins.rolesSave')}
          </Button>
        </>
      }
    >
      {save.error && !save.error.isValidation && !save.error.isConflict && <Alert>{save.error.message}</Alert>}
      <ConsoleRolesField value={roles} onChange={setRoles} error={error} />
    </Modal>
  );
}
