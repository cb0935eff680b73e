import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FACTOR_PATHS,
  factorConfirmSchema,
  type AdminFactor,
  type AdminFactorList,
  type FactorConfirmed,
  type RecoveryCodes,
  type TotpEnrolment,
} from '@phoenix/contract';
import { ApiRequestError, describeError, useApi, useConfirm, useToast, useTranslation } from '@phoenix/shell';
import {
  Alert,
  Button,
  ErrorState,
  FormActions,
  LoadingBlock,
  Modal,
  Mono,
  Panel,
  PlainTable,
  TableHead,
  OneTimeCodeField,
  formatDateTime,
} from '@phoenix/ui';
import { useCopyToClipboard } from '../common/useCopyToClipboard';
import { AddPasskey } from './AddPasskey';
import { FactorLabelField, FactorNameForm } from './FactorNameForm';

export const FACTORS_KEY = ['adminFactors'];

/** What a refused call says about `field`: its own message when the server named it, else the whole error. */
const fieldErrorOf = (e: unknown, field: string) =>
  e instanceof ApiRequestError && e.isValidation ? (e.fieldErrors[field]?.[0] ?? describeError(e)) : describeError(e);

/** One's second factors: the list (rename, remove), adding an authenticator app, the recovery codes. */
export function useFactors() {
  const api = useApi();
  return useQuery({ queryKey: FACTORS_KEY, queryFn: () => api.get<AdminFactorList>(FACTOR_PATHS.factors) });
}

export function FactorsPanel({ factors }: { factors: ReturnType<typeof useFactors> }) {
  const { t } = useTranslation('userPolicy');
  const api = useApi();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState<'totp' | 'passkey' | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [renaming, setRenaming] = useState<AdminFactor | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: FACTORS_KEY });

  if (factors.error) return <ErrorState message={describeError(factors.error)} onRetry={() => void factors.refetch()} />;
  if (!factors.data) return <LoadingBlock />;
  const { items, required, recoveryCodesLeft } = factors.data;

  const remove = async (factor: AdminFactor) => {
    const last = items.length === 1;
    const ok = await confirm({
      danger: true,
      title: t('factors.removeTitle', { label: factor.label }),
      body: t(last ? 'factors.removeLastBody' : 'factors.removeBody'),
      okText: t('factors.remove'),
    });
    if (!ok) return;
    try {
      await api.delete(`${FACTOR_PATHS.factors}/${factor.id}`);
      toast.success(t('factors.removed', { label: factor.label }));
    } catch (error) {
      toast.error(error);
    }
    await refresh();
  };

  const added = (recoveryCodes: string[] | null) => {
    setAdding(null);
    if (recoveryCodes) setCodes(recoveryCodes);
    void refresh();
    // An enrolment-only session may now do everything: the rest of the console reloads.
    void queryClient.invalidateQueries();
  };

  const regenerate = async () => {
    const ok = await confirm({
      danger: true,
      title: t('factors.regenerateTitle'),
      body: t('factors.regenerateBody', { count: recoveryCodesLeft }),
      okText: t('factors.regenerate'),
    });
    if (!ok) return;
    try {
      setCodes((await api.post<RecoveryCodes>(FACTOR_PATHS.recoveryCodes)).recoveryCodes);
    } catch (error) {
      toast.error(error);
    }
    await refresh();
  };

  return (
    <Panel aria-labelledby="security-factors-title">
      <h2 id="security-factors-title">{t('factors.title')}</h2>
      {required && items.length === 0 ? (
        <Alert>{t('factors.requiredNone')}</Alert>
      ) : (
        <p>{t(required ? 'factors.introRequired' : 'factors.intro')}</p>
      )}
      {items.length > 0 && (
        <PlainTable aria-label={t('factors.title')}>
          <TableHead
            labels={[t('factors.label'), t('factors.kind'), t('factors.createdAt'), t('factors.lastUsedAt'), t('sessions.actions')]}
          />
          <tbody>
            {items.map((f) => (
              <tr key={f.id}>
                <td>{f.label}</td>
                <td>{t(`factors.kinds.${f.kind}`)}</td>
                <td>{formatDateTime(f.createdAt)}</td>
                <td>{f.lastUsedAt ? formatDateTime(f.lastUsedAt) : t('admins.never')}</td>
                <td>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setRenaming(f)}
                    aria-label={t('factors.renameLabel', { label: f.label })}
                  >
                    {t('factors.rename')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => void remove(f)}
                    disabled={required && items.length === 1}
                    title={required && items.length === 1 ? t('factors.lastRequired') : undefined}
                    aria-label={t('factors.removeLabel', { label: f.label })}
                  >
                    {t('factors.remove')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      )}
      {required && items.length === 1 && <p>{t('factors.lastRequired')}</p>}
      {items.length > 0 && <p>{t('factors.codesLeft', { count: recoveryCodesLeft })}</p>}
      {adding === 'totp' && <AddAuthenticator onDone={added} onCancel={() => setAdding(null)} />}
      {adding === 'passkey' && <AddPasskey onDone={added} onCancel={() => setAdding(null)} />}
      {!adding && (
        <FormActions>
          {items.length > 0 && (
            <Button variant="danger" onClick={() => void regenerate()}>
              {t('factors.regenerate')}
            </Button>
          )}
          <Button variant="primary" onClick={() => setAdding('passkey')}>
            {t('factors.addPasskey')}
          </Button>
          <Button variant="primary" onClick={() => setAdding('totp')}>
            {t('factors.add')}
          </Button>
        </FormActions>
      )}
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
      <RenameDialog
        factor={renaming}
        onClose={() => {
          setRenaming(null);
          void refresh();
        }}
      />
    </Panel>
  );
}

/** Two steps: a name (then the secret and its QR code), then the app's first code. */
function AddAuthenticator({ onDone, onCancel }: { onDone: (recoveryCodes: string[] | null) => void; onCancel: () => void }) {
  const { t } = useTranslation('userPolicy');
  const api = useApi();
  const [label, setLabel] = useState(t('factors.defaultLabel'));
  const [code, setCode] = useState('');
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setEnrolment(await api.post<TotpEnrolment>(FACTOR_PATHS.totp, { label }));
    } catch (e) {
      setError(fieldErrorOf(e, 'label'));
    } finally {
      setBusy(false);
    }
  };

  const finish = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = factorConfirmSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const confirmed = await api.post<FactorConfirmed>(`${FACTOR_PATHS.factors}/${enrolment!.id}/confirm`, parsed.data);
      onDone(confirmed.recoveryCodes);
    } catch (e) {
      setError(fieldErrorOf(e, 'code'));
    } finally {
      setBusy(false);
    }
  };

  if (!enrolment) {
    return (
      <FactorNameForm
        title={t('factors.add')}
        submitText={t('factors.next')}
        label={label}
        onLabel={setLabel}
        error={error}
        busy={busy}
        onSubmit={start}
        onCancel={onCancel}
      />
    );
  }
  return (
    <form noValidate onSubmit={(e) => void finish(e)} aria-label={t('factors.add')}>
      <p>{t('factors.scan')}</p>
      <img src={enrolment.qrDataUrl} alt={t('factors.qrAlt')} width={200} height={200} />
      <p>
        {t('factors.secret')} <Mono data-testid="totp-secret">{enrolment.secret}</Mono>
      </p>
      <OneTimeCodeField
        label={t('factors.code')}
        inputMode="numeric"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
      />
      <FormActions>
        <Button onClick={onCancel}>{t('admins.cancel')}</Button>
        <Button type="submit" variant="primary" loading={busy}>
          {t('factors.confirm')}
        </Button>
      </FormActions>
    </form>
  );
}

