import { useMemo, useState } from 'react';
import { WagmiProvider, useConnection } from 'wagmi';
import type { Address } from 'viem';
import { useRuntimeConfig, useTranslation } from '@phoenix/shell';
import { AccountAddress, Alert, ErrorState, LoadingBlock, PageBody, PageHeader, Panel } from '@phoenix/ui';
import './i18n';
import { STAKING_CHAIN_ID, createStakingConfig } from './chain';
import { ChangeFlow } from './ChangeFlow';
import { EventHistory } from './EventHistory';
import { describeError, isZeroAddress, sameAddress } from './format';
import { OpenIntents } from './OpenIntents';
import { OwnerChanges } from './OwnerChanges';
import { ParametersView } from './ParametersPanel';
import type { StakingChange } from './types';
import { useStakingParameters } from './useStakingParameters';
import { WalletPanel } from './WalletPanel';

/** points/staking: the point-booster staking contract, read from the chain and changed by its owner. */
export default function StakingPage() {
  const runtime = useRuntimeConfig();
  // One wagmi configuration per environment setting: the page's own, the chain comes from /config.json.
  const config = useMemo(
    () => createStakingConfig(runtime),
    [runtime.environment, runtime.chainRpcUrl, runtime.chainExplorerUrl], // eslint-disable-line react-hooks/exhaustive-deps -- the fields it reads
  );
  const contract = runtime.stakingContractAddress as Address;
  // The environment files ship the zero address until the contract is deployed: nothing to read.
  if (isZeroAddress(contract)) return <NoStakingContract environment={runtime.environment} />;
  return (
    <WagmiProvider config={config}>
      <StakingConsole contract={contract} fromGenesis={runtime.environment === 'local'} />
    </WagmiProvider>
  );
}

/** An environment without a staking contract address says so, instead of failing to read address zero. */
function NoStakingContract({ environment }: { environment: string }) {
  const { t } = useTranslation('staking');
  return (
    <PageBody>
      <PageHeader title={t('title')} description={t('noContract.description', { chain: STAKING_CHAIN_ID })} />
      <Alert tone="warning" title={t('noContract.title')}>
        {t('noContract.message', { environment })}
      </Alert>
    </PageBody>
  );
}

/** The page under a WagmiProvider (the component tests give it one with wagmi's mock connector). */
export function StakingConsole({ contract, fromGenesis }: { contract: Address; fromGenesis: boolean }) {
  const { t } = useTranslation('staking');
  const connection = useConnection();
  const { parameters, blockNumber, error, refetch } = useStakingParameters(contract);
  const [change, setChange] = useState<StakingChange | null>(null);

  const isOwner = connection.isConnected && sameAddress(connection.address, parameters?.owner);
  const readOnlyReason = !connection.isConnected
    ? t('readOnly.notConnected')
    : connection.chainId !== STAKING_CHAIN_ID
      ? t('readOnly.wrongChain')
      : parameters && !isOwner
        ? t('readOnly.notOwner', { account: connection.address, owner: parameters.owner })
        : null;

  return (
    <PageBody>
      <PageHeader
        title={t('title')}
        description={
          <>
            {t('description', { chain: STAKING_CHAIN_ID })} <AccountAddress value={contract} />
          </>
        }
      />
      <WalletPanel />
      <Panel aria-labelledby="staking-params-title">
        <h2 id="staking-params-title">{t('params.title')}</h2>
        {error && <ErrorState title={t('params.readFailed')} message={describeError(error, t)} onRetry={() => void refetch()} />}
        {!error && !parameters && <LoadingBlock label={t('params.loading')} />}
        {parameters && <ParametersView parameters={parameters} blockNumber={blockNumber} />}
      </Panel>
      <Panel aria-labelledby="staking-changes-title">
        <h2 id="staking-changes-title">{t('changes.title')}</h2>
        {readOnlyReason && (
          <Alert tone="warning" title={t('readOnly.title')}>
            {readOnlyReason}
          </Alert>
        )}
        {!readOnlyReason && parameters && connection.address && (
          <>
            {change ? (
              <ChangeFlow
                key={`${change.intentId ?? ''}${JSON.stringify(change.after)}`}
                change={change}
                contract={contract}
                account={connection.address}
                onClose={() => setChange(null)}
              />
            ) : (
              <>
                <OpenIntents contract={contract} onSend={setChange} />
                <OwnerChanges parameters={parameters} onPropose={setChange} />
              </>
            )}
          </>
        )}
      </Panel>
      <EventHistory address={contract} blockNumber={blockNumber} fromGenesis={fromGenesis} />
    </PageBody>
  );
}
