import { WORLD_MESSAGE_SEVERITIES, worldMessageResource, type WorldMessageSeverity } from '@phoenix/contract';
import { RecordFormPage, useTranslation } from '@phoenix/shell';
import { DateTimeRangeFields, Select, TextArea, enumOptions } from '@phoenix/ui';

interface Values {
  message: string;
  severity: WorldMessageSeverity | '';
  displayStart: string | undefined;
  displayEnd: string | undefined;
}

/** Only a scheduled message can be edited: once shown, it is history. */
export default function WorldMessageForm() {
  const { t } = useTranslation('system');
  return (
    <RecordFormPage
      resource={worldMessageResource}
      labelOf={(wm) => `"${wm.message.slice(0, 60)}"`}
      titles={{ create: t('worldMessages.newTitle'), edit: () => t('worldMessages.editTitle') }}
      empty={{ message: '', severity: 'info', displayStart: new Date().toISOString(), displayEnd: undefined } as Values}
      toValues={({ message, severity, displayStart, displayEnd }) => ({ message, severity, displayStart, displayEnd })}
      readOnly={(wm) =>
        wm.state === 'scheduled' ? null : t('worldMessages.readOnly', { state: t(`worldMessages.states.${wm.state}`).toLowerCase() })
      }
    >
      {(form) => {
        const start = form.bind<string | undefined>('displayStart');
        const end = form.bind<string | undefined>('displayEnd');
        return (
          <>
            <TextArea
              label={t('worldMessages.message')}
              required
              rows={4}
              hint={t('worldMessages.messageHint')}
              {...form.field('message')}
            />
            <Select
              label={t('worldMessages.severity')}
              required
              options={enumOptions(WORLD_MESSAGE_SEVERITIES, (s) => t(`worldMessages.severities.${s}`))}
              {...form.field('severity')}
            />
            <DateTimeRangeFields
              legend={t('worldMessages.window')}
              start={{
                label: t('worldMessages.displayStart'),
                required: true,
                ...start,
                onChange: (iso) => start.onChange(iso ?? undefined),
              }}
              end={{ label: t('worldMessages.displayEnd'), required: true, ...end, onChange: (iso) => end.onChange(iso ?? undefined) }}
            />
          </>
        );
      }}
    </RecordFormPage>
  );
}
