import { useState, type FormEvent } from 'react';
import type { Player, PointAccount, PointsAdjustment } from '@phoenix/contract';
import {
  AdjustmentFields,
  adjustmentServerErrors,
  describeError,
  parseAdjustment,
  useConfirm,
  useLedgerChange,
  useToast,
  useTranslation,
  type AdjustmentErrors,
} from '@phoenix/shell';
import { formatNumber } from '@phoenix/ui';
import { ActionDialog } from './ActionDialog';
import './playerActionStrings';

/**
 * Grants or deducts points: the points API's manual adjustment (`POST /point-accounts/:id/adjustments`,
 * the call of the points area's account page, with its idempotency key), so the same schema, the same
 * refusal below zero, the same change control (more than the per-call threshold or past the admin's daily
 * budget: the 428 the shell's client answers with its dialog) and the same action-log row (pointUser.adjust).
 * A confirm says the balance before and after.
 */
export function AdjustPointsDialog({ player, account, onClose }: { player: Player; account: PointAccount | null; onClose: () => void }) {
  const { t } = useTranslation('playerActions');
  const toast = useToast();
  const confirm = useConfirm();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<AdjustmentErrors>({});

  const adjust = useLedgerChange<PointsAdjustment>(`/point-accounts/${player.id}/adjustments`, (change) => {
    toast.success(t('adjust.done', { id: player.id, balance: formatNumber(change.user.balance) }));
    onClose();
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!account || adjust.isPending) return;
    const parsed = parseAdjustment(amount, reason);
    if ('errors' in parsed) return setErrors(parsed.errors);
    setErrors({});
    const { amount: points } = parsed.adjustment;
    const ok = await confirm({
      title: t(points > 0 ? 'adjust.confirmGrantTitle' : 'adjust.confirmDeductTitle', {
        amount: formatNumber(Math.abs(points)),
        name: player.name,
      }),
      body: t('adjust.confirmBody', { from: formatNumber(account.balance), to: formatNumber(account.balance + points) }),
      okText: t('adjust.confirmOk'),
      danger: points < 0,
    });
    if (ok) adjust.mutate(parsed.adjustment);
  };

  const fromServer = adjustmentServerErrors(adjust.error);
  const formError = fromServer.other && adjust.error ? describeError(adjust.error) : null;

  return (
    <ActionDialog
      formId="player-adjust-form"
      title={t('adjust.title', { name: player.name, id: player.id })}
      submitText={t('adjust.submit')}
      pending={adjust.isPending}
      // A lost answer is not a refusal: applying again resends the same key, so it lands at most once.
      failure={{ title: t(adjust.error?.isNetwork ? 'adjust.unconfirmed' : 'adjust.failed'), text: formError }}
      onClose={onClose}
      onSubmit={account ? (e) => void submit(e) : undefined}
    >
      {!account ? (
        <p>{t('adjust.noAccount')}</p>
      ) : (
        <>
          <p>{t('adjust.current', { points: formatNumber(account.balance) })}</p>
          <AdjustmentFields
            labels={{ amount: t('adjust.amount'), amountHint: t('adjust.amountHint'), reason: t('reason') }}
            amount={amount}
            reason={reason}
            errors={{ amount: errors.amount ?? fromServer.amount, reason: errors.reason ?? fromServer.reason }}
            onAmount={setAmount}
            onReason={setReason}
          />
        </>
      )}
    </ActionDialog>
  );
}
