import type { MaintenanceStatus, MaintenanceUpdate } from '@phoenix/contract';
import { describeError, useDocument } from '@phoenix/shell';
import { ErrorState, LoadingBlock, PageBody, PageHeader } from '@phoenix/ui';
import { MAINTENANCE } from './maintenanceCopy';
import { MaintenanceEditor } from './MaintenanceEditor';

export default function MaintenancePage() {
  // The form shows failures itself (fields, conflict panel) and says what a save did.
  const { data, isLoading, error, refetch, save } = useDocument<MaintenanceStatus, MaintenanceUpdate>(MAINTENANCE, {
    toastErrors: false,
    savedMessage: null,
  });

  let content;
  if (data) content = <MaintenanceEditor doc={data} save={(input) => save.mutateAsync(input)} />;
  else if (error) content = <ErrorState title="Could not load the maintenance status" message={describeError(error)} onRetry={refetch} />;
  else if (isLoading) content = <LoadingBlock label="Loading the maintenance status…" />;

  return (
    <PageBody>
      <PageHeader title="Maintenance status" description="Switch the game's maintenance on and off, and choose which players may still play." />
      {content}
    </PageBody>
  );
}
