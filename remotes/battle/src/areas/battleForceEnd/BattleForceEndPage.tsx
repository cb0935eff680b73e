import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BATTLE_FORCE_END_PATH,
  GLOBAL_SCOPES,
  type BattleForceEndAll,
  type BattleForceEndAllResult,
  type BattleForceEndSummary,
} from '@phoenix/contract';
import {
  confirmedScope,
  describeError,
  useChangeControlMode,
  resourceKeys,
  useApi,
  useTranslation,
  type ApiRequestError,
} from '@phoenix/shell';
import { Alert, Button, ErrorState, Facts, formatDateTime, formatNumber, LoadingBlock, PageBody, PageHeader, Panel } from '@phoenix/ui';
import { LIVE_COUNT_MS } from '../common/live';
import { TypedConfirmDialog } from '../common/TypedConfirmDialog';

/**
 * Maintenance force end: the live number of ongoing battles, and one operation that ends all of
 * them after a confirm naming the count, which the admin types. The result says how many ended.
 */
export default function BattleForceEndPage() {
  const { t } = useTranslation('battle');
  const api = useApi();
  const queryClient = useQueryClient();
  // "confirm" environment: the dialog below asks the typed scope, the call carries it (one dialog).
  const scope = useChangeControlMode() === 'confirm' ? GLOBAL_SCOPES.allBattles : undefined;
  const [confirming, setConfirming] = useState<number | null>(null);
  // The BFF refused (409): the count changed since it was read; the dialog stays open on the new one.
  const [changed, setChanged] = useState(false);
  const summary = useQuery<BattleForceEndSummary, ApiRequestError>({
    queryKey: [...resourceKeys.all('battles'), 'ongoing-count'],
    queryFn: () => api.get(BATTLE_FORCE_END_PATH),
    refetchInterval: LIVE_COUNT_MS,
  });
  const forceEnd = useMutation<BattleForceEndAllResult, ApiRequestError, BattleForceEndAll>({
    mutationFn: (body) => api.post(BATTLE_FORCE_END_PATH, body, confirmedScope(scope)),
    onSettled: (_result, error) => {
      const now = error?.isConflict ? (error.current as Partial<BattleForceEndSummary> | undefined)?.ongoing : undefined;
      setChanged(typeof now === 'number');
      setConfirming(typeof now === 'number' ? now : null);
      return queryClient.invalidateQueries({ queryKey: resourceKeys.all('battles') });
    },
  });
  const close = () => {
    setConfirming(null);
    setChanged(false);
  };
  const ongoing = summary.data?.ongoing;
  return (
    <PageBody>
      <PageHeader title={t('battleForceEnd.title')} description={t('battleForceEnd.description')} />
      <Panel aria-labelledby="ongoing-now">
        <h2 id="ongoing-now">{t('battleForceEnd.ongoingNow')}</h2>
        {summary.error && !summary.data ? (
          <ErrorState message={describeError(summary.error)} onRetry={() => void summary.refetch()} />
        ) : ongoing === undefined ? (
          <LoadingBlock label={t('battleForceEnd.counting')} />
        ) : (
          <>
            <p role="status" aria-live="polite">
              <strong>{t('battleForceEnd.count', { count: ongoing })}</strong>
            </p>
            <p>{t('battleForceEnd.checkedAt', { at: formatDateTime(summary.data!.checkedAt), seconds: LIVE_COUNT_MS / 1000 })}</p>
            <Button variant="danger" disabled={ongoing === 0 || forceEnd.isPending} onClick={() => setConfirming(ongoing)}>
              {ongoing === 0 ? t('battleForceEnd.nothing') : t('battleForceEnd.button', { count: ongoing })}
            </Button>
          </>
        )}
      </Panel>
      {forceEnd.error && !changed && <Alert title={t('battleForceEnd.failed')}>{describeError(forceEnd.error)}</Alert>}
      {forceEnd.data && (
        <Alert tone="success" title={t('battleForceEnd.done', { count: forceEnd.data.ended })}>
          <Facts>
            <dt>{t('battleForceEnd.confirmed')}</dt>
            <dd>{formatNumber(forceEnd.data.confirmedCount)}</dd>
            <dt>{t('battleForceEnd.ended')}</dt>
            <dd>{formatNumber(forceEnd.data.ended)}</dd>
            <dt>{t('battleForceEnd.when')}</dt>
            <dd>{formatDateTime(forceEnd.data.endedAt)}</dd>
          </Facts>
          {forceEnd.data.ended < forceEnd.data.confirmedCount && <p>{t('battleForceEnd.fewer')}</p>}
        </Alert>
      )}
      {confirming !== null && (
        <TypedConfirmDialog
          title={t('battleForceEnd.confirmTitle', { count: confirming })}
          body={<p>{t('battleForceEnd.confirmBody', { count: confirming })}</p>}
          expected={String(confirming)}
          typeLabel={t('battleForceEnd.typeLabel')}
          okText={t('battleForceEnd.confirmOk', { count: confirming })}
          defaultReason={t('battleForceEnd.defaultReason')}
          busy={forceEnd.isPending}
          notice={changed ? t('confirm.countChanged', { n: formatNumber(confirming) }) : undefined}
          scope={scope}
          onClose={close}
          onConfirm={({ reason }) => forceEnd.mutate({ confirmedCount: confirming, reason })}
        />
      )}
    </PageBody>
  );
}
