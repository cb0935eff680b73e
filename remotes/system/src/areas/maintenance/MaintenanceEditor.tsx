import { useId } from 'react';
import styled from 'styled-components';
import { MAINTENANCE_MESSAGE_MAX, type MaintenanceStatus, type MaintenanceUpdate } from '@phoenix/contract';
import { Alert, Button, ConflictNotice, DateTimeRangeFields, FormActions, FormStack, Panel, TextArea, formatTimeWindow, savedAt } from '@phoenix/ui';
import { AllowedPlayersEditor } from './AllowedPlayersEditor';
import { countText } from './maintenanceCopy';
import { MaintenanceStatusPanel } from './MaintenanceStatusPanel';
import { useMaintenanceForm } from './useMaintenanceForm';

const Title = styled.h2`
  margin: 0 0 1rem;
  font-size: 1.1rem;
`;

function TheirVersion({ theirs }: { theirs: MaintenanceStatus }) {
  return (
    <p>
      {`Their version ${theirs.version}, ${savedAt(theirs)}: ` +
        `maintenance ${theirs.enabled ? 'ON' : 'OFF'}, window ${formatTimeWindow(theirs.plannedStart, theirs.plannedEnd)}, ` +
        `${countText(theirs.allowedPlayerIds.length, 'allowed player', 'allowed players')}, message "${theirs.message}".`}
    </p>
  );
}

/** The current status with its on/off switch, and the settings form (one document, one version). */
export function MaintenanceEditor({ doc, save }: { doc: MaintenanceStatus; save: (input: MaintenanceUpdate) => Promise<MaintenanceStatus> }) {
  const { form, allowedPlayerIds, allowedPlayersChanged, toggle } = useMaintenanceForm(doc, save);
  const titleId = useId();
  const theirs = form.conflict?.current as MaintenanceStatus | undefined;

  return (
    <>
      <MaintenanceStatusPanel doc={doc} onToggle={toggle} busy={form.isSubmitting} />
      <Panel aria-labelledby={titleId}>
        <Title id={titleId}>Settings</Title>
        <form onSubmit={form.handleSubmit} noValidate aria-label="Maintenance settings">
          <FormStack>
            {form.formError && <Alert>{form.formError}</Alert>}
            {form.conflict && (
              <ConflictNotice
                title="Someone else changed the maintenance status while you were editing."
                onReloadTheirs={form.conflict.reloadTheirs}
                onKeepMine={form.conflict.keepMine}
              >
                {theirs && <TheirVersion theirs={theirs} />}
              </ConflictNotice>
            )}
            <TextArea
              label="Message to players"
              rows={3}
              maxLength={MAINTENANCE_MESSAGE_MAX}
              hint="Shown to players while maintenance is on. Required to turn it on."
              {...form.field('message')}
            />
            <DateTimeRangeFields
              legend="Planned window"
              start={{
                label: 'Planned start',
                name: 'plannedStart',
                value: form.values.plannedStart,
                onChange: (iso) => form.setValue('plannedStart', iso),
                error: form.errors.plannedStart,
              }}
              end={{
                label: 'Planned end',
                name: 'plannedEnd',
                value: form.values.plannedEnd,
                onChange: (iso) => form.setValue('plannedEnd', iso),
                error: form.errors.plannedEnd,
              }}
            />
            <AllowedPlayersEditor
              ids={allowedPlayerIds}
              changed={allowedPlayersChanged}
              savedCount={doc.allowedPlayerIds.length}
              error={form.errors.allowedPlayerIds}
              onChange={(ids) => form.setValue('allowedPlayerIds', ids)}
            />
            <FormActions>
              <Button onClick={() => form.reset()} disabled={!form.isDirty || form.isSubmitting}>
                Discard changes
              </Button>
              <Button type="submit" variant="primary" loading={form.isSubmitting}>
                Save changes
              </Button>
            </FormActions>
          </FormStack>
        </form>
      </Panel>
    </>
  );
}
