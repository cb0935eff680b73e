import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import styled from 'styled-components';
import { loginBodySchema } from '@phoenix/contract';
import { returnToAtom, useAuth, type SignInFailureReason } from '@phoenix/shell';
import { useHostTranslation } from '../layout/hostI18n';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  label {
    font-weight: 600;
  }
  input {
    font: inherit;
    padding: 0.5rem 0.6rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
  }
  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  input:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

const FieldError = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.danger};
`;

const Alert = styled.p`
  margin: 0;
  padding: 0.6rem 0.8rem;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.danger};
  background: #fef2f2;
`;

const Submit = styled.button`
  font: inherit;
  font-weight: 600;
  padding: 0.6rem 1rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  cursor: pointer;
  &:disabled {
    opacity: 0.7;
    cursor: progress;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

// Fetched only when the server asks for a new password (one-time password): not in the login bundle.
const ChangePasswordForm = lazy(() => import('./ChangePasswordForm'));

/** PRODUCT §6: say only that sign-in failed (host:auth.failed.<reason>); never whether the email exists. */
type Failure = Exclude<SignInFailureReason, 'password_change_required'>;

/** Only pages of the console are valid places to come back to. */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return value === '/admin' || value.startsWith('/admin/') || value.startsWith('/admin?') ? value : null;
}

/** Which rule a field broke: the key of its message (host:auth.fieldErrors.<key>). */
type FieldErrors = Partial<Record<'email' | 'password', 'emailRequired' | 'emailInvalid' | 'passwordRequired' | 'passwordTooLong'>>;

export function LoginPage() {
  const { token, login } = useAuth();
  const returnTo = useAtomValue(returnToAtom);
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const target = safeReturnTo(returnTo) ?? safeReturnTo(from) ?? '/admin';

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const { t } = useHostTranslation();
  const [submitting, setSubmitting] = useState(false);
  const [changeRequired, setChangeRequired] = useState(false);
  const ids = useId();

  const pageTitle = t('auth.pageTitle');
  useEffect(() => {
    document.title = `${pageTitle} · Phoenix Admin`;
  }, [pageTitle]);

  // Holding a token: straight to the console (seed §2), to the page a 401 interrupted if any.
  if (token) return <Navigate to={target} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const parsed = loginBodySchema.safeParse({ email, password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'email' && !errors.email) errors.email = email.trim() === '' ? 'emailRequired' : 'emailInvalid';
        if (key === 'password' && !errors.password) errors.password = password === '' ? 'passwordRequired' : 'passwordTooLong';
      }
      setFieldErrors(errors);
      setFailure(null);
      return;
    }
    setFieldErrors({});
    setFailure(null);
    setSubmitting(true);
    try {
      const outcome = await login(parsed.data.email, parsed.data.password);
      if (outcome.reason === 'password_change_required') setChangeRequired(true);
      else if (!outcome.status) setFailure(outcome.reason ?? 'invalid');
      // On success the token is set and this page redirects (see above).
    } catch {
      setFailure('unavailable');
    } finally {
      setSubmitting(false);
    }
  };

  if (changeRequired) {
    const backToSignIn = () => {
      setChangeRequired(false);
      setPassword('');
    };
    return (
      <Suspense fallback={<p role="status">{t('auth.submit')}…</p>}>
        <ChangePasswordForm email={email.trim()} oneTimePassword={password} onCancel={backToSignIn} />
      </Suspense>
    );
  }

  const emailErrorId = `${ids}-email-error`;
  const passwordErrorId = `${ids}-password-error`;

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('auth.form')} aria-busy={submitting}>
      {failure && <Alert role="alert">{t(`auth.failed.${failure}`)}</Alert>}
      <Field>
        <label htmlFor={`${ids}-email`}>{t('auth.email')}</label>
        <input
          id={`${ids}-email`}
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={fieldErrors.email ? emailErrorId : undefined}
        />
        {fieldErrors.email && <FieldError id={emailErrorId}>{t(`auth.fieldErrors.${fieldErrors.email}`)}</FieldError>}
      </Field>
      <Field>
        <label htmlFor={`${ids}-password`}>{t('auth.password')}</label>
        <input
          id={`${ids}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={fieldErrors.password ? true : undefined}
          aria-describedby={fieldErrors.password ? passwordErrorId : undefined}
        />
        {fieldErrors.password && <FieldError id={passwordErrorId}>{t(`auth.fieldErrors.${fieldErrors.password}`)}</FieldError>}
      </Field>
      <Submit type="submit" disabled={submitting}>
        {t('auth.submit')}
      </Submit>
    </Form>
  );
}
