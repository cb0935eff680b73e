import { useEffect, useRef, useState, type FormEvent } from 'react';
// The kit's files, not its index: the lean sign-in page loads this form without the whole kit.
import { Button } from '@phoenix/ui/src/Button';
import { Alert } from '@phoenix/ui/src/feedback';
import { TextField } from '@phoenix/ui/src/fields';
import type { SignInServices } from './signInServices';

type Failure = 'failed' | 'rateLimited' | 'unavailable';

export interface SecondFactorFormProps {
  email: string;
  challenge: string;
  onCancel: () => void;
  services: SignInServices;
}

/**
 * The code after the password (issue 51): the authenticator app's six digits, or a recovery code.
 * Lazy-loaded by the sign-in form only when the server answers `secondFactorRequired`.
 */
export default function SecondFactorForm({ email, challenge, onCancel, services }: SecondFactorFormProps) {
  const t = (key: string, values?: Record<string, string | number>) => services.t(`auth.secondFactor.${key}`, values);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The sign-in form (and its focused button) is gone: say where the admin is now.
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (!code.trim()) {
      setError(t('required'));
      return;
    }
    setError(undefined);
    setFailure(null);
    setSending(true);
    let signedIn = false;
    try {
      const outcome = await services.signInWithCode(email, challenge, code.trim());
      signedIn = outcome.status;
      // On success the page around moves on to the console.
      if (!outcome.status)
        setFailure(outcome.reason === 'rate_limited' ? 'rateLimited' : outcome.reason === 'unavailable' ? 'unavailable' : 'failed');
    } catch {
      setFailure('unavailable');
    } finally {
      if (!signedIn) setSending(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="second-factor-title" aria-busy={sending}>
      <h2 id="second-factor-title" ref={heading} tabIndex={-1}>
        {t('title')}
      </h2>
      <p>{t('intro', { email })}</p>
      {failure && <Alert>{t(failure)}</Alert>}
      <TextField
        label={t('code')}
        autoComplete="one-time-code"
        inputMode="text"
        autoCapitalize="off"
        spellCheck={false}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
      />
      <Button type="submit" variant="primary" loading={sending}>
        {t('submit')}
      </Button>{' '}
      <Button onClick={onCancel}>{t('cancel')}</Button>
    </form>
  );
}
