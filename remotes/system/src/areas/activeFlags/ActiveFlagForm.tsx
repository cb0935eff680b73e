import { ACTIVE_FLAG_KEY_HINT, activeFlagsResource } from '@phoenix/contract';
import { RecordFormPage, useTranslation } from '@phoenix/shell';
import { Checkbox, Mono, TextArea, TextField } from '@phoenix/ui';

/** The key is typed once, at creation: the game looks flags up by key. */
export default function ActiveFlagForm() {
  const { t } = useTranslation('system');
  return (
    <RecordFormPage
      resource={activeFlagsResource}
      empty={{ key: '', description: '', enabled: false }}
      toValues={({ description, enabled }) => ({ key: '', description, enabled })}
    >
      {(form, flag) =>
        flag ? (
          <>
            <p>
              {t('activeFlags.keyFixed')} <Mono>{flag.key}</Mono>
            </p>
            <TextArea rows={3} hint={t('activeFlags.descriptionHint')} {...form.labelled('description')} />
          </>
        ) : (
          <>
            <TextField required autoComplete="off" spellCheck={false} hint={ACTIVE_FLAG_KEY_HINT} {...form.labelled('key')} />
            <TextArea rows={3} hint={t('activeFlags.descriptionHint')} {...form.labelled('description')} />
            <Checkbox label={t('activeFlags.turnOnNow')} hint={t('activeFlags.turnOnNowHint')} {...form.field('enabled')} />
          </>
        )
      }
    </RecordFormPage>
  );
}
