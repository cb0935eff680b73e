import { CHECKIN_STREAK_DAYS, dailyCheckinDocument } from '@phoenix/contract';
import { DocumentPage, useTranslation } from '@phoenix/shell';
import { FieldRow, TextField } from '@phoenix/ui';

const DAYS = Array.from({ length: CHECKIN_STREAK_DAYS }, (_, i) => i);

/** The reward of each streak day 1–7: one document with history and restore. */
export default function DailyCheckinPage() {
  const { t } = useTranslation('points');
  return (
    <DocumentPage
      document={dailyCheckinDocument}
      title={t('checkin.title')}
      description={t('checkin.description')}
      toValues={(doc) => ({ rewards: doc.rewards })}
    >
      {(form) => (
        <fieldset>
          <legend>{t('checkin.rewards')}</legend>
          <FieldRow>
            {DAYS.map((day) => (
              <TextField
                key={day}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                label={t('checkin.day', { day: day + 1 })}
                {...form.numberField(`rewards.${day}`)}
              />
            ))}
          </FieldRow>
        </fieldset>
      )}
    </DocumentPage>
  );
}
