import type { EconomyReconciliation } from '@phoenix/contract';
import { useTranslation } from '@phoenix/shell';
import { Alert, Facts, Panel, formatDateTime, formatNumber } from '@phoenix/ui';

/** The reconciliation: a statement first (the books balance, or which figures are off), then every figure; the nightly run's result beside it. */
export function ReconciliationPanel({ now, nightly }: { now: EconomyReconciliation; nightly: EconomyReconciliation | null }) {
  const { t } = useTranslation('points');
  const balanced = now.mismatches.length === 0;
  return (
    <Panel aria-labelledby="economy-reconciliation-title">
      <h2 id="economy-reconciliation-title">{t('economy.reconciliation')}</h2>
      {/* A status when the books balance, an alert when they do not (Alert's roles). */}
      <Alert
        tone={balanced ? 'success' : 'danger'}
        title={t(balanced ? 'economy.balanced' : 'economy.unbalanced', { n: now.mismatches.length })}
      >
        {balanced
          ? t('economy.balancedBody', { at: formatDateTime(now.at) })
          : now.mismatches.map((figure) => t(`economy.mismatch.${figure}`)).join(' ')}
      </Alert>
      <Facts>
        <dt>{t('economy.entriesTotal')}</dt>
        <dd>{formatNumber(now.entriesTotal)}</dd>
        <dt>{t('economy.balancesTotal')}</dt>
        <dd>{formatNumber(now.balancesTotal)}</dd>
        <dt>{t('economy.accountsOff')}</dt>
        <dd>{formatNumber(now.accountsOff)}</dd>
        <dt>{t('economy.ticketsWithoutDebit')}</dt>
        <dd>{formatNumber(now.ticketsWithoutDebit)}</dd>
        <dt>{t('economy.unpaidPrizes')}</dt>
        <dd>{formatNumber(now.unpaidPrizes)}</dd>
        <dt>{t('economy.nightly')}</dt>
        <dd>
          {nightly
            ? t(nightly.mismatches.length === 0 ? 'economy.nightlyBalanced' : 'economy.nightlyUnbalanced', {
                at: formatDateTime(nightly.at),
                n: nightly.mismatches.length,
              })
            : t('economy.nightlyNone')}
        </dd>
      </Facts>
    </Panel>
  );
}
