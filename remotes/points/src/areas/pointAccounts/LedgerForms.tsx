import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  pointsAdjustmentSchema,
  pointsReversalSchema,
  type LedgerChange,
  type LedgerEntry,
  type PointAccount,
} from '@phoenix/contract';
import { describeError, errorText, resourceKeys, usePointsApi, useToast, useTranslation, type ApiRequestError } from '@phoenix/shell';
import { Alert, Button, FormActions, formatNumber, TextArea, TextField } from '@phoenix/ui';
import { newIdempotencyKey } from './idempotencyKey';

type FieldErrors = Partial<Record<'amount' | 'reason', string>>;

/**
 * Posts a ledger change with one idempotency key for as long as this form is open: a double
 * click, a retry after a lost answer, or a second submit send the same key, and the API applies
 * it once (a replay answers the first result). After a success the next change gets a new key.
 */
function useLedgerChange(url: string, onApplied: (change: LedgerChange) => void) {
  const api = usePointsApi();
  const queryClient = useQueryClient();
  const [key, setKey] = useState(newIdempotencyKey);
  const mutation = useMutation<LedgerChange, ApiRequestError, object>({
    mutationFn: (body) => api.post(url, body, { headers: { [IDEMPOTENCY_KEY_HEADER]: key } }),
    onSuccess: (change) => {
      setKey(newIdempotencyKey());
      onApplied(change);
      return queryClient.invalidateQueries({ queryKey: resourceKeys.all('users') });
    },
  });
  return mutation;
}

/** The server's field errors in the console's language. */
const serverErrors = (error: ApiRequestError | null): FieldErrors => {
  const first = (field: string) => {
    const message = error?.fieldErrors[field]?.[0];
    return message === undefined ? undefined : errorText(message);
  };
  return { amount: first('amount'), reason: first('reason') };
};

/** A manual adjustment: a signed amount and a required reason; refused by the API below zero. */
export function AdjustForm({ user }: { user: PointAccount }) {
  const { t } = useTranslation('points');
  const toast = useToast();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const adjust = useLedgerChange(`/point-accounts/${user.id}/adjustments`, (change) => {
    setAmount('');
    setReason('');
    toast.success(t('pointAccounts.adjusted', { id: user.id, balance: formatNumber(change.user.balance) }));
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (adjust.isPending) return; // the same key would be sent anyway; no need to ask twice
    const parsed = pointsAdjustmentSchema.safeParse({ amount: amount.trim() === '' ? undefined : Number(amount), reason });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof FieldErrors] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    adjust.mutate(parsed.data);
  };
  const fromServer = serverErrors(adjust.error);
  const formError = adjust.error && !fromServer.amount && !fromServer.reason ? describeError(adjust.error) : null;
  return (
    <form noValidate onSubmit={submit} aria-label={t('pointAccounts.adjust')}>
      <h3>{t('pointAccounts.adjust')}</h3>
      {formError && (
        // A lost answer is not a refusal: the change may be in. Applying again in this dialog resends
        // the same idempotency key, so it lands at most once.
        <Alert title={t(adjust.error?.isNetwork ? 'pointAccounts.adjustUnconfirmed' : 'pointAccounts.adjustFailed')}>{formError}</Alert>
      )}
      <TextField
        type="number"
        step={1}
        inputMode="numeric"
        label={t('pointAccounts.amount')}
        hint={t('pointAccounts.amountHint')}
        required
        value={amount}
        error={errors.amount ?? fromServer.amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <TextArea
        label={t('pointAccounts.reason')}
        required
        rows={2}
        maxLength={500}
        value={reason}
        error={errors.reason ?? fromServer.reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <FormActions>
        <Button type="submit" loading={adjust.isPending}>
          {t('pointAccounts.applyAdjustment')}
        </Button>
      </FormActions>
    </form>
  );
}

/** Reverses one entry with a counter-entry (a reason is required); the original stays. */
export function ReverseForm({ user, entry, onDone }: { user: PointAccount; entry: LedgerEntry; onDone: () => void }) {
  const { t } = useTranslation('points');
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reverse = useLedgerChange(`/point-accounts/${user.id}/ledger/${entry.id}/reverse`, () => {
    toast.success(t('pointAccounts.reversed', { id: entry.id }));
    onDone();
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reverse.isPending) return;
    const parsed = pointsReversalSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    reverse.mutate(parsed.data);
  };
  return (
    <form noValidate onSubmit={submit} aria-label={t('pointAccounts.reverseTitle', { id: entry.id })}>
      <h3>{t('pointAccounts.reverseTitle', { id: entry.id })}</h3>
      <p>{t('pointAccounts.reverseBody', { amount: formatNumber(-entry.amount) })}</p>
      {reverse.error && (
        <Alert title={t(reverse.error.isNetwork ? 'pointAccounts.reverseUnconfirmed' : 'pointAccounts.reverseFailed')}>
          {describeError(reverse.error)}
        </Alert>
      )}
      <TextArea
        label={t('pointAccounts.reverseReason')}
        required
        rows={2}
        maxLength={500}
        value={reason}
        error={error ?? reverse.error?.fieldErrors.reason?.[0]}
        onChange={(e) => setReason(e.target.value)}
      />
      <FormActions>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('pointAccounts.cancel')}
        </Button>
        <Button type="submit" variant="danger" loading={reverse.isPending}>
          {t('pointAccounts.reverse')}
        </Button>
      </FormActions>
    </form>
  );
}
