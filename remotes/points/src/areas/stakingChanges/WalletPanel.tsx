import { useState } from 'react';
import { createWalletClient, custom, formatEther, type EIP1193Provider } from 'viem';
import { useBalance, useConfig, useConnect, useConnection, useConnectors, useDisconnect, useSwitchChain } from 'wagmi';
import { useTranslation } from '@phoenix/shell';
import { AccountAddress, Alert, Badge, Button, Facts, FormActions, Panel } from '@phoenix/ui';
import { LOCAL_DEV_CONNECTOR_ID, STAKING_CHAIN_ID, stakingChainOf } from './chain';
import { describeError } from './format';

/** Connect (injected wallets; locally also the development account), then account, chain and balance. */
export function WalletPanel() {
  const { t } = useTranslation('staking');
  const connection = useConnection();
  const connectors = useConnectors();
  const connect = useConnect();
  const disconnect = useDisconnect();
  const balance = useBalance({ address: connection.address, chainId: STAKING_CHAIN_ID, query: { enabled: !!connection.address } });

  if (!connection.isConnected || !connection.address) {
    return (
      <Panel aria-labelledby="staking-wallet-title">
        <h2 id="staking-wallet-title">{t('wallet.title')}</h2>
        <p>{t('wallet.notConnected')}</p>
        <FormActions>
          {connectors.map((connector) => (
            <Button
              key={connector.uid}
              variant={connector.id === LOCAL_DEV_CONNECTOR_ID ? 'secondary' : 'primary'}
              loading={connect.isPending && connect.variables?.connector === connector}
              onClick={() => connect.mutate({ connector, chainId: STAKING_CHAIN_ID })}
            >
              {connector.id === LOCAL_DEV_CONNECTOR_ID ? t('wallet.connectLocal') : t('wallet.connectInjected', { name: connector.name })}
            </Button>
          ))}
        </FormActions>
        {connectors.some((c) => c.id === LOCAL_DEV_CONNECTOR_ID) && <p>{t('wallet.localNote')}</p>}
        {connect.isError && <Alert title={t('wallet.connectFailed')}>{describeError(connect.error, t)}</Alert>}
      </Panel>
    );
  }

  const isLocalAccount = connection.connector?.id === LOCAL_DEV_CONNECTOR_ID;
  return (
    <Panel aria-labelledby="staking-wallet-title">
      <h2 id="staking-wallet-title">{t('wallet.title')}</h2>
      <Facts>
        <dt>{t('wallet.account')}</dt>
        <dd>
          <AccountAddress value={connection.address} /> {isLocalAccount && <Badge $tone="warning">{t('wallet.localBadge')}</Badge>}
        </dd>
        <dt>{t('wallet.connector')}</dt>
        <dd>{isLocalAccount ? t('wallet.localConnector') : connection.connector?.name}</dd>
        <dt>{t('wallet.chain')}</dt>
        <dd>
          {connection.chain ? `${connection.chain.name} (${connection.chainId})` : t('wallet.unknownChain', { id: connection.chainId })}
        </dd>
        <dt>{t('wallet.balance')}</dt>
        <dd>{balance.data ? `${formatEther(balance.data.value)} ${balance.data.symbol}` : '…'}</dd>
      </Facts>
      {connection.chainId !== STAKING_CHAIN_ID && <WrongChain />}
      <FormActions>
        <Button onClick={() => disconnect.mutate({})}>{t('wallet.disconnect')}</Button>
      </FormActions>
    </Panel>
  );
}

/** The wallet is elsewhere: say so, offer to switch, and to add the chain when the wallet does not know it. */
function WrongChain() {
  const { t } = useTranslation('staking');
  const connection = useConnection();
  const chain = stakingChainOf(useConfig());
  const switchChain = useSwitchChain();
  const [adding, setAdding] = useState<'idle' | 'pending' | 'failed'>('idle');
  const [addError, setAddError] = useState<string | null>(null);
  const addChain = async () => {
    if (!chain || !connection.connector) return;
    setAdding('pending');
    try {
      const provider = (await connection.connector.getProvider()) as EIP1193Provider;
      await createWalletClient({ transport: custom(provider) }).addChain({ chain });
      setAdding('idle');
      switchChain.mutate({ chainId: STAKING_CHAIN_ID });
    } catch (error) {
      setAddError(describeError(error, t));
      setAdding('failed');
    }
  };
  return (
    <Alert tone="warning" title={t('wallet.wrongChainTitle')}>
      <p>{t('wallet.wrongChain', { id: connection.chainId, expected: STAKING_CHAIN_ID })}</p>
      <FormActions>
        <Button variant="primary" loading={switchChain.isPending} onClick={() => switchChain.mutate({ chainId: STAKING_CHAIN_ID })}>
          {t('wallet.switch')}
        </Button>
        <Button loading={adding === 'pending'} onClick={addChain}>
          {t('wallet.addChain')}
        </Button>
      </FormActions>
      {switchChain.isError && <p>{t('wallet.switchFailed', { reason: describeError(switchChain.error, t) })}</p>}
      {adding === 'failed' && <p>{t('wallet.addFailed', { reason: addError })}</p>}
    </Alert>
  );
}
