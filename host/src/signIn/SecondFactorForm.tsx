import { useEffect, useRef, useState, type FormEvent } from 'react';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
// The kit's files, not its index: the lean sign-in page loads this form without the whole kit.
import { Button } from '@phoenix/ui/src/Button';
import { Alert } from '@phoenix/ui/src/feedback';
import { OneTimeCodeField } from '@phoenix/ui/src/fields';
import { isPasskeyPromptClosed } from '@phoenix/shell/src/auth/passkeyPrompt';
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

/**
 * The code after the password: the authenticator app's six digits, or a recovery code,
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

  /**
   * One attempt (the code, or a passkey): on success the page around moves on to the console; a
   * refusal says why (`refused` when the server said no, `thrown` when the attempt itself failed).
   */
  const attempt = async (
    signIn: () => Promise<{ status: boolean; reason?: string }>,
    refused: Failure,
    thrown: (e: unknown) => Failure,
  ) => {
    setError(undefined);
    setFailure(null);
    setSending(true);
    let signedIn = false;
    try {
      const outcome = await signIn();
      signedIn = outcome.status;
      if (!outcome.status)
        setFailure(outcome.reason === 'rate_limited' ? 'rateLimited' : outcome.reason === 'unavailable' ? 'unavailable' : refused);
    } catch (e) {
      setFailure(thrown(e));
    } finally {
      if (!signedIn) setSending(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (!code.trim()) return setError(t('required'));
    void attempt(
      () => services.signInWithCode(email, challenge, code.trim()),
      'failed',
      () => 'unavailable',
    );
  };

  /** A passkey instead of the code: options for this challenge, the browser's prompt, then the answer. */
  const answerWithPasskey = () => {
    if (sending) return;
    void attempt(
      async () => {
        const options = (await services.passkeyOptions(challenge)) as unknown as PublicKeyCredentialRequestOptionsJSON;
        return services.signInWithPasskey(email, challenge, await startAuthentication({ optionsJSON: options }));
      },
      'passkeyFailed',
      (e) => (isPasskeyPromptClosed(e) ? 'passkeyCancelled' : 'passkeyFailed'),
    );
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
          <Button variant="primary" onClick={answerWithPasskey} disabled={sending}>
            {t('usePasskey')}
          </Button>{' '}
          {t('orCode')}
        </p>
      )}
      <OneTimeCodeField label={t('code')} inputMode="text" value={code} onChange={(e) => setCode(e.target.value)} error={error} />
      <Button type="submit" variant="primary" loading={sending}>
        {t('submit')}
      </Button>{' '}
      <Button onClick={onCancel}>{t('cancel')}</Button>
    </form>
  );
}
