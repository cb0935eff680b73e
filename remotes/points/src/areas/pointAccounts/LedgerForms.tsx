import { useState, type FormEvent } from 'react';
import { pointsReversalSchema, type LedgerEntry, type PointAccount, type PointsReversal } from '@phoenix/contract';
import {
  AdjustmentFields,
  adjustmentServerErrors,
  describeError,
  errorText,
  parseAdjustment,
  useLedgerChange,
  useToast,
  useTranslation,
  type AdjustmentErrors,
} from '@phoenix/shell';
import { Alert, Button, FormActions, formatNumber, TextArea } from '@phoenix/ui';

/** A manual adjustment: a signed amount and a required reason; refused by the API below zero. */
export function AdjustForm({ user }: { user: PointAccount }) {
  const { t } = useTranslation('points');
  const toast = useToast();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<AdjustmentErrors>({});
  const adjust = useLedgerChange(`/point-accounts/${user.id}/adjustments`, (change) => {
    setAmount('');
    setReason('');
    toast.success(t('pointAccounts.adjusted', { id: user.id, balance: formatNumber(change.user.balance) }));
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (adjust.isPending) return; // the same key would be sent anyway; no need to ask twice
    const parsed = parseAdjustment(amount, reason);
    if ('errors' in parsed) return setErrors(parsed.errors);
    setErrors({});
    adjust.mutate(parsed.adjustment);
  };
  const fromServer = adjustmentServerErrors(adjust.error);
  const formError = fromServer.other && adjust.error ? describeError(adjust.error) : null;
  return (
    <form noValidate onSubmit={submit} aria-label={t('pointAccounts.adjust')}>
      <h3>{t('pointAccounts.adjust')}</h3>
      {formError && (
        // A lost answer is not a refusal: the change may be in. Applying again in this dialog resends
        // the same idempotency key, so it lands at most once.
        <Alert title={t(adjust.error?.isNetwork ? 'pointAccounts.adjustUnconfirmed' : 'pointAccounts.adjustFailed')}>{formError}</Alert>
      )}
      <AdjustmentFields
        labels={{ amount: t('pointAccounts.amount'), amountHint: t('pointAccounts.amountHint'), reason: t('pointAccounts.reason') }}
        amount={amount}
        reason={reason}
        errors={{ amount: errors.amount ?? fromServer.amount, reason: errors.reason ?? fromServer.reason }}
        onAmount={setAmount}
        onReason={setReason}
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
  const reverse = useLedgerChange<PointsReversal>(`/point-accounts/${user.id}/ledger/${entry.id}/reverse`, () => {
    toast.success(t('pointAccounts.reversed', { id: entry.id }));
    onDone();
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reverse.isPending) return;
    const parsed = pointsReversalSchema.safeParse({ reason });
    if (!parsed.success) return setError(errorText(parsed.error.issues[0]?.message ?? ''));
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
        error={error ?? adjustmentServerErrors(reverse.error).reason}
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
