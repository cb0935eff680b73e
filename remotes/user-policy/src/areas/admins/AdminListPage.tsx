import { useState } from 'react';
import { ADMIN_ROLE, ADMIN_ROLES, ADMIN_STATUSES, adminsResource, type AdminAccount } from '@phoenix/contract';
import { EnumFilters, ResourceListPage, useAuth, useListController, useTranslation } from '@phoenix/shell';
import { Badge, Button, formatDateTime } from '@phoenix/ui';
import { NewAdminDialog } from './NewAdminDialog';
import { OneTimePasswordDialog } from './OneTimePasswordDialog';
import { AdminSessionsDialog } from './AdminSessionsDialog';
import { useAdminActions } from './useAdminActions';

/** management: admin accounts (PRODUCT §4). The signed-in admin cannot disable or demote itself. */
export default function AdminListPage() {
  const { t } = useTranslation('userPolicy');
  const list = useListController(adminsResource);
  const { account } = useAuth();
  const actions = useAdminActions();
  const [creating, setCreating] = useState(false);
  const [sessionsOf, setSessionsOf] = useState<AdminAccount | null>(null);
  const isSelf = (a: AdminAccount) => a.email === account?.email;

  return (
    <ResourceListPage
      list={list}
      searchLabel={t('admins.search')}
      editable={false}
      actions={
        <Button variant="primary" onClick={() => setCreating(true)}>
          {t('admins.new')}
        </Button>
      }
      filters={
        <EnumFilters
          list={list}
          filters={[
            ['status', ADMIN_STATUSES, 'statuses'],
            ['role', ADMIN_ROLES.map(String), 'roles'],
          ]}
        />
      }
      rowActions={(a) =>
        !isSelf(a) && (
          <>
            <Button size="sm" variant="ghost" onClick={() => setSessionsOf(a)} aria-label={t('sessions.openLabel', { email: a.email })}>
              {t('sessions.open')}
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
    </ResourceListPage>
  );
}
