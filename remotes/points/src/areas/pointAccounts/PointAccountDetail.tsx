import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { pointAccountsResource, type LedgerEntry, type Page, type PointAccount } from '@phoenix/contract';
import {
  type ApiRequestError,
  PlayerNameLink,
  describeError,
  RecordDetailModal,
  resourceKeys,
  usePointsApi,
  useTranslation,
} from '@phoenix/shell';
import {
  AccountAddress,
  Badge,
  Button,
  ErrorState,
  Facts,
  formatDateTime,
  formatNumber,
  LoadingBlock,
  Pagination,
  PlainTable,
  TableHead,
} from '@phoenix/ui';
import { AdjustForm, ReverseForm } from './LedgerForms';

const LEDGER_PAGE_SIZE = 20;

/** `points/users?id=…`: the user, a manual adjustment, and the ledger with its running balance. */
export function PointAccountDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('points');
  return (
    <RecordDetailModal
      resource={pointAccountsResource}
      id={id}
      title={id === null ? t('pointAccounts.detail') : t('pointAccounts.label', { id })}
      onClose={onClose}
    >
      {(user) => (
        <>
          <Facts>
            <dt>{t('pointAccounts.fields.playerId')}</dt>
            <dd>
              <PlayerNameLink id={user.id} />
            </dd>
            <dt>{t('pointAccounts.fields.wallet')}</dt>
            <dd>{user.wallet ? <AccountAddress value={user.wallet} /> : '—'}</dd>
            <dt>{t('pointAccounts.fields.balance')}</dt>
            <dd>{t('pointAccounts.points', { points: formatNumber(user.balance) })}</dd>
            <dt>{t('pointAccounts.fields.booster')}</dt>
            <dd>{user.boosterPercent ? `+${user.boosterPercent}%` : '—'}</dd>
            <dt>{t('pointAccounts.fields.lastActivity')}</dt>
            <dd>{user.lastActivityAt ? formatDateTime(user.lastActivityAt) : '—'}</dd>
          </Facts>
          {/* Re-mounted per user: a new dialog, a new idempotency key. */}
          <AdjustForm key={user.id} user={user} />
          <Ledger user={user} />
        </>
      )}
    </RecordDetailModal>
  );
}

function Ledger({ user }: { user: PointAccount }) {
  const { t } = useTranslation('points');
  const api = usePointsApi();
  const [page, setPage] = useState(1);
  const [reversing, setReversing] = useState<LedgerEntry | null>(null);
  // Under the users' key prefix with the user's version: an adjustment refreshes it with the user.
  const ledger = useQuery<Page<LedgerEntry>, ApiRequestError>({
    queryKey: [...resourceKeys.all('users'), 'ledger', user.id, user.version, page],
    queryFn: () => api.get(`/point-accounts/${user.id}/ledger`, { page, pageSize: LEDGER_PAGE_SIZE }),
  });
  if (ledger.error) return <ErrorState message={describeError(ledger.error)} onRetry={() => void ledger.refetch()} />;
  if (!ledger.data) return <LoadingBlock label={t('pointAccounts.loadingLedger')} />;
  const { items, total } = ledger.data;
  return (
    <section aria-label={t('pointAccounts.ledger')}>
      {reversing && <ReverseForm key={reversing.id} user={user} entry={reversing} onDone={() => setReversing(null)} />}
      <PlainTable>
        <caption>{t('pointAccounts.ledger')}</caption>
        <TableHead
          labels={[
            t('pointAccounts.entry'),
            t('pointAccounts.when'),
            t('pointAccounts.kind'),
            t('pointAccounts.amount'),
            t('pointAccounts.balanceAfter'),
            t('pointAccounts.reason'),
            t('pointAccounts.by'),
            <span key="actions">{t('pointAccounts.actions')}</span>,
          ]}
        />
        <tbody>
          {items.length === 0 && (
            <tr>
              <td colSpan={8}>{t('pointAccounts.noEntries')}</td>
            </tr>
          )}
          {items.map((entry) => (
            <tr key={entry.id}>
              <td>#{entry.id}</td>
              <td>{formatDateTime(entry.createdAt)}</td>
              <td>
                <Badge $tone={entry.kind === 'reversal' ? 'warning' : entry.kind === 'adjustment' ? 'info' : 'neutral'}>
                  {t(`pointAccounts.kinds.${entry.kind}`)}
                </Badge>
              </td>
              <td>{entry.amount > 0 ? `+${formatNumber(entry.amount)}` : formatNumber(entry.amount)}</td>
              <td>{formatNumber(entry.balanceAfter)}</td>
              <td>
                {entry.reason}
                {entry.reversesId !== null && <div>{t('pointAccounts.reverses', { id: entry.reversesId })}</div>}
                {entry.reversedById !== null && <div>{t('pointAccounts.reversedBy', { id: entry.reversedById })}</div>}
              </td>
              <td>{entry.createdBy ?? t('pointAccounts.game')}</td>
              <td>
                {entry.kind !== 'reversal' && entry.reversedById === null && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setReversing(entry)}
                    aria-label={t('pointAccounts.reverseLabel', { id: entry.id })}
                  >
                    {t('pointAccounts.reverse')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </PlainTable>
      {total > LEDGER_PAGE_SIZE && <Pagination page={page} pageSize={LEDGER_PAGE_SIZE} total={total} onPageChange={setPage} />}
    </section>
  );
}
