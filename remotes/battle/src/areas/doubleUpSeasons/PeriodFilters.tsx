import { useState, type FormEvent } from 'react';
import { useTranslation } from '@phoenix/shell';
import { FieldRow, isoToLocalInput, localInputToIso, Panel, TextField } from '@phoenix/ui';
import { FilterActions } from '../common/FilterActions';

/** A period (from/to, the admin's local time in the inputs, ISO in the URL), applied on submit. */
export function PeriodFilters({
  applied,
  onApply,
}: {
  applied: { from: string; to: string };
  onApply: (v: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation('battle');
  const [draft, setDraft] = useState({ from: isoToLocalInput(applied.from), to: isoToLocalInput(applied.to) });
  const [error, setError] = useState<string | undefined>();
  const apply = (values: { from: string; to: string }) => {
    const from = localInputToIso(values.from);
    const to = localInputToIso(values.to);
    if (from && to && from > to) return setError(t('doubleUpSeasons.rangeError'));
    setError(undefined);
    onApply({ from, to });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };
  const clear = () => {
    setDraft({ from: '', to: '' });
    apply({ from: '', to: '' });
  };
  return (
    <Panel as="form" noValidate onSubmit={submit} aria-label={t('doubleUpSeasons.filterLabel')} role="search">
      <FieldRow>
        <TextField
          label={t('doubleUpSeasons.from')}
          type="datetime-local"
          value={draft.from}
          error={error}
          onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
        />
        <TextField
          label={t('doubleUpSeasons.to')}
          type="datetime-local"
          value={draft.to}
          onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
        />
      </FieldRow>
      <FilterActions onClear={clear} />
    </Panel>
  );
}
