import type { AdminAccount } from '@phoenix/contract';
import { useTranslation } from '@phoenix/shell';
import { Button, Modal } from '@phoenix/ui';
import { AdminSessionTable, useAdminSessions } from '../common/AdminSessions';

/** Another admin's open sessions, each of which can be ended (a reset or disabling ends them all). */
export function AdminSessionsDialog({ admin, onClose }: { admin: AdminAccount | null; onClose: () => void }) {
  const { t } = useTranslation('userPolicy');
  const sessions = useAdminSessions(`/admins/${admin?.id ?? 0}/sessions`, { enabled: admin !== null });
  return (
    <Modal
      open={admin !== null}
      title={t('sessions.dialogTitle', { email: admin?.email ?? '' })}
      onClose={onClose}
      footer={<Button onClick={onClose}>{t('admins.close')}</Button>}
    >
      {admin && <AdminSessionTable sessions={sessions} />}
    </Modal>
  );
}
