import { useState, type FormEvent } from 'react';
import { useTranslation } from '@phoenix/shell';
import { FieldRow, isoToLocalInput, localInputToIso, Panel, TextField } from '@phoenix/ui';
import { FilterActions } from '../common/FilterActions';

export interface BattleFilterValues {
  playerId: string;
  from: string;
  to: string;
}

/** Player id and start window: edited locally, written to the URL on Apply (one request). */
export function BattleFilters({ applied, onApply }: { applied: BattleFilterValues; onApply: (values: BattleFilterValues) => void }) {
  const { t } = useTranslation('battle');
  const [draft, setDraft] = useState<BattleFilterValues>({
    playerId: applied.playerId,
    from: isoToLocalInput(applied.from),
    to: isoToLocalInput(applied.to),
  });
  const [errors, setErrors] = useState<{ playerId?: string; from?: string }>({});
  const set = (name: keyof BattleFilterValues) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value }));
  const apply = (values: BattleFilterValues) => {
    const playerId = values.playerId.trim();
    const from = localInputToIso(values.from);
    const to = localInputToIso(values.to);
    const next = {
      playerId: playerId && !/^[1-9]\d{0,9}$/.test(playerId) ? t('battles.playerIdError') : undefined,
      from: from && to && from > to ? t('battles.rangeError') : undefined,
    };
    setErrors(next);
    if (next.playerId || next.from) return;
    onApply({ playerId, from, to });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };
  const clear = () => {
    const empty = { playerId: '', from: '', to: '' };
    setDraft(empty);
    apply(empty);
  };
  return (
    <Panel as="form" noValidate onSubmit={submit} aria-label={t('battles.filterLabel')} role="search">
      <FieldRow>
        <TextField
          label={t('battles.playerId')}
          inputMode="numeric"
          value={draft.playerId}
          onChange={set('playerId')}
          error={errors.playerId}
        />
        <TextField label={t('battles.from')} type="datetime-local" value={draft.from} onChange={set('from')} error={errors.from} />
        <TextField label={t('battles.to')} type="datetime-local" value={draft.to} onChange={set('to')} />
      </FieldRow>
      <FilterActions onClear={clear} />
    </Panel>
  );
}
