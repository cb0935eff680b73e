import { worldMessageCreateSchema, type WorldMessage, type WorldMessageCreate } from '@phoenix/contract';
import { useResourceMutation } from '@phoenix/shell';
import { PageBody, PageHeader, truncate } from '@phoenix/ui';
import { WorldMessageForm, type WorldMessageValues } from './WorldMessageForm';
import { WORLD_MESSAGES } from './worldMessageLabels';

/** Shows from now until the end the admin picks. */
const emptyWorldMessage = (): WorldMessageValues => ({
  message: '',
  severity: '',
  displayStart: new Date().toISOString(),
  displayEnd: undefined,
});

export function WorldMessageCreateView({ onDone }: { onDone: () => void }) {
  // The form shows failures itself (fields, conflict panel): no error toast.
  const { create } = useResourceMutation<WorldMessage, WorldMessageCreate>(WORLD_MESSAGES, {
    toastErrors: false,
    messages: { created: (wm) => `Scheduled "${truncate(wm.message, 60)}".` },
  });
  return (
    <PageBody>
      <PageHeader title="New world message" description="A broadcast every player sees during its display window." />
      <WorldMessageForm
        schema={worldMessageCreateSchema}
        initialValues={emptyWorldMessage()}
        onSubmit={(v) => create.mutateAsync(v)}
        onDone={onDone}
        submitLabel="Create message"
      />
    </PageBody>
  );
}
