import { useEffect, useRef, useState, type FormEvent } from 'react';
import { invitationAcceptSchema, MIN_PASSWORD_LENGTH, passwordChangeSchema } from '@phoenix/contract';
// The kit's files, not its index: the lean sign-in page loads this form without the whole kit.
import { Button } from '@phoenix/ui/src/Button';
import { Alert } from '@phoenix/ui/src/feedback';
import { TextField } from '@phoenix/ui/src/fields';
import { asApiFailure, type SignInServices } from './signInServices';

type Failure = 'failed' | 'rateLimited' | 'unavailable';

export type ChangePasswordFormProps = {
  email: string;
  onCancel: () => void;
  services: SignInServices;
} & (
  | { oneTimePassword: string; invitationToken?: undefined }
  /** From an invitation link: the link's token stands for the one-time password. */
  | { invitationToken: string; oneTimePassword?: undefined }
);

/**
 * The forced password change after a one-time password, or the password an invitation
 * link sets. Lazy-loaded by the sign-in form only when the server answers
 * `passwordChangeRequired` (or by the invitation page), so the login bundle does not carry it.
 * On success it signs in with the new password.
 */
export default function ChangePasswordForm({ email, oneTimePassword, invitationToken, onCancel, services }: ChangePasswordFormProps) {
  const t = (key: string, values?: Record<string, string | number>) => services.t(`auth.passwordChange.${key}`, values);
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [saving, setSaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Once the new password is set the one-time password is spent: a retry only signs in again.
  const changed = useRef(false);
  // The sign-in form (and its focused button) is gone: say where the admin is now.
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const parsed =
      invitationToken !== undefined
        ? invitationAcceptSchema.safeParse({ token: invitationToken, newPassword })
        : passwordChangeSchema.safeParse({ email, password: oneTimePassword, newPassword });
    const fieldError = parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'newPassword')?.message;
    const mismatch = newPassword !== confirm ? t('mismatch') : undefined;
    setErrors({ newPassword: fieldError, confirm: mismatch });
    if (!parsed.success || mismatch) return;
    setFailure(null);
    setSaving(true);
    try {
      if (!changed.current) {
        if (invitationToken !== undefined) await services.acceptInvitation!({ token: invitationToken, newPassword });
        else await services.changePassword(passwordChangeSchema.parse({ email, password: oneTimePassword, newPassword }));
        changed.current = true;
      }
      const outcome = await services.signIn(email, newPassword);
      // On success the page around moves on to the console; refused with the new password (changed
      // again meanwhile?), the sign-in form is the place to go on.
      if (outcome.status) return;
      if (outcome.reason === 'rate_limited') setFailure('rateLimited');
      else if (outcome.reason === 'unavailable') setFailure('unavailable');
      else onCancel();
    } catch (error) {
      const server = asApiFailure(error);
      const serverField = server?.fieldErrors?.newPassword?.[0];
      if (serverField) setErrors({ newPassword: serverField });
      else
        setFailure(server?.status === 429 ? 'rateLimited' : server && !server.isNetwork && server.status < 500 ? 'failed' : 'unavailable');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="change-password-title" aria-busy={saving}>
      <h2 id="change-password-title" ref={heading} tabIndex={-1}>
        {t('title')}
      </h2>
      <p>{invitationToken !== undefined ? services.t('auth.invitation.intro', { email }) : t('intro')}</p>
      {failure && <Alert>{t(failure)}</Alert>}
      <TextField
        label={t('newPassword')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('hint', { min: MIN_PASSWORD_LENGTH })}
        value={newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
        error={errors.newPassword}
      />
      <TextField
        label={t('confirm')}
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
      />
      <Button type="submit" variant="primary" loading={saving}>
        {t('submit')}
      </Button>{' '}
      <Button onClick={onCancel}>{t('cancel')}</Button>
    </form>
  );
}
