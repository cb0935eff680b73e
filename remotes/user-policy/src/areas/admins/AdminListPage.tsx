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
  const email = a.email;
  const otherRole = actions.roleName(a.role === ADMIN_ROLE ? 1 : ADMIN_ROLE);
  const disabling = a.status === 'active';
  const buttons = [
    { text: t('admins.rolesButton'), label: t('admins.rolesLabel', { email }), run: () => onRoles(a), pending: false },
    {
      text: t('admins.makeRole', { role: otherRole }),
      label: t('admins.makeRoleLabel', { email, role: otherRole }),
      run: () => actions.toggleRole(a),
      pending: actions.rolePendingId === a.id,
    },
    {
      text: t('admins.resetPassword'),
      label: t('admins.resetLabel', { email }),
      run: () => actions.resetPassword(a),
      pending: actions.resetPendingId === a.id,
    },
    {
      text: t('admins.factorsReset'),
      label: t('admins.factorsResetLabel', { email }),
      run: () => actions.resetFactors(a),
      pending: actions.factorsResetPendingId === a.id,
    },
    {
      text: t(disabling ? 'admins.disable' : 'admins.enable'),
      label: t(disabling ? 'admins.disableLabel' : 'admins.enableLabel', { email }),
      run: () => actions.toggleStatus(a),
      pending: actions.statusPendingId === a.id,
    },
  ];
  return (
    <>
      {buttons.map((button) => (
        <Button
          key={button.label}
          size="sm"
          variant="ghost"
          onClick={() => void button.run()}
          disabled={button.pending}
          aria-label={button.label}
        >
          {button.text}
        </Button>
      ))}
    </>
  );
}