/** Recovery codes, shown once: a list to copy or write down. */
function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const { t } = useTranslation('userPolicy');
  const copy = useCopyToClipboard();
  if (!codes) return null;
  return (
    <Modal
      open
      title={t('factors.codesTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variant="primary" onClick={() => void copy(codes.join('\n'))}>
            {t('admins.copy')}
          </Button>
          <Button onClick={onClose}>{t('factors.saved')}</Button>
        </>
      }
    >
      <p>{t('factors.codesIntro')}</p>
      <ul aria-label={t('factors.codesTitle')}>
        {codes.map((code) => (
          <li key={code}>
            <Mono>{code}</Mono>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

/** A factor's name (what the list and the log call it). */
function RenameDialog({ factor, onClose }: { factor: AdminFactor | null; onClose: () => void }) {
  const { t } = useTranslation('userPolicy');
  const api = useApi();
  const toast = useToast();
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<number | null>(null);
  if (factor && shown !== factor.id) {
    setShown(factor.id);
    setLabel(factor.label);
    setError(undefined);
  }
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await api.patch(`${FACTOR_PATHS.factors}/${factor!.id}`, { label });
      toast.success(t('factors.renamed', { label: label.trim() }));
      setShown(null);
      onClose();
    } catch (e) {
      setError(fieldErrorOf(e, 'label'));
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setShown(null);
    onClose();
  };
  return (
    <Modal
      open={factor !== null}
      title={t('factors.renameTitle', { label: factor?.label ?? '' })}
      onClose={close}
      footer={
        <>
          <Button onClick={close}>{t('admins.cancel')}</Button>
          <Button type="submit" form="rename-factor-form" variant="primary" loading={busy}>
            {t('factors.rename')}
          </Button>
        </>
      }
    >
      <form id="rename-factor-form" noValidate onSubmit={(e) => void save(e)}>
        <FactorLabelField value={label} onChange={setLabel} error={error} />
      </form>
    </Modal>
  );
}
