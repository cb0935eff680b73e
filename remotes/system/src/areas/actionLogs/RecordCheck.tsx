import { useMutation } from '@tanstack/react-query';
import { ACTION_LOG_PATHS, type ActionLogChainVerdict, type ActionLogVerification } from '@phoenix/contract';
import { describeError, useApi, useTranslation } from '@phoenix/shell';
import { Button, ErrorState, formatDateTime, Panel } from '@phoenix/ui';

/** One chain's line: "intact through #N" or the first broken link and what is wrong with it. */
function ChainLine({ chain }: { chain: ActionLogChainVerdict }) {
  const { t } = useTranslation('system');
  const name = t(`actionLogs.check.chains.${chain.chain}`, { defaultValue: chain.chain });
  if (!chain.broken) {
    return (
      <li>
        {chain.intactThroughId === null
          ? t('actionLogs.check.empty', { name })
          : t('actionLogs.check.intact', { name, id: chain.intactThroughId, count: chain.rows })}
      </li>
    );
  }
  const { id, reason } = chain.broken;
  return (
    <li>
      <strong>{t('actionLogs.check.broken', { name, id: id ?? '—' })}</strong> {t(`actionLogs.check.reasons.${reason}`)}{' '}
      {chain.intactThroughId === null ? null : t('actionLogs.check.intactBefore', { id: chain.intactThroughId })}
    </li>
  );
}

/**
 * The record's check (POST /action-logs/verification): each service's chain of hashes recomputed by
 * the database, on demand (a pass over the whole log, so never on every page view).
 */
export function RecordCheck() {
  const { t } = useTranslation('system');
  const api = useApi();
  const check = useMutation({ mutationFn: () => api.post<ActionLogVerification>(ACTION_LOG_PATHS.verification) });
  return (
    <Panel aria-labelledby="record-check-title">
      <h2 id="record-check-title">{t('actionLogs.check.title')}</h2>
      <p>{t('actionLogs.check.intro')}</p>
      <Button onClick={() => check.mutate()} loading={check.isPending}>
        {t('actionLogs.check.run')}
      </Button>
      {check.error && <ErrorState message={describeError(check.error)} onRetry={() => check.mutate()} />}
      {check.data && (
        <div role="status">
          <p>{t('actionLogs.check.checkedAt', { at: formatDateTime(check.data.checkedAt) })}</p>
          <ul>
            {check.data.chains.map((chain) => (
              <ChainLine key={chain.chain} chain={chain} />
            ))}
          </ul>
        </div>
      )}
    </Panel>
  );
}
