import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROLE, ADMIN_ROLES, adminCreateSchema, type AdminIssued, type ConsoleRole } from '@phoenix/contract';
import { ApiRequestError, resourceKeys, useApi, useTranslation } from '@phoenix/shell';
import { Alert, Button, Modal, Select, TextField, enumOptions } from '@phoenix/ui';
import { ConsoleRolesField } from './ConsoleRolesField';

type Errors = Partial<Record<'email' | 'role' | 'roles', string>>;

/** A new account starts with the least: it reads, and changes nothing until given more. */
const FIRST_ROLES: ConsoleRole[] = ['viewer'];

/**
 * Create an account: email, role and console roles; the answer carries its one-time password, or
 * (with a mail server) says the owner was mailed an invitation link.
 */
export function NewAdminDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (issued: AdminIssued) => void;
}) {
  const { t } = useTranslation('userPolicy');
  const api = useApi();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState(String(ADMIN_ROLE));
  const [roles, setRoles] = useState<ConsoleRole[]>(FIRST_ROLES);
  const [errors, setErrors] = useState<Errors>({});
  const create = useMutation<AdminIssued, ApiRequestError, unknown>({
    mutationFn: (body) => api.post('/admins', body),
    onSuccess: (issued) => {
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('admins') });
      setEmail('');
      setRole(String(ADMIN_ROLE));
      setRoles(FIRST_ROLES);
      onCreated(issued);
    },
    onError: (error) =>
      setErrors({ email: error.fieldErrors.email?.[0], role: error.fieldErrors.role?.[0], roles: error.fieldErrors.roles?.[0] }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = adminCreateSchema.safeParse({ email, role, roles });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };
  const close = () => {
    setErrors({});
    create.reset();
    onClose();
  };
  const formError = create.error && !create.error.isValidation ? create.error.message : null;

  return (
    <Modal
      open={open}
      title={t('admins.new')}
      onClose={close}
      footer={
        <>
          <Button onClick={close}>{t('admins.cancel')}</Button>
          <Button type="submit" form="new-admin-form" variant="primary" loading={create.isPending}>
            {t('admins.create')}
          </Button>
        </>
      }
    >
      <form id="new-admin-form" noValidate onSubmit={onSubmit}>
        {formError && <Alert>{formError}</Alert>}
        <TextField
          label={t('admins.fields.email')}
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <Select
          label={t('admins.fields.role')}
          required
          options={enumOptions(ADMIN_ROLES.map(String), (v) => t(`admins.roles.${v}`))}
          value={role}
          onChange={(e) => setRole(e.target.value)}
          error={errors.role}
        />
        <ConsoleRolesField value={roles} onChange={setRoles} error={errors.roles} />
      </form>
    </Modal>
  );
}
