import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useConfig, usePublicClient } from 'wagmi';
import type { Address } from 'viem';
import { pointBoosterStakingAbi } from '@phoenix/contracts';
import { useTranslation } from '@phoenix/shell';
import { ErrorState, Mono, Panel, PlainTable, TableHead, formatDateTime } from '@phoenix/ui';
import { STAKING_CHAIN_ID, explorerTxUrl, stakingChainOf } from './chain';
import { describeError, formatBps, formatDuration, formatToken } from './format';
import type { StakingTierValue } from './useStakingParameters';

const PARAMETER_EVENTS = ['TiersUpdated', 'LockPeriodUpdated', 'Paused', 'Unpaused', 'OwnershipTransferStarted', 'OwnershipTransferred'];
/** How far back a public RPC lets us ask for logs in one call (about a week of Sepolia blocks). */
const LOOKBACK_BLOCKS = 50_000n;
const tiersText = (tiers: readonly StakingTierValue[]) =>
  tiers.length ? tiers.map((tier) => `≥ ${formatToken(tier.minStake)} → ${formatBps(tier.boosterBps)}`).join('; ') : '—';

/** The parameter changes, read from the contract's events on the chain (newest first). */
export function EventHistory({
  address,
  blockNumber,
  fromGenesis,
}: {
  address: Address;
  blockNumber: bigint | undefined;
  fromGenesis: boolean;
}) {
  const { t } = useTranslation('staking');
  const client = usePublicClient({ chainId: STAKING_CHAIN_ID });
  const chain = stakingChainOf(useConfig());
  const history = useQuery({
    queryKey: ['staking', 'events', address, blockNumber?.toString()],
    enabled: !!client && blockNumber !== undefined,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const latest = blockNumber!;
      const fromBlock = fromGenesis || latest < LOOKBACK_BLOCKS ? 0n : latest - LOOKBACK_BLOCKS;
      const events = (await client!.getContractEvents({ address, abi: pointBoosterStakingAbi, fromBlock, toBlock: latest })).filter((e) =>
        PARAMETER_EVENTS.includes(e.eventName),
      );
      const blocks = [...new Set(events.map((e) => e.blockNumber))];
      const times = new Map(
        await Promise.all(blocks.map(async (n) => [n, (await client!.getBlock({ blockNumber: n })).timestamp] as const)),
      );
      return events.reverse().map((e) => ({ ...e, timestamp: times.get(e.blockNumber) ?? 0n }));
    },
  });

  const describe = (event: NonNullable<typeof history.data>[number]): [string, string] => {
    switch (event.eventName) {
      case 'LockPeriodUpdated':
        return [formatDuration(event.args.oldLockPeriod ?? 0n), formatDuration(event.args.newLockPeriod ?? 0n)];
      case 'TiersUpdated':
        return [tiersText(event.args.oldTiers ?? []), tiersText(event.args.newTiers ?? [])];
      case 'Paused':
        return [t('no'), t('yes')];
      case 'Unpaused':
        return [t('yes'), t('no')];
      case 'OwnershipTransferStarted':
      case 'OwnershipTransferred':
        return [event.args.previousOwner ?? '', event.args.newOwner ?? ''];
      default:
        return ['', ''];
    }
  };

  return (
    <Panel aria-labelledby="staking-history-title">
      <h2 id="staking-history-title">{t('history.title')}</h2>
      <p>{fromGenesis ? t('history.allBlocks') : t('history.recentBlocks', { n: LOOKBACK_BLOCKS.toString() })}</p>
      {history.isError && <ErrorState message={describeError(history.error, t)} onRetry={() => void history.refetch()} />}
      {history.data && (
        <PlainTable aria-label={t('history.title')}>
          <TableHead labels={[t('history.block'), t('history.time'), t('history.event'), t('history.change'), t('history.transaction')]} />
          <tbody>
            {history.data.length === 0 && (
              <tr>
                <td colSpan={5}>{t('history.empty')}</td>
              </tr>
            )}
            {history.data.map((event) => {
              const [from, to] = describe(event);
              const link = explorerTxUrl(chain, event.transactionHash);
              return (
                <tr key={`${event.transactionHash}-${event.logIndex}`}>
                  <td>{event.blockNumber.toString()}</td>
                  <td>{formatDateTime(new Date(Number(event.timestamp) * 1000).toISOString())}</td>
                  <td>{t(`history.events.${event.eventName}`)}</td>
                  <td>
                    {from} → {to}
                  </td>
                  <td>
                    {link ? (
                      <a href={link} target="_blank" rel="noreferrer">
                        <Mono>{event.transactionHash}</Mono>
                      </a>
                    ) : (
                      <Mono>{event.transactionHash}</Mono>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </PlainTable>
      )}
    </Panel>
  );
}
