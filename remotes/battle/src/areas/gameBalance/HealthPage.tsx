import { HEALTH_RANGES, healthDocument } from '@phoenix/contract';
import { DocumentPage, useTranslation } from '@phoenix/shell';
import { FieldRow } from '@phoenix/ui';
import { RangeField } from './RangeField';

/** Max health and regeneration per minute: one versioned document with its history. */
export default function HealthPage() {
  const { t } = useTranslation('battle');
  return (
    <DocumentPage
      document={healthDocument}
      title={t('health.title')}
      description={t('health.description')}
      toValues={({ maxHealth, regenerationPerMinute }) => ({ maxHealth, regenerationPerMinute })}
      savedMessage={() => t('gameBalance.saved')}
    >
      {(form) => (
        <FieldRow>
          <RangeField label={t('health.maxHealth')} range={HEALTH_RANGES.maxHealth} field={form.numberField('maxHealth')} />
          <RangeField
            label={t('health.regenerationPerMinute')}
            range={HEALTH_RANGES.regenerationPerMinute}
            field={form.numberField('regenerationPerMinute')}
          />
        </FieldRow>
      )}
    </DocumentPage>
  );
}
