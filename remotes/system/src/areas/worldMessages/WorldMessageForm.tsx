import type { WorldMessage, WorldMessageSeverity } from '@phoenix/contract';
import { useResourceForm, type FormSchema } from '@phoenix/shell';
import {
  Alert,
  Button,
  ConflictNotice,
  DateTimeRangeFields,
  FormActions,
  FormStack,
  Panel,
  Select,
  TextArea,
  savedAt,
} from '@phoenix/ui';
import { SEVERITY_OPTIONS } from './worldMessageLabels';

/** What the form edits. Datetimes are ISO instants (undefined while empty); the inputs show local time. */
export interface WorldMessageValues {
  message: string;
  severity: WorldMessageSeverity | '';
  displayStart: string | undefined;
  displayEnd: string | undefined;
  /** Only when editing: sent back so the server can detect a concurrent save. */
  version?: number;
}

export const worldMessageToValues = (wm: WorldMessage): WorldMessageValues => ({
  message: wm.message,
  severity: wm.severity,
  displayStart: wm.displayStart,
  displayEnd: wm.displayEnd,
  version: wm.version,
});

export function WorldMessageForm<Out>({
  schema,
  initialValues,
  onSubmit,
  onDone,
  submitLabel,
}: {
  schema: FormSchema<Out>;
  initialValues: WorldMessageValues;
  /** Sends the validated values; the mutation hook toasts success. */
  onSubmit: (values: Out) => Promise<unknown>;
  /** Back to the list: after a save, or on Cancel (the unsaved-changes guard asks first). */
  onDone: () => void;
  submitLabel: string;
}) {
  const form = useResourceForm({
    schema,
    initialValues,
    onSubmit,
    onSuccess: onDone,
    fromRecord: (record) => worldMessageToValues(record as WorldMessage),
  });
  const theirs = form.conflict?.current as WorldMessage | undefined;

  return (
    <Panel>
      <form onSubmit={form.handleSubmit} noValidate aria-label={submitLabel}>
        <FormStack>
          {form.formError && <Alert>{form.formError}</Alert>}
          {form.conflict && (
            <ConflictNotice
              title="Someone else changed this message while you were editing."
              onReloadTheirs={form.conflict.reloadTheirs}
              onKeepMine={form.conflict.keepMine}
            >
              {theirs && (
                <p>
                  {`Their version ${theirs.version} (${theirs.state}), ${savedAt(theirs)}: "${theirs.message}".`}
                  {theirs.state !== 'scheduled' && ' It is no longer scheduled, so it cannot be edited any more.'}
                </p>
              )}
            </ConflictNotice>
          )}
          <TextArea label="Message" required rows={3} hint="Plain text, up to 500 characters." {...form.field('message')} />
          <Select label="Severity" required options={SEVERITY_OPTIONS} placeholder="Pick a severity" {...form.field('severity')} />
          <DateTimeRangeFields
            legend="Display window"
            start={{
              label: 'Display start',
              required: true,
              value: form.values.displayStart,
              error: form.errors.displayStart,
              onChange: (iso) => form.setValue('displayStart', iso ?? undefined),
            }}
            end={{
              label: 'Display end',
              required: true,
              value: form.values.displayEnd,
              error: form.errors.displayEnd,
              onChange: (iso) => form.setValue('displayEnd', iso ?? undefined),
            }}
          />
          <FormActions>
            <Button onClick={onDone}>Cancel</Button>
            <Button type="submit" variant="primary" loading={form.isSubmitting}>
              {submitLabel}
            </Button>
          </FormActions>
        </FormStack>
      </form>
    </Panel>
  );
}
