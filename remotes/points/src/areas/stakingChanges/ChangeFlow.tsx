import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useConfig, useSimulateContract, useWaitForTransactionReceipt, useWriteContract } from 'wagmi';
import type { Address, Hash, ReplacementReturnType } from 'viem';
import { pointBoosterStakingAbi } from '@phoenix/contracts';
import { STAKING_INTENTS_PATH, type StakingChangeInput, type StakingIntent, type StakingOutcome } from '@phoenix/contract';
import { describeError as describeApiError, useApi, useTranslation, type ApiRequestError } from '@phoenix/shell';
import { Alert, Button, ButtonLink, FormActions, Mono, PlainTable, TableHead } from '@phoenix/ui';
import { STAKING_CHAIN_ID, explorerTxUrl, stakingChainOf } from './chain';
import { describeError } from './format';
import { OPEN_INTENTS_KEY } from './OpenIntents';
import type { StakingChange } from './types';

interface Props {
  change: StakingChange;
  contract: Address;
  account: Address;
  onClose: () => void;
}

/**
 * A change from preview to receipt: current → new, the contract's answer to a simulation (a revert
 * shows its decoded reason and nothing can be sent), the wallet's signature, the pending transaction,
 * and its outcome (confirmed, failed, or replaced), which is then recorded in the action log.
 * Before the wallet signs, the change is recorded as intended (a global operation: typed in
 * "confirm"; in "approve" it becomes a change request, and once approved the page lists it to send).
 */
export function ChangeFlow({ change, contract, account, onClose }: Props) {
  const { t } = useTranslation('staking');
  const chain = stakingChainOf(useConfig());
  const simulation = useSimulateContract({
    address: contract,
    abi: pointBoosterStakingAbi,
    functionName: change.kind,
    args: change.args,
    account,
    chainId: STAKING_CHAIN_ID,
    query: { retry: false, refetchOnWindowFocus: false },
  } as never);
  const write = useWriteContract();
  const [replacement, setReplacement] = useState<ReplacementReturnType | null>(null);
  const receipt = useWaitForTransactionReceipt({
    hash: write.data,
    chainId: STAKING_CHAIN_ID,
    onReplaced: setReplacement,
    query: { retry: false },
  });

  const outcome: StakingOutcome | null = !write.data
    ? null
    : replacement && replacement.reason !== 'repriced'
      ? 'replaced'
      : receipt.isSuccess
        ? 'confirmed'
        : receipt.isError
          ? 'failed'
          : null;
  const finalHash: Hash | undefined = replacement?.transaction.hash ?? write.data;
  const intend = useRecordIntent(change, contract);
  const intentId = change.intentId ?? intend.data?.id;
  const record = useRecordChange(change, contract, intentId);
  const send = () => {
    if (!simulation.data) return;
    const request = simulation.data.request as never;
    if (intentId !== undefined) return write.mutate(request);
    intend.mutate(undefined, { onSuccess: () => write.mutate(request) });
  };
  const recorded = useRef(false);
  useEffect(() => {
    if (!outcome || !write.data || recorded.current) return;
    recorded.current = true;
    record.mutate({
      txHash: write.data,
      outcome,
      replacedBy: replacement && replacement.transaction.hash !== write.data ? replacement.transaction.hash : undefined,
    });
  }, [outcome]); // eslint-disable-line react-hooks/exhaustive-deps -- once per outcome

  const sent = !!write.data;
  const link = finalHash ? explorerTxUrl(chain, finalHash) : null;
  return (
    <section aria-label={t('flow.title')}>
      <h3>{t('flow.title')}</h3>
      <PlainTable>
        <TableHead labels={[t('flow.parameter'), t('flow.current'), t('flow.new')]} />
        <tbody>
          {change.preview.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.from}</td>
              <td>{row.to}</td>
            </tr>
          ))}
        </tbody>
      </PlainTable>

      {!sent && simulation.isPending && <p role="status">{t('flow.simulating')}</p>}
      {!sent && simulation.isError && (
        <Alert title={t('flow.wouldRevert')}>
          <p>{describeError(simulation.error, t)}</p>
          <p>{t('flow.nothingSent')}</p>
        </Alert>
      )}
      {!sent && simulation.isSuccess && !write.isPending && !write.isError && <p role="status">{t('flow.simulated')}</p>}
      {intend.isError && (
        <Alert tone={intend.error.status === 202 ? 'warning' : 'danger'} title={t('flow.notRecorded')}>
          <p>{describeApiError(intend.error)}</p>
        </Alert>
      )}
      {write.isPending && <p role="status">{t('flow.waitingForSignature')}</p>}
      {write.isError && (
        <Alert title={t('flow.notSent')}>
          <p>{describeError(write.error, t)}</p>
        </Alert>
      )}
      {sent && (
        <div role="status" aria-live="polite">
          <p>
            {outcome === null && t('flow.pending')}
            {outcome === 'confirmed' && t('flow.confirmed', { block: receipt.data?.blockNumber.toString() })}
            {outcome === 'failed' && t('flow.failed', { reason: describeError(receipt.error, t) })}
            {outcome === 'replaced' && t('flow.replaced', { reason: replacement?.reason })}
          </p>
          <p>
            {t('flow.transaction')}{' '}
            {link ? (
              <a href={link} target="_blank" rel="noreferrer">
                <Mono>{finalHash}</Mono>
              </a>
            ) : (
              <Mono>{finalHash}</Mono>
            )}
          </p>
          {record.isSuccess && <p>{t('flow.logged')}</p>}
          {record.isError && (
            <Alert title={t('flow.logFailed')}>
              <p>{describeError(record.error, t)}</p>
              <Button size="sm" onClick={() => record.mutate(record.variables!)}>
                {t('flow.retryLog')}
              </Button>
            </Alert>
          )}
        </div>
      )}

      <FormActions>
        {!sent && (
          <>
            <Button
              variant="primary"
              disabled={!simulation.isSuccess || intend.isError}
              loading={write.isPending || intend.isPending}
              onClick={send}
            >
              {t('flow.send')}
            </Button>
            <Button onClick={onClose} disabled={write.isPending}>
              {t('flow.cancel')}
            </Button>
          </>
        )}
        {sent && outcome && <Button onClick={onClose}>{t('flow.close')}</Button>}
        {link && outcome && (
          <ButtonLink href={link} target="_blank" rel="noreferrer" $size="sm">
            {t('flow.openExplorer')}
          </ButtonLink>
        )}
      </FormActions>
    </section>
  );
}

/** Records the change as intended before the wallet signs it (the shell answers a 428: typed scope or change request). */
function useRecordIntent(change: StakingChange, contract: Address) {
  const api = useApi();
  return useMutation<StakingIntent, ApiRequestError>({
    mutationFn: () =>
      api.post<StakingIntent>(STAKING_INTENTS_PATH, {
        change: change.kind,
        chainId: STAKING_CHAIN_ID,
        contractAddress: contract,
        before: change.before,
        after: change.after,
      }),
  });
}

/** Reports a sent change and its outcome to the BFF, which writes it to the action log. */
function useRecordChange(change: StakingChange, contract: Address, intentId: number | undefined) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPEN_INTENTS_KEY }),
    mutationFn: (sent: Pick<StakingChangeInput, 'txHash' | 'outcome' | 'replacedBy'>) =>
      api.post<void>('/staking-changes', {
        change: change.kind,
        chainId: STAKING_CHAIN_ID,
        contractAddress: contract,
        before: change.before,
        after: change.after,
        ...(intentId !== undefined ? { intentId } : {}),
        ...sent,
      } satisfies StakingChangeInput),
  });
}
