import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
// The theme module alone: the lean sign-in page does not load the kit.
import { tokens } from '@phoenix/ui/src/theme';
import { checkSignIn, type SignInFieldErrors } from './signInRules';
import type { SignInOutcome, SignInServices } from './signInServices';

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
    border: 1px solid ${tokens.colors.border};
    border-radius: ${tokens.radius};
  }
  input[aria-invalid='true'] {
    border-color: ${tokens.colors.danger};
  }
  input:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
    outline-offset: 1px;
  }
`;

const FieldError = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${tokens.colors.danger};
`;

const Alert = styled.p`
  margin: 0;
  padding: 0.6rem 0.8rem;
  border-radius: ${tokens.radius};
  border: 1px solid ${tokens.colors.danger};
  color: ${tokens.colors.danger};
  background: #fef2f2;
`;

const Submit = styled.button`
  font: inherit;
  font-weight: 600;
  padding: 0.6rem 1rem;
  border: 0;
  border-radius: ${tokens.radius};
  background: ${tokens.colors.primary};
  color: ${tokens.colors.primaryText};
  cursor: pointer;
  &:disabled {
    opacity: 0.7;
    cursor: progress;
  }
  &:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
    outline-offset: 2px;
  }
`;

// Fetched only when the server asks for a new password (one-time password): not in the login bundle.
const ChangePasswordForm = lazy(() => import('./ChangePasswordForm'));
// Fetched only when the account has a second factor: the code step after the password.
const SecondFactorForm = lazy(() => import('./SecondFactorForm'));

/** PRODUCT §6: say only that sign-in failed (host:auth.failed.<reason>); never whether the email exists. */
type Failure = Exclude<NonNullable<SignInOutcome['reason']>, 'password_change_required' | 'second_factor_required'>;

/**
 * The sign-in form (seed §2, PRODUCT §6), with the forced password change after a one-time
 * password. One implementation for the console's /auth/login route (LoginPage.tsx) and the
 * lean sign-in page (SignInApp.tsx): what differs between them comes in `services`.
 */
export function SignInForm({ services }: { services: SignInServices }) {
  const { t } = services;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<SignInFieldErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [changeRequired, setChangeRequired] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [hasPasskey, setHasPasskey] = useState(false);
  const ids = useId();

  const pageTitle = t('auth.pageTitle');
  useEffect(() => {
    document.title = `${pageTitle} · Phoenix Admin`;
  }, [pageTitle]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const checked = checkSignIn(email, password);
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      setFailure(null);
      return;
    }
    setFieldErrors({});
    setFailure(null);
    setSubmitting(true);
    let signedIn = false;
    try {
      const outcome = await services.signIn(checked.email, checked.password);
      signedIn = outcome.status;
      if (outcome.reason === 'password_change_required') setChangeRequired(true);
      else if (outcome.reason === 'second_factor_required' && outcome.challenge) {
        setHasPasskey(outcome.passkey === true);
        setChallenge(outcome.challenge);
      } else if (!outcome.status) setFailure(outcome.reason === 'second_factor_required' || !outcome.reason ? 'invalid' : outcome.reason);
      // On success the page around moves on to the console: the button stays busy until then.
    } catch {
      setFailure('unavailable');
    } finally {
      if (!signedIn) setSubmitting(false);
    }
  };

  if (changeRequired) {
    const backToSignIn = () => {
      setChangeRequired(false);
      setPassword('');
    };
    return (
      <Suspense fallback={<p role="status">{t('auth.submit')}…</p>}>
        <ChangePasswordForm email={email.trim()} oneTimePassword={password} onCancel={backToSignIn} services={services} />
      </Suspense>
    );
  }

  if (challenge) {
    const backToSignIn = () => {
      setChallenge(null);
      setPassword('');
    };
    return (
      <Suspense fallback={<p role="status">{t('auth.submit')}…</p>}>
        <SecondFactorForm email={email.trim()} challenge={challenge} passkey={hasPasskey} onCancel={backToSignIn} services={services} />
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
