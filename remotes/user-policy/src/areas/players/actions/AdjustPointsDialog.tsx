import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  pointsAdjustmentSchema,
  type LedgerChange,
  type Player,
  type PointAccount,
  type PointsAdjustment,
} from '@phoenix/contract';
import {
  type ApiRequestError,
  describeError,
  errorText,
  resourceKeys,
  useConfirm,
  usePointsApi,
  useToast,
  useTranslation,
} from '@phoenix/shell';
import { Alert, Button, Modal, TextArea, TextField, formatNumber } from '@phoenix/ui';
import './playerActionStrings';

type Errors = Partial<Record<'amount' | 'reason', string>>;

/** A fresh idempotency key: one per dialog (and per applied change), so a double click or a retry applies once. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Grants or deducts points: the points API's manual adjustment (`POST /point-accounts/:id/adjustments`,
 * the call of the points area's account page, with its idempotency key), so the same schema, the same
 * refusal below zero, the same change control (more than the per-call threshold or past the admin's daily
 * budget: the 428 the shell's client answers with its dialog) and the same action-log row (pointUser.adjust).
 * A confirm says the balance before and after.
 */
export function AdjustPointsDialog({ player, account, onClose }: { player: Player; account: PointAccount | null; onClose: () => void }) {
  const { t } = useTranslation('playerActions');
  const api = usePointsApi();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [key, setKey] = useState(newKey);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const adjust = useMutation<LedgerChange, ApiRequestError, PointsAdjustment>({
    mutationFn: (body) => api.post(`/point-accounts/${player.id}/adjustments`, body, { headers: { [IDEMPOTENCY_KEY_HEADER]: key } }),
    onSuccess: (change) => {
      setKey(newKey());
      toast.success(t('adjust.done', { id: player.id, balance: formatNumber(change.user.balance) }));
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('users') });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('action-logs') });
      onClose();
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!account || adjust.isPending) return;
    const parsed = pointsAdjustmentSchema.safeParse({ amount: amount.trim() === '' ? undefined : Number(amount), reason });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Errors] ??= errorText(issue.message);
      return setErrors(found);
    }
    setErrors({});
    const { amount: points } = parsed.data;
    const ok = await confirm({
      title: t(points > 0 ? 'adjust.confirmGrantTitle' : 'adjust.confirmDeductTitle', {
        amount: formatNumber(Math.abs(points)),
        name: player.name,
      }),
      body: t('adjust.confirmBody', { from: formatNumber(account.balance), to: formatNumber(account.balance + points) }),
      okText: t('adjust.confirmOk'),
      danger: points < 0,
    });
    if (ok) adjust.mutate(parsed.data);
  };

  const server = (field: keyof Errors) => {
    const message = adjust.error?.fieldErrors[field]?.[0];
    return message === undefined ? undefined : errorText(message);
  };
  const fromServer = { amount: server('amount'), reason: server('reason') };
  const formError = adjust.error && !fromServer.amount && !fromServer.reason ? describeError(adjust.error) : null;

  return (
    <Modal
      open
      title={t('adjust.title', { name: player.name, id: player.id })}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('cancel')}</Button>
          {account && (
            <Button type="submit" form="player-adjust-form" variant="primary" loading={adjust.isPending}>
              {t('adjust.submit')}
            </Button>
          )}
        </>
      }
    >
      {!account ? (
        <p>{t('adjust.noAccount')}</p>
      ) : (
        <form id="player-adjust-form" noValidate onSubmit={(e) => void submit(e)}>
          {formError && (
            // A lost answer is not a refusal: applying again resends the same key, so it lands at most once.
            <Alert title={t(adjust.error?.isNetwork ? 'adjust.unconfirmed' : 'adjust.failed')}>{formError}</Alert>
          )}
          <p>{t('adjust.current', { points: formatNumber(account.balance) })}</p>
          <TextField
            type="number"
            step={1}
            inputMode="numeric"
            label={t('adjust.amount')}
            hint={t('adjust.amountHint')}
            required
            value={amount}
            error={errors.amount ?? fromServer.amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <TextArea
            label={t('reason')}
            required
            rows={2}
            maxLength={500}
            value={reason}
            error={errors.reason ?? fromServer.reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </form>
      )}
    </Modal>
  );
}
