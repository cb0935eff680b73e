import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ownPasswordChangeSchema, SECURITY_PATHS, type SessionsEnded } from '@phoenix/contract';
import { ApiRequestError, describeError, useApi, useAuth, useConfirm, useToast, useTranslation } from '@phoenix/shell';
import { Alert, Button, FormActions, PageBody, PageHeader, Panel, TextField } from '@phoenix/ui';
import { AdminSessionTable, adminSessionsKey, useAdminSessions } from '../common/AdminSessions';
import { FactorsPanel, useFactors } from './FactorsPanel';
import { SignInFailuresPanel } from './SignInFailuresPanel';

type Field = 'currentPassword' | 'newPassword' | 'repeatPassword';

/**
 * security: the signed-in admin's own page. Its sessions (end one, sign out everywhere) and a
 * password change that asks for the current password and ends every other session.
 */
export default function SecurityPage() {
  const { t } = useTranslation('userPolicy');
  const { account } = useAuth();
  const factors = useFactors();
  // Signed in without the factor this console requires: enrolling one is all this session may do.
  const enrolling = factors.data?.required === true && factors.data.items.length === 0;
  return (
    <PageBody>
      <PageHeader title={t('security.title')} description={t('security.description', { email: account?.email ?? '' })} />
      <FactorsPanel factors={factors} />
      {factors.data && !enrolling && (
        <>
          <PasswordPanel />
          <SessionsPanel />
          <SignInFailuresPanel />
        </>
      )}
    </PageBody>
  );
}

function SessionsPanel() {
  const { t } = useTranslation('userPolicy');
  const api = useApi();
  const toast = useToast();
  const confirm = useConfirm();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const sessions = useAdminSessions(SECURITY_PATHS.sessions);
  const [leaving, setLeaving] = useState(false);
  const count = sessions.list.data?.items.length ?? 0;

  const signOutEverywhere = async () => {
    const ok = await confirm({
      danger: true,
      title: t('security.everywhereTitle'),
      body: t('security.everywhereBody', { count }),
      okText: t('security.everywhere'),
    });
    if (!ok) return;
    setLeaving(true);
    try {
      await api.post<SessionsEnded>(SECURITY_PATHS.signOutEverywhere);
      // This session ended with the others: the console forgets it and goes to the sign-in page.
      void logout();
      navigate('/auth/login', { replace: true });
    } catch (error) {
      toast.error(error);
      setLeaving(false);
    }
  };

  return (
    <Panel aria-labelledby="security-sessions-title">
      <h2 id="security-sessions-title">{t('security.sessionsTitle')}</h2>
      <p>{t('security.sessionsIntro')}</p>
      <AdminSessionTable sessions={sessions} />
      <FormActions>
        <Button variant="danger" loading={leaving} disabled={!sessions.list.data} onClick={() => void signOutEverywhere()}>
          {t('security.everywhere')}
        </Button>
      </FormActions>
    </Panel>
  );
}

function PasswordPanel() {
  const { t } = useTranslation('userPolicy');
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '', repeatPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (field: Field) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const next: Partial<Record<Field, string>> = {};
    const parsed = ownPasswordChangeSchema.safeParse({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    if (!parsed.success) for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
    if (values.repeatPassword !== values.newPassword) next.repeatPassword = t('security.repeatMismatch');
    setErrors(next);
    if (!parsed.success || next.repeatPassword) return;
    setSaving(true);
    try {
      const { endedSessions } = await api.post<SessionsEnded>(SECURITY_PATHS.password, parsed.data);
      toast.success(t('security.passwordChanged', { count: endedSessions }));
      setValues({ currentPassword: '', newPassword: '', repeatPassword: '' });
      void queryClient.invalidateQueries({ queryKey: adminSessionsKey(SECURITY_PATHS.sessions) });
    } catch (error) {
      // What was typed stays: the field that is wrong says why.
      if (error instanceof ApiRequestError && error.isValidation) {
        setErrors({ currentPassword: error.fieldErrors.currentPassword?.[0], newPassword: error.fieldErrors.newPassword?.[0] });
      } else setFormError(describeError(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Panel aria-labelledby="security-password-title">
      <h2 id="security-password-title">{t('security.passwordTitle')}</h2>
      <p>{t('security.passwordIntro')}</p>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        {formError && <Alert>{formError}</Alert>}
        <TextField
          label={t('security.currentPassword')}
          type="password"
          autoComplete="current-password"
          required
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
        />
        <TextField
          label={t('security.newPassword')}
          type="password"
          autoComplete="new-password"
          required
          hint={t('security.newPasswordHint')}
          value={values.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
        />
        <TextField
          label={t('security.repeatPassword')}
          type="password"
          autoComplete="new-password"
          required
          value={values.repeatPassword}
          onChange={set('repeatPassword')}
          error={errors.repeatPassword}
        />
        <FormActions>
          <Button type="submit" variant="primary" loading={saving}>
            {t('security.changePassword')}
          </Button>
        </FormActions>
      </form>
    </Panel>
  );
}
