import { flagUpdateSchema, type ActiveFlag, type FlagUpdate } from '@phoenix/contract';
import { useResourceMutation } from '@phoenix/shell';
import { PageBody, PageHeader } from '@phoenix/ui';
import { RecordEditor } from '../common/RecordEditor';
import { FlagForm, flagToValues } from './FlagForm';
import { ACTIVE_FLAGS } from './flagLabels';

export function FlagEditView({ id, onDone }: { id: number | null; onDone: () => void }) {
  const { update } = useResourceMutation<ActiveFlag, Omit<FlagUpdate, 'version'>>(ACTIVE_FLAGS, {
    toastErrors: false,
    messages: { updated: (flag) => `Saved ${flag.key}.` },
  });
  return (
    <PageBody>
      <PageHeader title="Edit flag" />
      <RecordEditor<ActiveFlag> resource={ACTIVE_FLAGS} id={id} noun="flag" listName="active flags" onBackToList={onDone}>
        {(flag) => (
          <FlagForm
            // A different record starts a fresh form.
            key={flag.id}
            mode="edit"
            schema={flagUpdateSchema}
            initialValues={flagToValues(flag)}
            // On/off is the list's switch: this form never changes it, so send the state the
            // server has now (refetched after a conflict), not the one the form opened with.
            onSubmit={({ description, version }) => update.mutateAsync({ id: flag.id, values: { description, enabled: flag.enabled, version } })}
            onDone={onDone}
          />
        )}
      </RecordEditor>
    </PageBody>
  );
}
