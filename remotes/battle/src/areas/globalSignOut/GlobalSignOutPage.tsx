import { useState } from 'react';
import styled from 'styled-components';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  GLOBAL_SCOPES,
  GLOBAL_SIGN_OUT_PATH,
  type GlobalSignOutRun,
  type GlobalSignOutRunInput,
  type GlobalSignOutSummary,
  type Page,
} from '@phoenix/contract';
import {
  confirmedScope,
  describeError,
  errorReason,
  useChangeControlMode,
  useApi,
  useAreaColumns,
  useTranslation,
  type ApiRequestError,
} from '@phoenix/shell';
import {
  Alert,
  Button,
  DataTable,
  ErrorState,
  Facts,
  formatDateTime,
  formatNumber,
  LoadingBlock,
  PageBody,
  PageHeader,
  Pagination,
  Panel,
} from '@phoenix/ui';
import { TypedConfirmDialog } from '../common/TypedConfirmDialog';
import { LIVE_COUNT_MS } from '../common/live';

const KEY = ['globalSignOut'] as const;
const RUNS_PAGE_SIZE = 10;

/** Its long label wraps in a narrow panel (a phone) instead of running past it. */
const RunButton = styled(Button)`
  max-width: 100%;
  white-space: normal;
`;

/**
 * Logout & battle force end: both counts now (live), one confirmed operation that signs every
 * player out and ends every ongoing battle, its result, and the last runs. A second run at the
 * same time, or one confirmed against counts another run has made stale, is refused by the BFF.
 */
export default function GlobalSignOutPage() {
  const { t } = useTranslation('battle');
  const api = useApi();
  const queryClient = useQueryClient();
  // "confirm" environment: the dialog below asks the typed scope, the call carries it (one dialog).
  const scope = useChangeControlMode() === 'confirm' ? GLOBAL_SCOPES.allPlayers : undefined;
  const [confirming, setConfirming] = useState<GlobalSignOutSummary | null>(null);
  // The counts changed since they were read: the BFF refused (409) with the new ones, confirmed anew.
  const [changed, setChanged] = useState(false);
  const [page, setPage] = useState(1);
  const summary = useQuery<GlobalSignOutSummary, ApiRequestError>({
    queryKey: [...KEY, 'summary'],
    queryFn: () => api.get(GLOBAL_SIGN_OUT_PATH),
    refetchInterval: LIVE_COUNT_MS,
  });
  const runs = useQuery<Page<GlobalSignOutRun>, ApiRequestError>({
    queryKey: [...KEY, 'runs', page],
    queryFn: () => api.get(`${GLOBAL_SIGN_OUT_PATH}/runs`, { page, pageSize: RUNS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const run = useMutation<GlobalSignOutRun, ApiRequestError, GlobalSignOutRunInput>({
    mutationFn: (body) => api.post(GLOBAL_SIGN_OUT_PATH, body, confirmedScope(scope)),
    onSettled: (_result, error) => {
      const current = error?.isConflict ? (error.current as Partial<GlobalSignOutSummary> | null | undefined) : undefined;
      const counts = typeof current?.openSessions === 'number' ? (current as GlobalSignOutSummary) : null;
      setChanged(counts !== null);
      setConfirming(counts);
      return queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  const close = () => {
    setConfirming(null);
    setChanged(false);
  };
  const now = summary.data;
  const columns = useAreaColumns<GlobalSignOutRun>([
    { key: 'ranAt', render: (r) => formatDateTime(r.ranAt) },
    { key: 'adminEmail' },
    { key: 'sessionsEnded', align: 'right', render: (r) => formatNumber(r.sessionsEnded) },
    { key: 'battlesEnded', align: 'right', render: (r) => formatNumber(r.battlesEnded) },
    { key: 'reason' },
  ]);
  return (
    <PageBody>
      <PageHeader title={t('globalSignOut.title')} description={t('globalSignOut.description')} />
      <Panel aria-labelledby="sign-out-now">
        <h2 id="sign-out-now">{t('globalSignOut.now')}</h2>
        {summary.error && !now ? (
          <ErrorState message={describeError(summary.error)} onRetry={() => void summary.refetch()} />
        ) : !now ? (
          <LoadingBlock label={t('globalSignOut.counting')} />
        ) : (
          <>
            <Facts>
              <dt>{t('globalSignOut.openSessions')}</dt>
              <dd>{formatNumber(now.openSessions)}</dd>
              <dt>{t('globalSignOut.ongoingBattles')}</dt>
              <dd>{formatNumber(now.ongoingBattles)}</dd>
            </Facts>
            <p>{t('battleForceEnd.checkedAt', { at: formatDateTime(now.checkedAt), seconds: LIVE_COUNT_MS / 1000 })}</p>
            <RunButton variant="danger" disabled={run.isPending} onClick={() => setConfirming(now)}>
              {t('globalSignOut.button')}
            </RunButton>
          </>
        )}
      </Panel>
      {run.error && !changed && (
        <Alert title={t('globalSignOut.refused')}>{run.error.isConflict ? errorReason(run.error) : describeError(run.error)}</Alert>
      )}
      {run.data && (
        <Alert tone="success" title={t('globalSignOut.done')}>
          <p>{t('globalSignOut.result', { sessions: run.data.sessionsEnded, battles: run.data.battlesEnded })}</p>
        </Alert>
      )}
      <Panel aria-labelledby="sign-out-runs">
        <h2 id="sign-out-runs">{t('globalSignOut.runs')}</h2>
        <DataTable
          caption={t('globalSignOut.runs')}
          columns={columns}
          rows={runs.data?.items}
          rowKey={(r) => r.id}
          loading={runs.isLoading}
          error={runs.error && !runs.data ? describeError(runs.error) : undefined}
          onRetry={() => void runs.refetch()}
          emptyTitle={t('globalSignOut.noRuns')}
        />
        {runs.data && <Pagination page={runs.data.page} pageSize={runs.data.pageSize} total={runs.data.total} onPageChange={setPage} />}
      </Panel>
      {confirming && (
        <TypedConfirmDialog
          title={t('globalSignOut.confirmTitle')}
          body={
            <p>
              {t('globalSignOut.confirmBody', {
                sessions: formatNumber(confirming.openSessions),
                battles: formatNumber(confirming.ongoingBattles),
              })}
            </p>
          }
          expected={String(confirming.openSessions)}
          typeLabel={t('globalSignOut.typeLabel')}
          okText={t('globalSignOut.confirmOk')}
          defaultReason={t('globalSignOut.defaultReason')}
          busy={run.isPending}
          notice={
            changed
              ? t('globalSignOut.countChanged', {
                  sessions: formatNumber(confirming.openSessions),
                  battles: formatNumber(confirming.ongoingBattles),
                })
              : undefined
          }
          scope={scope}
          onClose={close}
          onConfirm={({ reason }) =>
            run.mutate({
              lastRunId: confirming.lastRunId,
              confirmedSessions: confirming.openSessions,
              confirmedBattles: confirming.ongoingBattles,
              reason,
            })
          }
        />
      )}
    </PageBody>
  );
}
