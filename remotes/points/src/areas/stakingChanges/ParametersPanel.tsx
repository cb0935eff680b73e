import { useTranslation } from '@phoenix/shell';
import { AccountAddress, Badge, Facts, PlainTable, TableHead } from '@phoenix/ui';
import { formatBps, formatDuration, formatToken, isZeroAddress } from './format';
import type { StakingParameters } from './useStakingParameters';

/** The contract's parameters as read from the chain (read-only; the owner's editors are below). */
export function ParametersView({ parameters, blockNumber }: { parameters: StakingParameters; blockNumber: bigint | undefined }) {
  const { t } = useTranslation('staking');
  return (
    <>
      <Facts>
        <dt>{t('params.lockPeriod')}</dt>
        <dd data-testid="staking-lock-period">
          {formatDuration(parameters.lockPeriod)} ({t('params.seconds', { n: parameters.lockPeriod.toString() })})
        </dd>
        <dt>{t('params.paused')}</dt>
        <dd>
          {parameters.paused ? <Badge $tone="danger">{t('params.isPaused')}</Badge> : <Badge $tone="success">{t('params.isActive')}</Badge>}
        </dd>
        <dt>{t('params.totalStaked')}</dt>
        <dd>{formatToken(parameters.totalStaked)}</dd>
        <dt>{t('params.owner')}</dt>
        <dd>
          <AccountAddress value={parameters.owner} />
        </dd>
        <dt>{t('params.pendingOwner')}</dt>
        <dd>{isZeroAddress(parameters.pendingOwner) ? t('params.none') : <AccountAddress value={parameters.pendingOwner} />}</dd>
        <dt>{t('params.token')}</dt>
        <dd>
          <AccountAddress value={parameters.stakingToken} />
        </dd>
        <dt>{t('params.block')}</dt>
        <dd>{blockNumber?.toString() ?? '…'}</dd>
      </Facts>
      <PlainTable aria-label={t('params.tiers')}>
        <caption>{t('params.tiers')}</caption>
        <TableHead labels={[t('params.tier'), t('params.minStake'), t('params.booster')]} />
        <tbody>
          {parameters.tiers.length === 0 && (
            <tr>
              <td colSpan={3}>{t('params.noTiers')}</td>
            </tr>
          )}
          {parameters.tiers.map((tier, i) => (
            <tr key={i}>
              <td>{i + 1}</td>
              <td>{formatToken(tier.minStake)}</td>
              <td>{formatBps(tier.boosterBps)}</td>
            </tr>
          ))}
        </tbody>
      </PlainTable>
    </>
  );
}
