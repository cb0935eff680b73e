import { useState } from 'react';
import { FACTOR_PATHS, type FactorConfirmed } from '@phoenix/contract';
import { ApiRequestError, describeError, isPasskeyPromptClosed, useApi, useTranslation } from '@phoenix/shell';
import { FactorNameForm } from './FactorNameForm';

/**
 * Adding a passkey: a name, then the browser's prompt (options from the server, bound to this
 * session), then its answer is checked by the server. A refusal is shown by the name, which stays.
 */
export function AddPasskey({ onDone, onCancel }: { onDone: (recoveryCodes: string[] | null) => void; onCancel: () => void }) {
  const { t } = useTranslation('userPolicy');
  const api = useApi();
  const [label, setLabel] = useState(t('factors.passkeyDefaultLabel'));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const create = async () => {
    setBusy(true);
    setError(undefined);
    try {
      // Loaded when used: the Security page opens without it.
      const { startRegistration } = await import('@simplewebauthn/browser');
      type Options = Parameters<typeof startRegistration>[0]['optionsJSON'];
      const optionsJSON = await api.post<Options>(FACTOR_PATHS.passkeyOptions, { label });
      const response = await startRegistration({ optionsJSON });
      onDone((await api.post<FactorConfirmed>(FACTOR_PATHS.passkey, { response })).recoveryCodes);
    } catch (e) {
      if (isPasskeyPromptClosed(e)) setError(t('factors.passkeyCancelled'));
      else if (e instanceof ApiRequestError && e.isValidation)
        setError(e.fieldErrors.label?.[0] ?? e.fieldErrors.passkey?.[0] ?? describeError(e));
      else setError(e instanceof ApiRequestError ? describeError(e) : t('factors.passkeyFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FactorNameForm
      title={t('factors.addPasskey')}
      intro={t('factors.passkeyIntro')}
      submitText={t('factors.passkeyCreate')}
      label={label}
      onLabel={setLabel}
      error={error}
      busy={busy}
      onSubmit={create}
      onCancel={onCancel}
    />
  );
}
