import styled from 'styled-components';
import { WORLD_MESSAGE_SEVERITIES, worldMessagesResource, type WorldMessageSeverity } from '@phoenix/contract';
import { RecordFormPage, useTranslation } from '@phoenix/shell';
import { Alert, DateTimeRangeFields, Select, TextArea, enumOptions } from '@phoenix/ui';

interface Values {
  message: string;
  severity: WorldMessageSeverity | '';
  displayStart: string | undefined;
  displayEnd: string | undefined;
}

const ReadOnlyFields = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  display: grid;
  gap: 1rem;
`;

/**
 * A scheduled message: every field. A showing one: only its text (players have seen its
 * severity and window; the BFF refuses other changes), the rest shown disabled with the reason.
 * Ended and cancelled ones are history: read-only.
 */
export default function WorldMessageForm() {
  const { t } = useTranslation('system');
  return (
    <RecordFormPage
      resource={worldMessagesResource}
      titles={{ create: t('worldMessages.newTitle'), edit: () => t('worldMessages.editTitle') }}
      empty={{ message: '', severity: 'info', displayStart: new Date().toISOString(), displayEnd: undefined } as Values}
      toValues={({ message, severity, displayStart, displayEnd }) => ({ message, severity, displayStart, displayEnd })}
      readOnly={(wm) =>
        wm.state === 'scheduled' || wm.state === 'showing'
          ? null
          : t('worldMessages.readOnly', { state: t(`worldMessages.states.${wm.state}`).toLowerCase() })
      }
    >
      {(form, record) => {
        const start = form.bind<string | undefined>('displayStart');
        const end = form.bind<string | undefined>('displayEnd');
        const live = record?.state === 'showing';
        return (
          <>
            {live && <Alert tone="warning">{t('worldMessages.liveNote')}</Alert>}
            <TextArea required rows={4} hint={t('worldMessages.messageHint')} {...form.labelled('message')} />
            <ReadOnlyFields disabled={live} aria-label={live ? t('worldMessages.lockedFields') : undefined}>
              <Select
                label={t('worldMessages.fields.severity')}
                required
                options={enumOptions(WORLD_MESSAGE_SEVERITIES, (s) => t(`worldMessages.severities.${s}`))}
                {...form.field('severity')}
              />
              <DateTimeRangeFields
                legend={t('worldMessages.window')}
                start={{
                  label: t('worldMessages.fields.displayStart'),
                  required: true,
                  ...start,
                  onChange: (iso) => start.onChange(iso ?? undefined),
                }}
                end={{
                  label: t('worldMessages.fields.displayEnd'),
                  required: true,
                  ...end,
                  onChange: (iso) => end.onChange(iso ?? undefined),
                }}
              />
            </ReadOnlyFields>
          </>
        );
      }}
    </RecordFormPage>
  );
}
