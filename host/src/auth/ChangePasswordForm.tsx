import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { MIN_PASSWORD_LENGTH, passwordChangeSchema } from '@phoenix/contract';
import { ApiRequestError, authClientFactory, registerTranslations, runtimeConfigAtom, useAuth, useTranslation } from '@phoenix/shell';
import { Alert, Button, TextField } from '@phoenix/ui';

/**
 * The forced password change after a one-time password (issue 10). Lazy-loaded by the login page
 * only when the server answers `passwordChangeRequired`, so the login bundle does not carry it;
 * its strings travel with it. On success it signs in with the new password.
 */
registerTranslations('passwordChange', {
  en: {
    title: 'Choose a new password',
    intro: 'You signed in with a one-time password. Choose your own password to continue.',
    newPassword: 'New password',
    confirm: 'Repeat the new password',
    hint: `At least ${MIN_PASSWORD_LENGTH} characters`,
    submit: 'Save and sign in',
    cancel: 'Back to sign-in',
    mismatch: 'The two passwords differ',
    failed: 'The password could not be changed: sign in again with the one-time password.',
    rateLimited: 'Too many attempts, try again later',
    unavailable: 'The server could not be reached. Try again in a moment.',
  },
  ja: {
    title: '新しいパスワードを設定',
    intro: 'ワンタイムパスワードでサインインしました。続けるには自分のパスワードを設定してください。',
    newPassword: '新しいパスワード',
    confirm: '新しいパスワード（確認）',
    hint: `${MIN_PASSWORD_LENGTH}文字以上`,
    submit: '保存してサインイン',
    cancel: 'サインインに戻る',
    mismatch: '2つのパスワードが一致しません',
    failed: 'パスワードを変更できませんでした。ワンタイムパスワードでもう一度サインインしてください。',
    rateLimited: '試行回数が多すぎます。しばらくしてからお試しください',
    unavailable: 'サーバーに接続できません。少し待ってからお試しください。',
  },
});

type Failure = 'failed' | 'rateLimited' | 'unavailable';

export interface ChangePasswordFormProps {
  email: string;
  oneTimePassword: string;
  onCancel: () => void;
}

export default function ChangePasswordForm({ email, oneTimePassword, onCancel }: ChangePasswordFormProps) {
  const { t } = useTranslation('passwordChange');
  const { login } = useAuth();
  const config = useAtomValue(runtimeConfigAtom);
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [saving, setSaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The sign-in form (and its focused button) is gone: say where the admin is now.
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const parsed = passwordChangeSchema.safeParse({ email, password: oneTimePassword, newPassword });
    const fieldError = parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'newPassword')?.message;
    const mismatch = newPassword !== confirm ? t('mismatch') : undefined;
    setErrors({ newPassword: fieldError, confirm: mismatch });
    if (!parsed.success || mismatch || !config) return;
    setFailure(null);
    setSaving(true);
    try {
      await authClientFactory({ baseUrl: config.apiBase })(null).post('/users/change-password', parsed.data);
      const outcome = await login(email, newPassword);
      // On success the token is set and the login page redirects.
      if (!outcome.status) setFailure(outcome.reason === 'rate_limited' ? 'rateLimited' : 'unavailable');
    } catch (error) {
      const server = error instanceof ApiRequestError ? error : null;
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
      <p>{t('intro')}</p>
      {failure && <Alert>{t(failure)}</Alert>}
      <TextField
        label={t('newPassword')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('hint')}
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
