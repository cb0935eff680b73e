import { POINTS_MAINTENANCE_MESSAGE_MAX, pointsMaintenanceDocument, type PointsMaintenanceUpdate } from '@phoenix/contract';
import { DocumentPage, useConfirm, useTranslation } from '@phoenix/shell';
import { Switch, TextArea } from '@phoenix/ui';

/** The points programme's maintenance switch: one document with history; turning it on confirms first. */
export default function PointsMaintenancePage() {
  const { t } = useTranslation('points');
  const confirm = useConfirm();
  return (
    <DocumentPage
      document={pointsMaintenanceDocument}
      title={t('pointsMaintenance.title')}
      description={t('pointsMaintenance.description')}
      toValues={(doc) => ({ enabled: doc.enabled, message: doc.message })}
      // confirmSave: the shell's confirm that also asks the typed scope in a "confirm" environment (one dialog).
      beforeSubmit={(update: PointsMaintenanceUpdate, doc, _dirty, confirmSave) =>
        update.enabled === doc.enabled ||
        (confirmSave ?? confirm)({
          title: t(update.enabled ? 'pointsMaintenance.turnOnTitle' : 'pointsMaintenance.turnOffTitle'),
          body: t(update.enabled ? 'pointsMaintenance.turnOnBody' : 'pointsMaintenance.turnOffBody'),
          okText: t(update.enabled ? 'pointsMaintenance.turnOn' : 'pointsMaintenance.turnOff'),
          danger: update.enabled,
        })
      }
      savedMessage={(before, after) =>
        before.enabled === after.enabled
          ? t('pointsMaintenance.saved')
          : t(after.enabled ? 'pointsMaintenance.nowOn' : 'pointsMaintenance.nowOff')
      }
      header={(doc) => <p role="status">{t(doc.enabled ? 'pointsMaintenance.isOn' : 'pointsMaintenance.isOff')}</p>}
    >
      {(form) => {
        const enabled = form.bind<boolean>('enabled');
        return (
          <>
            <Switch label={t('pointsMaintenance.enabled')} checked={enabled.value} onChange={enabled.onChange} />
            <TextArea
              label={t('pointsMaintenance.message')}
              rows={3}
              maxLength={POINTS_MAINTENANCE_MESSAGE_MAX}
              hint={t('pointsMaintenance.messageHint')}
              {...form.field('message')}
            />
          </>
        );
      }}
    </DocumentPage>
  );
}
