import { ENERGY_RANGES, energyDocument } from '@phoenix/contract';
import { DocumentPage, useTranslation } from '@phoenix/shell';
import { FieldRow } from '@phoenix/ui';
import { RangeField } from './RangeField';

/** Max energy, regeneration (amount every interval) and the cost of a battle: one versioned document. */
export default function EnergyPage() {
  const { t } = useTranslation('battle');
  return (
    <DocumentPage
      document={energyDocument}
      title={t('energy.title')}
      description={t('energy.description')}
      toValues={({ maxEnergy, regenerationIntervalMinutes, regenerationAmount, costPerBattle }) => ({
        maxEnergy,
        regenerationIntervalMinutes,
        regenerationAmount,
        costPerBattle,
      })}
      savedMessage={() => t('gameBalance.saved')}
    >
      {(form) => (
        <>
          <FieldRow>
            <RangeField label={t('energy.maxEnergy')} range={ENERGY_RANGES.maxEnergy} field={form.numberField('maxEnergy')} />
            <RangeField label={t('energy.costPerBattle')} range={ENERGY_RANGES.costPerBattle} field={form.numberField('costPerBattle')} />
          </FieldRow>
          <FieldRow>
            <RangeField
              label={t('energy.regenerationAmount')}
              range={ENERGY_RANGES.regenerationAmount}
              field={form.numberField('regenerationAmount')}
            />
            <RangeField
              label={t('energy.regenerationIntervalMinutes')}
              range={ENERGY_RANGES.regenerationIntervalMinutes}
              field={form.numberField('regenerationIntervalMinutes')}
            />
          </FieldRow>
        </>
      )}
    </DocumentPage>
  );
}
