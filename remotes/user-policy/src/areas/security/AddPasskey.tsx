import { useState, type FormEvent } from 'react';
import { FACTOR_PATHS, type FactorConfirmed } from '@phoenix/contract';
import { ApiRequestError, describeError, useApi, useTranslation } from '@phoenix/shell';
import { Button, FormActions, TextField } from '@phoenix/ui';

/** The browser's own refusals of a WebAuthn call: the prompt closed, timed out, or nothing chosen. */
const isCancelled = (error: unknown) => error instanceof Error && ['NotAllowedError', 'AbortError'].includes(error.name);

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

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
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
      if (isCancelled(e)) setError(t('factors.passkeyCancelled'));
      else if (e instanceof ApiRequestError && e.isValidation)
        setError(e.fieldErrors.label?.[0] ?? e.fieldErrors.passkey?.[0] ?? describeError(e));
      else setError(e instanceof ApiRequestError ? describeError(e) : t('factors.passkeyFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void create(e)} aria-label={t('factors.addPasskey')}>
      <p>{t('factors.passkeyIntro')}</p>
      <TextField
        label={t('factors.label')}
        required
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        error={error}
        maxLength={60}
      />
      <FormActions>
        <Button onClick={onCancel}>{t('admins.cancel')}</Button>
        <Button type="submit" variant="primary" loading={busy}>
          {t('factors.passkeyCreate')}
        </Button>
      </FormActions>
    </form>
  );
}
