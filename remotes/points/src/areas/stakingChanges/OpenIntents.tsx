import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { STAKING_INTENTS_PATH, type StakingIntent, type StakingParameters as LoggedParameters } from '@phoenix/contract';
import { useApi, useTranslation } from '@phoenix/shell';
import { Button, FormActions } from '@phoenix/ui';
import type { TFunction } from 'i18next';
import { STAKING_CHAIN_ID } from './chain';
import { formatBps, formatDuration, formatToken } from './format';
import type { StakingChange } from './types';

/** The query key of the open intents (the flow refreshes it once a change is recorded as sent). */
export const OPEN_INTENTS_KEY = ['staking-intents'] as const;

function shown(key: keyof LoggedParameters, value: LoggedParameters, t: TFunction): string {
  if (key === 'lockPeriod' && value.lockPeriod !== undefined) return formatDuration(BigInt(value.lockPeriod));
  if (key === 'tiers' && value.tiers)
    return value.tiers.length
      ? value.tiers.map((tier) => `≥ ${formatToken(BigInt(tier.minStake))} → ${formatBps(tier.boosterBps)}`).join('; ')
      : '—';
  if (key === 'paused' && value.paused !== undefined) return t(value.paused ? 'yes' : 'no');
  return String(value[key] ?? '—');
}

/** The call an intent records, with its arguments as the contract takes them (bigints from decimal strings). */
export function changeOfIntent(intent: StakingIntent, t: TFunction): StakingChange {
  const { after } = intent;
  const args =
    intent.change === 'setLockPeriod'
      ? [BigInt(after.lockPeriod ?? '0')]
      : intent.change === 'setTiers'
        ? [(after.tiers ?? []).map((tier) => ({ minStake: BigInt(tier.minStake), boosterBps: tier.boosterBps }))]
        : intent.change === 'transferOwnership'
          ? [after.pendingOwner]
          : [];
  const keys = Object.keys(after) as (keyof LoggedParameters)[];
  return {
    kind: intent.change,
    args,
    preview: keys.map((key) => ({ label: t(`params.${key}`), from: shown(key, intent.before, t), to: shown(key, after, t) })),
    before: intent.before,
    after,
    intentId: intent.id,
  };
}

/**
 * Staking changes recorded as intended and not sent yet (in "approve", approved change requests):
 * the owner's wallet sends one from here, and its confirmed transaction uses it up.
 */
export function OpenIntents({ contract, onSend }: { contract: Address; onSend: (change: StakingChange) => void }) {
  const { t } = useTranslation('staking');
  const api = useApi();
  const intents = useQuery({
    queryKey: [...OPEN_INTENTS_KEY, contract],
    queryFn: () => api.get<{ items: StakingIntent[] }>(STAKING_INTENTS_PATH, { contractAddress: contract, chainId: STAKING_CHAIN_ID }),
    retry: false,
  });
  const items = intents.data?.items ?? [];
  if (!items.length) return null;
  return (
    <section aria-labelledby="staking-intents-title">
      <h3 id="staking-intents-title">{t('intents.title')}</h3>
      <ul>
        {items.map((intent) => {
          const change = changeOfIntent(intent, t);
          return (
            <li key={intent.id}>
              {t('intents.item', { id: intent.id, by: intent.requestedBy })}{' '}
              {change.preview.map((row) => `${row.label}: ${row.from} → ${row.to}`).join('; ')}
              <FormActions>
                <Button size="sm" variant="primary" onClick={() => onSend(change)}>
                  {t('intents.send', { id: intent.id })}
                </Button>
              </FormActions>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
