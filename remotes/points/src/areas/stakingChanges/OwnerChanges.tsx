import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { isAddress, parseUnits, type Address } from 'viem';
import { useTranslation } from '@phoenix/shell';
import { Button, FieldRow, FormActions, TextField } from '@phoenix/ui';
import { formatBps, formatDuration, formatToken, isZeroAddress, TOKEN_DECIMALS } from './format';
import type { StakingChange } from './types';
import type { StakingParameters, StakingTierValue } from './useStakingParameters';

const Editor = styled.form`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding: 0.75rem 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h3 {
    margin: 0;
    font-size: 1rem;
  }
`;

const tierJson = (tiers: readonly StakingTierValue[]) =>
  tiers.map((tier) => ({ minStake: tier.minStake.toString(), boosterBps: tier.boosterBps }));
const tiersText = (tiers: readonly StakingTierValue[]) =>
  tiers.length ? tiers.map((tier) => `≥ ${formatToken(tier.minStake)} → ${formatBps(tier.boosterBps)}`).join('; ') : '—';

/**
 * The owner's editors. Each one only checks that its input is well-formed and then proposes a change:
 * the contract's own rules (ascending tiers, maximum lock period) answer in the simulation.
 */
export function OwnerChanges({ parameters, onPropose }: { parameters: StakingParameters; onPropose: (change: StakingChange) => void }) {
  const { t } = useTranslation('staking');
  return (
    <div>
      <LockPeriodEditor parameters={parameters} onPropose={onPropose} />
      <TiersEditor parameters={parameters} onPropose={onPropose} />
      <Editor aria-label={t('pause.title')} onSubmit={(e) => e.preventDefault()}>
        <h3>{t('pause.title')}</h3>
        <FormActions>
          <Button
            variant={parameters.paused ? 'primary' : 'danger'}
            onClick={() =>
              onPropose({
                kind: parameters.paused ? 'unpause' : 'pause',
                args: [],
                preview: [
                  { label: t('params.paused'), from: t(parameters.paused ? 'yes' : 'no'), to: t(parameters.paused ? 'no' : 'yes') },
                ],
                before: { paused: parameters.paused },
                after: { paused: !parameters.paused },
              })
            }
          >
            {t(parameters.paused ? 'pause.unpause' : 'pause.pause')}
          </Button>
        </FormActions>
      </Editor>
      <OwnershipEditor parameters={parameters} onPropose={onPropose} />
    </div>
  );
}

type EditorProps = { parameters: StakingParameters; onPropose: (change: StakingChange) => void };

function LockPeriodEditor({ parameters, onPropose }: EditorProps) {
  const { t } = useTranslation('staking');
  const [value, setValue] = useState(parameters.lockPeriod.toString());
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{1,20}$/.test(value.trim())) return setError(t('lockPeriod.invalid'));
    setError(null);
    const next = BigInt(value.trim());
    onPropose({
      kind: 'setLockPeriod',
      args: [next],
      preview: [{ label: t('params.lockPeriod'), from: formatDuration(parameters.lockPeriod), to: formatDuration(next) }],
      before: { lockPeriod: parameters.lockPeriod.toString() },
      after: { lockPeriod: next.toString() },
    });
  };
  const hint = /^\d{1,20}$/.test(value.trim()) ? `= ${formatDuration(BigInt(value.trim()))}` : undefined;
  return (
    <Editor aria-label={t('lockPeriod.title')} onSubmit={submit} noValidate>
      <h3>{t('lockPeriod.title')}</h3>
      <TextField
        label={t('lockPeriod.seconds')}
        inputMode="numeric"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error}
        hint={hint}
      />
      <FormActions>
        <Button type="submit">{t('review')}</Button>
      </FormActions>
    </Editor>
  );
}

interface TierRow {
  minStake: string;
  boosterBps: string;
}

function TiersEditor({ parameters, onPropose }: EditorProps) {
  const { t } = useTranslation('staking');
  const [rows, setRows] = useState<TierRow[]>(() =>
    parameters.tiers.map((tier) => ({ minStake: formatToken(tier.minStake), boosterBps: String(tier.boosterBps) })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = (index: number, patch: Partial<TierRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const tiers: StakingTierValue[] = [];
    rows.forEach((row, i) => {
      let minStake: bigint | null = null;
      try {
        if (/^\d+(\.\d+)?$/.test(row.minStake.trim())) minStake = parseUnits(row.minStake.trim(), TOKEN_DECIMALS);
      } catch {
        minStake = null;
      }
      if (minStake === null) found[`${i}.minStake`] = t('tiers.invalidStake');
      if (!/^\d{1,10}$/.test(row.boosterBps.trim())) found[`${i}.boosterBps`] = t('tiers.invalidBps');
      if (minStake !== null && !found[`${i}.boosterBps`]) tiers.push({ minStake, boosterBps: Number(row.boosterBps.trim()) });
    });
    setErrors(found);
    if (Object.keys(found).length) return;
    onPropose({
      kind: 'setTiers',
      args: [tiers],
      preview: [{ label: t('params.tiers'), from: tiersText(parameters.tiers), to: tiersText(tiers) }],
      before: { tiers: tierJson(parameters.tiers) },
      after: { tiers: tierJson(tiers) },
    });
  };
  return (
    <Editor aria-label={t('tiers.title')} onSubmit={submit} noValidate>
      <h3>{t('tiers.title')}</h3>
      {rows.map((row, i) => (
        <FieldRow key={i}>
          <TextField
            label={t('tiers.minStake', { n: i + 1 })}
            inputMode="decimal"
            value={row.minStake}
            onChange={(e) => update(i, { minStake: e.target.value })}
            error={errors[`${i}.minStake`]}
          />
          <TextField
            label={t('tiers.boosterBps', { n: i + 1 })}
            inputMode="numeric"
            value={row.boosterBps}
            onChange={(e) => update(i, { boosterBps: e.target.value })}
            error={errors[`${i}.boosterBps`]}
          />
          <Button size="sm" variant="ghost" onClick={() => setRows((current) => current.filter((_, j) => j !== i))}>
            {t('tiers.remove', { n: i + 1 })}
          </Button>
        </FieldRow>
      ))}
      <FormActions>
        <Button size="sm" onClick={() => setRows((current) => [...current, { minStake: '', boosterBps: '' }])}>
          {t('tiers.add')}
        </Button>
        <Button type="submit">{t('review')}</Button>
      </FormActions>
    </Editor>
  );
}

function OwnershipEditor({ parameters, onPropose }: EditorProps) {
  const { t } = useTranslation('staking');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = value.trim();
    if (!isAddress(next, { strict: false })) return setError(t('ownership.invalid'));
    setError(null);
    const current = isZeroAddress(parameters.pendingOwner) ? '—' : parameters.pendingOwner;
    onPropose({
      kind: 'transferOwnership',
      args: [next as Address],
      preview: [{ label: t('params.pendingOwner'), from: current, to: next }],
      before: isZeroAddress(parameters.pendingOwner) ? {} : { pendingOwner: parameters.pendingOwner },
      after: { pendingOwner: next },
    });
  };
  return (
    <Editor aria-label={t('ownership.title')} onSubmit={submit} noValidate>
      <h3>{t('ownership.title')}</h3>
      <TextField
        label={t('ownership.newOwner')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error}
        hint={t('ownership.hint')}
      />
      <FormActions>
        <Button type="submit">{t('review')}</Button>
      </FormActions>
    </Editor>
  );
}
