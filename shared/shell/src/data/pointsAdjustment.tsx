import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, pointsAdjustmentSchema, type LedgerChange, type PointsAdjustment } from '@phoenix/contract';
import { TextArea, TextField } from '@phoenix/ui';
import type { ApiRequestError } from '../api/ApiRequestError';
import { usePointsApi } from '../api/useApi';
import { errorText } from '../i18n/errorText';
import { resourceKeys } from './queryKeys';

/**
 * A points change (a manual adjustment, a reversal) as the points area's account page and the player's
 * page make it: one idempotency key for as long as the form is open, so a double click, a retry after a
 * lost answer or a second submit apply once (a replay answers the first result); after a success the
 * next change gets a new key.
 */

/** A fresh idempotency key. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Posts a ledger change to the points API with the form's idempotency key; the accounts and the log are read again. */
export function useLedgerChange<Body extends object>(url: string, onApplied: (change: LedgerChange) => void) {
  const api = usePointsApi();
  const queryClient = useQueryClient();
  const [key, setKey] = useState(newIdempotencyKey);
  return useMutation<LedgerChange, ApiRequestError, Body>({
    mutationFn: (body) => api.post(url, body, { headers: { [IDEMPOTENCY_KEY_HEADER]: key } }),
    onSuccess: (change) => {
      setKey(newIdempotencyKey());
      onApplied(change);
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('action-logs') });
      return queryClient.invalidateQueries({ queryKey: resourceKeys.all('users') });
    },
  });
}

export type AdjustmentErrors = Partial<Record<'amount' | 'reason', string>>;

/** The typed amount and reason checked by the contract's schema: the adjustment, or its errors in the console's language. */
export function parseAdjustment(amount: string, reason: string): { adjustment: PointsAdjustment } | { errors: AdjustmentErrors } {
  const parsed = pointsAdjustmentSchema.safeParse({ amount: amount.trim() === '' ? undefined : Number(amount), reason });
  if (parsed.success) return { adjustment: parsed.data };
  const errors: AdjustmentErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof AdjustmentErrors] ??= errorText(issue.message);
  return { errors };
}

/** The server's field errors of an adjustment in the console's language; `other` when the refusal is not about a field. */
export function adjustmentServerErrors(error: ApiRequestError | null): AdjustmentErrors & { other: boolean } {
  const first = (field: string) => {
    const message = error?.fieldErrors[field]?.[0];
    return message === undefined ? undefined : errorText(message);
  };
  const amount = first('amount');
  const reason = first('reason');
  return { amount, reason, other: !!error && !amount && !reason };
}

/** The two fields of an adjustment: a signed whole amount and a required reason. */
export function AdjustmentFields({
  labels,
  amount,
  reason,
  errors,
  onAmount,
  onReason,
}: {
  labels: { amount: string; amountHint: string; reason: string };
  amount: string;
  reason: string;
  errors: AdjustmentErrors;
  onAmount: (value: string) => void;
  onReason: (value: string) => void;
}) {
  return (
    <>
      <TextField
        type="number"
        step={1}
        inputMode="numeric"
        label={labels.amount}
        hint={labels.amountHint}
        required
        value={amount}
        error={errors.amount}
        onChange={(e) => onAmount(e.target.value)}
      />
      <TextArea
        label={labels.reason}
        required
        rows={2}
        maxLength={500}
        value={reason}
        error={errors.reason}
        onChange={(e) => onReason(e.target.value)}
      />
    </>
  );
}
