import { useEffect, useState, type FormEvent } from 'react';
import { useAtom, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { FACTOR_PATHS } from '@phoenix/contract/src/security';
import { Button, Modal, OneTimeCodeField } from '@phoenix/ui';
import { ApiRequestError } from '../api/ApiRequestError';
import { errorText } from '../i18n/errorText';
import { apiClientOf } from '../api/useApi';
import { stepUpModalAtom } from './stepUpAtom';
import { isPasskeyPromptClosed } from '../auth/passkeyPrompt';

/**
 * The console's answer to a 403 step_up_required (api/client.ts): a code from the authenticator app
 * (or a recovery code), or a passkey when the admin has one, proves the factor again for 10
 * minutes, then the operation is sent again.
 */
export function StepUpDialog() {
  const [{ resolve }, setState] = useAtom(stepUpModalAtom);
  const store = useStore();
  const { t } = useTranslation('shell');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [hasPasskey, setHasPasskey] = useState(false);
  // Whether to offer a passkey: asked when the dialog opens (a failure only hides the button).
  useEffect(() => {
    if (!resolve) return;
    let live = true;
    apiClientOf(store, 'apiBase')
      .get<{ items: { kind: string }[] }>(FACTOR_PATHS.factors)
      .then((list) => live && setHasPasskey(list.items.some((f) => f.kind === 'passkey')))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [resolve, store]);
  if (!resolve) return null;

  const close = (accepted: boolean) => {
    resolve(accepted);
    setState({ resolve: null });
    setCode('');
    setError(undefined);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('stepUp.required'));
    setBusy(true);
    try {
      await apiClientOf(store, 'apiBase').post(FACTOR_PATHS.stepUp, { code: code.trim() });
      close(true);
    } catch (e) {
      setError(e instanceof ApiRequestError && e.isValidation ? t('stepUp.wrong') : e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  /** A passkey instead: options bound to this session, the browser's prompt, the answer to step-up. */
  const stepUpWithPasskey = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const api = apiClientOf(store, 'apiBase');
      const { startAuthentication } = await import('@simplewebauthn/browser'); // not in the console's first paint
      const optionsJSON = await api.post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(FACTOR_PATHS.stepUpPasskeyOptions);
      await api.post(FACTOR_PATHS.stepUp, { passkey: await startAuthentication({ optionsJSON }) });
      close(true);
    } catch (e) {
      setError(
        isPasskeyPromptClosed(e)
          ? t('stepUp.passkeyCancelled')
          : e instanceof ApiRequestError
            ? errorText(e.message)
            : t('stepUp.passkeyFailed'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('stepUp.title')}
      onClose={() => close(false)}
      footer={
        <>
          <Button onClick={() => close(false)}>{t('modal.cancel')}</Button>
          <Button type="submit" form="step-up" variant="primary" loading={busy}>
            {t('stepUp.submit')}
          </Button>
        </>
      }
    >
      <form id="step-up" noValidate onSubmit={(e) => void submit(e)}>
        <p>{t('stepUp.intro')}</p>
        {hasPasskey && (
          <p>
            <Button onClick={() => void stepUpWithPasskey()} disabled={busy}>
              {t('stepUp.usePasskey')}
            </Button>
          </p>
        )}
        <OneTimeCodeField label={t('stepUp.code')} value={code} onChange={(e) => setCode(e.target.value)} error={error} />
      </form>
    </Modal>
  );
}
