import { REFERRAL_ACTIVITIES, referralDocument } from '@phoenix/contract';
import { DocumentPage, useTranslation } from '@phoenix/shell';
import { FieldRow, Select, TextField } from '@phoenix/ui';

/** A cap field: empty means "no cap" (null), anything else is a number the schema checks. */
function CapField({
  label,
  hint,
  binding,
}: {
  label: string;
  hint: string;
  binding: { value: number | null; error?: string; onChange: (v: number | null) => void };
}) {
  return (
    <TextField
      type="number"
      min={0}
      step={1}
      inputMode="numeric"
      label={label}
      hint={hint}
      error={binding.error}
      value={binding.value === null ? '' : String(binding.value)}
      onChange={(event) => binding.onChange(event.target.value === '' ? null : Number(event.target.value))}
    />
  );
}

/** Referrer and referee rewards, caps, and the activity a referee must reach: one document with history. */
export default function ReferralPage() {
  const { t } = useTranslation('points');
  return (
    <DocumentPage
      document={referralDocument}
      title={t('referral.title')}
      description={t('referral.description')}
      toValues={(doc) => ({
        referrerReward: doc.referrerReward,
        refereeReward: doc.refereeReward,
        capPerReferrer: doc.capPerReferrer,
        totalCap: doc.totalCap,
        requiredActivity: doc.requiredActivity,
      })}
    >
      {(form) => (
        <>
          <FieldRow>
            <TextField type="number" min={0} step={1} label={t('referral.referrerReward')} {...form.numberField('referrerReward')} />
            <TextField type="number" min={0} step={1} label={t('referral.refereeReward')} {...form.numberField('refereeReward')} />
          </FieldRow>
          <FieldRow>
            <CapField
              label={t('referral.capPerReferrer')}
              hint={t('referral.noCapHint')}
              binding={form.bind<number | null>('capPerReferrer')}
            />
            <CapField label={t('referral.totalCap')} hint={t('referral.noCapHint')} binding={form.bind<number | null>('totalCap')} />
          </FieldRow>
          <Select
            label={t('referral.requiredActivity')}
            hint={t('referral.requiredActivityHint')}
            options={REFERRAL_ACTIVITIES.map((activity) => ({ value: activity, label: t(`referral.activities.${activity}`) }))}
            {...form.field('requiredActivity')}
          />
        </>
      )}
    </DocumentPage>
  );
}
