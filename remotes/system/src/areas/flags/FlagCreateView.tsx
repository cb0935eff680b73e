import { flagCreateSchema, type ActiveFlag, type FlagCreate } from '@phoenix/contract';
import { useResourceMutation } from '@phoenix/shell';
import { PageBody, PageHeader } from '@phoenix/ui';
import { FlagForm, type FlagValues } from './FlagForm';
import { ACTIVE_FLAGS } from './flagLabels';

const EMPTY: FlagValues = { key: '', description: '', enabled: false };

export function FlagCreateView({ onDone }: { onDone: () => void }) {
  // The form shows failures itself (fields, duplicate key): no error toast.
  const { create } = useResourceMutation<ActiveFlag, FlagCreate>(ACTIVE_FLAGS, {
    toastErrors: false,
    messages: { created: (flag) => `Created ${flag.key} (${flag.enabled ? 'on' : 'off'}).` },
  });
  return (
    <PageBody>
      <PageHeader title="New flag" description="A feature flag the game reads by its key." />
      <FlagForm mode="create" schema={flagCreateSchema} initialValues={EMPTY} onSubmit={(v) => create.mutateAsync(v)} onDone={onDone} />
    </PageBody>
  );
}
