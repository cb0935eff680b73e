import { worldMessageUpdateSchema, type WorldMessage, type WorldMessageUpdate } from '@phoenix/contract';
import { useResourceMutation } from '@phoenix/shell';
import { Button, EmptyState, PageBody, PageHeader, Panel, truncate } from '@phoenix/ui';
import { RecordEditor } from '../common/RecordEditor';
import { WorldMessageForm, worldMessageToValues } from './WorldMessageForm';
import { WORLD_MESSAGES } from './worldMessageLabels';

/** Showing, ended and cancelled messages are history: the server refuses to edit them. */
function NotEditable({ worldMessage, onDone }: { worldMessage: WorldMessage; onDone: () => void }) {
  return (
    <Panel>
      <EmptyState title={`This message is ${worldMessage.state}`} action={<Button onClick={onDone}>Back to world messages</Button>}>
        Only a scheduled message can be edited. Create a new message to broadcast something else.
      </EmptyState>
    </Panel>
  );
}

export function WorldMessageEditView({ id, onDone }: { id: number | null; onDone: () => void }) {
  const { update } = useResourceMutation<WorldMessage, Omit<WorldMessageUpdate, 'version'>>(WORLD_MESSAGES, {
    toastErrors: false,
    messages: { updated: (wm) => `Saved "${truncate(wm.message, 60)}".` },
  });
  return (
    <PageBody>
      <PageHeader title="Edit world message" />
      <RecordEditor<WorldMessage> resource={WORLD_MESSAGES} id={id} noun="world message" listName="world messages" onBackToList={onDone}>
        {(worldMessage) =>
          worldMessage.state !== 'scheduled' ? (
            <NotEditable worldMessage={worldMessage} onDone={onDone} />
          ) : (
            <WorldMessageForm
              // A different record starts a fresh form.
              key={worldMessage.id}
              schema={worldMessageUpdateSchema}
              initialValues={worldMessageToValues(worldMessage)}
              onSubmit={({ version, ...values }) => update.mutateAsync({ id: worldMessage.id, values: { ...values, version } })}
              onDone={onDone}
              submitLabel="Save changes"
            />
          )
        }
      </RecordEditor>
    </PageBody>
  );
}
