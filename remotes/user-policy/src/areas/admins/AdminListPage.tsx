import { useState } from 'react';
import { ADMIN_ROLE, ADMIN_ROLES, ADMIN_STATUSES, CONSOLE_ROLES, adminsResource, type AdminAccount } from '@phoenix/contract';
import { EnumFilters, ResourceListPage, roleNames, useAuth, useListController, usePermissions, useTranslation } from '@phoenix/shell';
import { Badge, Button, formatDateTime } from '@phoenix/ui';
import { NewAdminDialog } from './NewAdminDialog';
import { OneTimePasswordDialog } from './OneTimePasswordDialog';
import { AdminSessionsDialog } from './AdminSessionsDialog';
import { AdminRolesDialog } from './AdminRolesDialog';
import { useAdminActions } from './useAdminActions';

/**
 * management: admin accounts (PRODUCT §4). The signed-in admin cannot disable or demote itself.
 * Managing accounts is the security role's (and the owner's); the others see the list only.
 */
export default function AdminListPage() {
  const { t } = useTranslation('userPolicy');
  const list = useListController(adminsResource);
  const { account } = useAuth();
  const actions = useAdminActions();
  const [creating, setCreating] = useState(false);
  const [sessionsOf, setSessionsOf] = useState<AdminAccount | null>(null);
  const [rolesOf, setRolesOf] = useState<AdminAccount | null>(null);
  const isSelf = (a: AdminAccount) => a.email === account?.email;
  const permissions = usePermissions();
  const mayManage = permissions.can(adminsResource.scope, 'write');
  const maySeeSessions = permissions.can(adminsResource.scope, 'export');

  return (
    <ResourceListPage
      list={list}
      searchLabel={t('admins.search')}
      editable={false}
      actions={
        mayManage && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            {t('admins.new')}
          </Button>
        )
      }
      filters={
        <EnumFilters
          list={list}
          filters={[
            ['status', ADMIN_STATUSES, 'statuses'],
            ['role', ADMIN_ROLES.map(String), 'roles'],
            ['roles', CONSOLE_ROLES, 'consoleRoles'],
          ]}
        />
      }
      rowActions={(a) =>
        !isSelf(a) && (
          <>
            {maySeeSessions && (
              <Button size="sm" variant="ghost" onClick={() => setSessionsOf(a)} aria-label={t('sessions.openLabel', { email: a.email })}>
                {t('sessions.open')}
              </Button>
            )}
            {mayManage && <AdminManageButtons admin={a} actions={actions} onRoles={setRolesOf} />}
          </>
        )
      }
      columns={[
        {
          key: 'email',
          sortable: true,
          render: (a) => (
            <>
              {a.email} {isSelf(a) && <Badge $tone="info">{t('admins.you')}</Badge>}
            </>
          ),
        },
        { key: 'role', sortable: true, render: (a) => actions.roleName(a.role) },
        { key: 'roles', render: (a) => roleNames(a.roles) },
        {
          key: 'status',
          sortable: true,
          render: (a) => (
            <>
              <Badge $tone={a.status === 'active' ? 'success' : 'neutral'}>{t(`admins.statuses.${a.status}`)}</Badge>{' '}
              {a.mustChangePassword && <Badge $tone="warning">{t('admins.pendingChange')}</Badge>}
            </>
          ),
        },
        {
          key: 'lastSignInAt',
          sortable: true,
          render: (a) => (a.lastSignInAt ? formatDateTime(a.lastSignInAt) : t('admins.never')),
        },
        { key: 'createdAt', sortable: true, render: (a) => formatDateTime(a.createdAt) },
      ]}
    >
      <NewAdminDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(issued) => {
          setCreating(false);
          actions.showIssued(issued);
        }}
      />
      <OneTimePasswordDialog issued={actions.issued} onClose={actions.closeIssued} />
      <AdminSessionsDialog admin={sessionsOf} onClose={() => setSessionsOf(null)} />
      <AdminRolesDialog admin={rolesOf} onClose={() => setRolesOf(null)} />
    </ResourceListPage>
  );
}

/** The account changes a security admin may make from a row: roles, role 2, password, second factor, status. */
function AdminManageButtons({
  admin: a,
  actions,
  onRoles,
}: {
  admin: AdminAccount;
  actions: ReturnType<typeof useAdminActions>;
  onRoles: (admin: AdminAccount) => void;
}) {
  const { t } = useTranslation('userPolicy');
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => onRoles(a)} aria-label={t('admins.rolesLabel', { email: a.email })}>
        {t('admins.rolesButton')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => actions.toggleRole(a)}
        disabled={actions.rolePendingId === a.id}
        aria-label={t('admins.makeRoleLabel', { email: a.email, role: actions.roleName(a.role === ADMIN_ROLE ? 1 : ADMIN_ROLE) })}
      >
        {t('admins.makeRole', { role: actions.roleName(a.role === ADMIN_ROLE ? 1 : ADMIN_ROLE) })}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => actions.resetPassword(a)}
        disabled={actions.resetPendingId === a.id}
        aria-label={t('admins.resetLabel', { email: a.email })}
      >
        {t('admins.resetPassword')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => void actions.resetFactors(a)}
        disabled={actions.factorsResetPendingId === a.id}
        aria-label={t('admins.factorsResetLabel', { email: a.email })}
      >
        {t('admins.factorsReset')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => actions.toggleStatus(a)}
        disabled={actions.statusPendingId === a.id}
        aria-label={t(a.status === 'active' ? 'admins.disableLabel' : 'admins.enableLabel', { email: a.email })}
      >
        {t(a.status === 'active' ? 'admins.disable' : 'admins.enable')}
      </Button>
    </>
  );
}
