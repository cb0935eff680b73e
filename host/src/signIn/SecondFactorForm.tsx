import { useEffect, useRef, useState, type FormEvent } from 'react';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
// The kit's files, not its index: the lean sign-in page loads this form without the whole kit.
import { Button } from '@phoenix/ui/src/Button';
import { Alert } from '@phoenix/ui/src/feedback';
import { TextField } from '@phoenix/ui/src/fields';
import type { SignInServices } from './signInServices';

type Failure = 'failed' | 'rateLimited' | 'unavailable' | 'passkeyFailed' | 'passkeyCancelled';

export interface SecondFactorFormProps {
  email: string;
  challenge: string;
  /** The admin has a passkey: offer it beside the code. */
  passkey?: boolean;
  onCancel: () => void;
  services: SignInServices;
}

/** The browser's own refusals of a WebAuthn call: the prompt closed, timed out, or no passkey chosen. */
const isCancelled = (error: unknown) => error instanceof Error && ['NotAllowedError', 'AbortError'].includes(error.name);

/**
 * The code after the password (issue 51): the authenticator app's six digits, or a recovery code,
 * or (for an admin who has one) a passkey. Lazy-loaded by the sign-in form only when the server
 * answers `secondFactorRequired`.
 */
export default function SecondFactorForm({ email, challenge, passkey, onCancel, services }: SecondFactorFormProps) {
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

  /** A passkey instead of the code: options for this challenge, the browser's prompt, then the answer. */
  const answerWithPasskey = async () => {
    if (sending) return;
    setError(undefined);
    setFailure(null);
    setSending(true);
    let signedIn = false;
    try {
      const options = (await services.passkeyOptions(challenge)) as unknown as PublicKeyCredentialRequestOptionsJSON;
      const answer = await startAuthentication({ optionsJSON: options });
      const outcome = await services.signInWithPasskey(email, challenge, answer);
      signedIn = outcome.status;
      if (!outcome.status)
        setFailure(outcome.reason === 'rate_limited' ? 'rateLimited' : outcome.reason === 'unavailable' ? 'unavailable' : 'passkeyFailed');
    } catch (e) {
      setFailure(isCancelled(e) ? 'passkeyCancelled' : 'passkeyFailed');
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
      {passkey && (
        <p>
          <Button variant="primary" onClick={() => void answerWithPasskey()} disabled={sending}>
            {t('usePasskey')}
          </Button>{' '}
          {t('orCode')}
        </p>
      )}
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
