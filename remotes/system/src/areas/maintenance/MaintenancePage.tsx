import { MAINTENANCE_MESSAGE_MAX, maintenanceDocument, type MaintenanceStatus, type MaintenanceUpdate } from '@phoenix/contract';
import { DocumentPage, useConfirm, useTranslation } from '@phoenix/shell';
import { DateTimeRangeFields, TextArea } from '@phoenix/ui';
import { AllowedPlayersEditor } from './AllowedPlayersEditor';
import { MaintenanceSchedulePanel } from './MaintenanceSchedulePanel';
import { MaintenanceStatusPanel } from './MaintenanceStatusPanel';

interface Values {
  enabled: boolean;
  message: string;
  plannedStart: string | null;
  plannedEnd: string | null;
  /** undefined = the saved list, untouched: not sent, so the PUT keeps it (no 100,000 ids for an on/off). */
  allowedPlayerIds: number[] | undefined;
}

/**
 * The maintenance document as one form: message, window and allow list saved together with the
 * document's version. "Turn on / off" is the same save with `enabled` flipped, after a confirm
 * naming the effect; a save that would flip it (e.g. "keep mine" after another admin switched it)
 * asks the same.
 */
export default function MaintenancePage() {
  const { t } = useTranslation('system');
  const confirm = useConfirm();
  const effect = (turnOn: boolean, allowed: number, dirty: boolean) => ({
    title: t(turnOn ? 'maintenance.turnOnTitle' : 'maintenance.turnOffTitle'),
    body: `${turnOn ? t('maintenance.turnOnBody', { count: allowed }) : t('maintenance.turnOffBody')}${dirty ? ` ${t('maintenance.withEdits')}` : ''}`,
    okText: t(turnOn ? 'maintenance.turnOn' : 'maintenance.turnOff'),
    danger: turnOn,
  });
  return (
    <DocumentPage
      document={maintenanceDocument}
      title={t('maintenance.title')}
      description={t('maintenance.description')}
      toValues={(doc): Values => ({
        enabled: doc.enabled,
        message: doc.message,
        plannedStart: doc.plannedStart,
        plannedEnd: doc.plannedEnd,
        allowedPlayerIds: undefined,
      })}
      // confirmSave: the shell's confirm that also asks the typed scope in a "confirm" environment (one dialog).
      beforeSubmit={(update: MaintenanceUpdate, doc: MaintenanceStatus, dirty, confirmSave) =>
        update.enabled === doc.enabled ||
        (confirmSave ?? confirm)(effect(update.enabled, (update.allowedPlayerIds ?? doc.allowedPlayerIds).length, dirty))
      }
      savedMessage={(before, after) =>
        before.enabled === after.enabled ? t('maintenance.saved') : t(after.enabled ? 'maintenance.nowOn' : 'maintenance.nowOff')
      }
      header={(doc, form) => (
        <>
          <MaintenanceStatusPanel doc={doc} onToggle={() => form.submit({ enabled: !doc.enabled })} busy={form.isSubmitting} />
          <MaintenanceSchedulePanel key={doc.version} />
        </>
      )}
    >
      {(form, doc) => {
        const start = form.bind<string | null>('plannedStart');
        const end = form.bind<string | null>('plannedEnd');
        const ids = form.bind<number[] | undefined>('allowedPlayerIds');
        return (
          <>
            <TextArea
              label={t('maintenance.message')}
              rows={3}
              maxLength={MAINTENANCE_MESSAGE_MAX}
              hint={t('maintenance.messageHint')}
              {...form.field('message')}
            />
            <DateTimeRangeFields
              legend={t('maintenance.window')}
              start={{ label: t('maintenance.plannedStart'), name: 'plannedStart', ...start }}
              end={{ label: t('maintenance.plannedEnd'), name: 'plannedEnd', ...end }}
            />
            <AllowedPlayersEditor
              ids={ids.value ?? doc.allowedPlayerIds}
              changed={ids.value !== undefined}
              savedCount={doc.allowedPlayerIds.length}
              error={ids.error}
              onChange={ids.onChange}
            />
          </>
        );
      }}
    </DocumentPage>
  );
}
