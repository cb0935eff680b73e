import {
  EMPTY_SEGMENT_CRITERIA,
  PLAYER_STATUSES,
  SEGMENT_RESTRICTED,
  SEGMENT_WALLET,
  policiesResource,
  segmentsResource,
  type Policy,
  type SegmentCriteria,
} from '@phoenix/contract';
import { RecordFormPage, useServerPicker, useTranslation, type RecordForm } from '@phoenix/shell';
import { DateTimeField, Select, TextArea, TextField } from '@phoenix/ui';
import styled from 'styled-components';
import { LiveSegmentCount } from './SegmentCount';
import { asCriteria, type Translate } from './criteria';

interface Values {
  name: string;
  description: string;
  criteria: SegmentCriteria;
}

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: 0 1rem;
`;
const Group = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  legend {
    font-weight: 600;
    margin-bottom: 0.5rem;
  }
`;

/** segments/create and segments/edit?id=: a name and the criteria, with the live count of matching players beside them. */
export default function SegmentForm() {
  const { t } = useTranslation('userPolicy');
  return (
    <RecordFormPage
      resource={segmentsResource}
      titles={{ create: t('segments.newTitle'), edit: (s) => t('segments.editTitleOf', { name: s.name }) }}
      empty={{ name: '', description: '', criteria: EMPTY_SEGMENT_CRITERIA } as Values}
      toValues={({ name, description, criteria }) => ({ name, description, criteria })}
      aside={(form) => <LiveSegmentCount criteria={asCriteria(form.rhf.watch('criteria'))} />}
    >
      {(form) => (
        <>
          <TextField required autoComplete="off" {...form.labelled('name')} />
          <TextArea rows={2} {...form.labelled('description')} />
          <CriteriaFields form={form} />
        </>
      )}
    </RecordFormPage>
  );
}

function CriteriaFields({ form }: { form: RecordForm<Values> }) {
  const { t } = useTranslation('userPolicy');
  const policies = useServerPicker<Policy>(policiesResource.path, { query: { sort: 'name', order: 'asc' } });
  const whole = (name: 'criteria.levelMin' | 'criteria.levelMax' | 'criteria.balanceMin' | 'criteria.balanceMax', label: string) => {
    const bound = form.bind<number | null>(name);
    return (
      <TextField
        label={label}
        type="number"
        inputMode="numeric"
        min={0}
        value={bound.value === null || bound.value === undefined ? '' : String(bound.value)}
        error={bound.error}
        onChange={(e) => bound.onChange(e.target.value === '' ? null : Number(e.target.value))}
      />
    );
  };
  const choice = <T extends string>(name: Parameters<typeof form.bind>[0], label: string, values: readonly T[], words: string) => {
    const bound = form.bind<T | null>(name);
    return (
      <Select
        label={label}
        value={bound.value ?? ''}
        placeholder={t('segments.any')}
        options={values.map((value) => ({ value, label: (t as unknown as Translate)(`segments.${words}.${value}`) }))}
        error={bound.error}
        onChange={(e) => bound.onChange(e.target.value === '' ? null : (e.target.value as T))}
      />
    );
  };
  const instant = (name: Parameters<typeof form.bind>[0], label: string) => {
    const bound = form.bind<string | null>(name);
    return <DateTimeField label={label} value={bound.value ?? null} onChange={(iso) => bound.onChange(iso ?? null)} error={bound.error} />;
  };
  const policy = form.bind<number | null>('criteria.policyId');
  const chosen = policy.value ?? null;
  // The chosen policy stays an option while the admin searches for another one.
  const options = policies.items.map((p) => ({ value: String(p.id), label: p.name }));
  if (chosen !== null && !options.some((o) => o.value === String(chosen))) options.unshift({ value: String(chosen), label: `#${chosen}` });
  return (
    <Group>
      <legend>{t('segments.criteria')}</legend>
      <Pair>
        {whole('criteria.levelMin', t('segments.fields.levelMin'))}
        {whole('criteria.levelMax', t('segments.fields.levelMax'))}
      </Pair>
      {choice('criteria.status', t('segments.fields.status'), PLAYER_STATUSES, 'statuses')}
      <Pair>
        {instant('criteria.createdFrom', t('segments.fields.createdFrom'))}
        {instant('criteria.createdTo', t('segments.fields.createdTo'))}
      </Pair>
      <Pair>
        {instant('criteria.lastSeenFrom', t('segments.fields.lastSeenFrom'))}
        {instant('criteria.lastSeenTo', t('segments.fields.lastSeenTo'))}
      </Pair>
      <Pair>
        {whole('criteria.balanceMin', t('segments.fields.balanceMin'))}
        {whole('criteria.balanceMax', t('segments.fields.balanceMax'))}
      </Pair>
      {choice('criteria.wallet', t('segments.fields.wallet'), SEGMENT_WALLET, 'wallets')}
      {choice('criteria.restricted', t('segments.fields.restricted'), SEGMENT_RESTRICTED, 'restrictedChoices')}
      <TextField label={t('segments.findPolicy')} type="search" value={policies.q} onChange={(e) => policies.setQ(e.target.value)} />
      <Select
        label={t('segments.fields.policyId')}
        value={chosen === null ? '' : String(chosen)}
        placeholder={t('segments.anyPolicy')}
        options={options}
        error={policy.error}
        onChange={(e) => policy.onChange(e.target.value === '' ? null : Number(e.target.value))}
      />
    </Group>
  );
}
