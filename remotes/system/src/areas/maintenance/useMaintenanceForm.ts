import { useRef } from 'react';
import { maintenanceUpdateSchema, type MaintenanceStatus, type MaintenanceUpdate } from '@phoenix/contract';
import { useConfirm, useResourceForm, useToast } from '@phoenix/shell';
import { savedMessage, toggleEffect } from './maintenanceCopy';

/** What the form edits. The planned times are ISO instants (DateTimeRangeFields shows local time). */
export interface MaintenanceFormValues {
  enabled: boolean;
  message: string;
  plannedStart: string | null;
  plannedEnd: string | null;
  /** undefined = the saved list, untouched: not sent, so the PUT keeps it (no 100,000 ids for an on/off). */
  allowedPlayerIds: number[] | undefined;
  version: number;
}

export const toFormValues = (doc: MaintenanceStatus): MaintenanceFormValues => ({
  enabled: doc.enabled,
  message: doc.message,
  plannedStart: doc.plannedStart,
  plannedEnd: doc.plannedEnd,
  allowedPlayerIds: undefined,
  version: doc.version,
});

/**
 * The maintenance document as one form: message, window and allow list are saved together,
 * with the document's version. "Turn on/off" is the same save with `enabled` flipped, after a
 * confirm naming the effect; a save that would flip it (e.g. "keep mine" after another admin
 * switched it) asks the same.
 */
export function useMaintenanceForm(doc: MaintenanceStatus, save: (input: MaintenanceUpdate) => Promise<MaintenanceStatus>) {
  const confirm = useConfirm();
  const toast = useToast();
  // The latest server copy (refetched after a conflict): what the confirm and the toast compare with.
  const docRef = useRef(doc);
  docRef.current = doc;
  const dirtyRef = useRef(false);

  const form = useResourceForm<MaintenanceFormValues, MaintenanceUpdate>({
    schema: maintenanceUpdateSchema,
    initialValues: toFormValues(doc),
    fromRecord: (record) => toFormValues(record as MaintenanceStatus),
    beforeSubmit: (update) => {
      const current = docRef.current;
      if (update.enabled === current.enabled) return true;
      const allowedCount = (update.allowedPlayerIds ?? current.allowedPlayerIds).length;
      return confirm({ ...toggleEffect(update.enabled, allowedCount, dirtyRef.current), danger: update.enabled });
    },
    onSubmit: async (update) => {
      const wasEnabled = docRef.current.enabled;
      const saved = await save(update);
      toast.success(savedMessage(wasEnabled, saved.enabled));
      return saved;
    },
    // Stay on the page with the saved document (and its new version) as the starting point.
    onSuccess: (saved) => form.reset(toFormValues(saved as MaintenanceStatus)),
  });

  dirtyRef.current = form.isDirty;

  return {
    form,
    /** The list as it will be saved (the draft if changed, else the saved one). */
    allowedPlayerIds: form.values.allowedPlayerIds ?? doc.allowedPlayerIds,
    allowedPlayersChanged: form.values.allowedPlayerIds !== undefined,
    toggle: () => form.submit({ enabled: !doc.enabled }),
  };
}
