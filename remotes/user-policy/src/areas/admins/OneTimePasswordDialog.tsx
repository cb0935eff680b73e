import { isInvitation, type AdminIssued } from '@phoenix/contract';
import { useTranslation } from '@phoenix/shell';
import { Button, Modal, TextField, formatDateTime } from '@phoenix/ui';
import { useCopyToClipboard } from '../common/useCopyToClipboard';

/**
 * Shows a one-time password once (it is never stored in clear): read-only, with a copy button. Where
 * the environment mails it instead (an invitation link to the account's owner), says so: the acting
 * admin never sees that secret.
 */
export function OneTimePasswordDialog({ issued, onClose }: { issued: AdminIssued | null; onClose: () => void }) {
  const { t } = useTranslation('userPolicy');
  const copyText = useCopyToClipboard();
  if (!issued) return null;
  const email = issued.account.email;
  if (isInvitation(issued))
    return (
      <Modal
        open
        title={t('admins.invitationTitle', { email })}
        onClose={onClose}
        footer={<Button onClick={onClose}>{t('admins.close')}</Button>}
      >
        <p>{t('admins.invitationIntro', { email: issued.invitation.sentTo })}</p>
        <p>{t('admins.invitationExpires', { time: formatDateTime(issued.invitation.expiresAt) })}</p>
      </Modal>
    );
  const copy = () => copyText(issued.oneTimePassword);
  return (
    <Modal
      open
      title={t('admins.otpTitle', { email })}
      onClose={onClose}
      footer={
        <>
          <Button variant="primary" onClick={copy}>
            {t('admins.copy')}
          </Button>
          <Button onClick={onClose}>{t('admins.close')}</Button>
        </>
      }
    >
      <p>{t('admins.otpIntro', { email })}</p>
      <p>{t('admins.otpExpires', { time: formatDateTime(issued.expiresAt) })}</p>
      <TextField
        label={t('admins.otpLabel')}
        value={issued.oneTimePassword}
        readOnly
        spellCheck={false}
        autoComplete="off"
        onFocus={(e) => e.currentTarget.select()}
        style={{ fontFamily: 'monospace' }}
      />
    </Modal>
  );
}
