import { ACTIVE_FLAG_KEY_HINT, activeFlagResource } from '@phoenix/contract';
import { RecordFormPage, useTranslation } from '@phoenix/shell';
import { Checkbox, Mono, TextArea, TextField } from '@phoenix/ui';

/** The key is typed once, at creation: the game looks flags up by key. */
export default function ActiveFlagForm() {
  const { t } = useTranslation('system');
  return (
    <RecordFormPage
      resource={activeFlagResource}
      labelOf={(flag) => flag.key}
      empty={{ key: '', description: '', enabled: false }}
      toValues={({ description, enabled }) => ({ key: '', description, enabled })}
    >
      {(form, flag) =>
        flag ? (
          <>
            <p>
              {t('flags.keyFixed')} <Mono>{flag.key}</Mono>
            </p>
            <TextArea label={t('flags.descriptionField')} rows={3} hint={t('flags.descriptionHint')} {...form.field('description')} />
          </>
        ) : (
          <>
            <TextField
              label={t('flags.key')}
              required
              autoComplete="off"
              spellCheck={false}
              hint={ACTIVE_FLAG_KEY_HINT}
              {...form.field('key')}
            />
            <TextArea label={t('flags.descriptionField')} rows={3} hint={t('flags.descriptionHint')} {...form.field('description')} />
            <Checkbox label={t('flags.turnOnNow')} hint={t('flags.turnOnNowHint')} {...form.field('enabled')} />
          </>
        )
      }
    </RecordFormPage>
  );
}
