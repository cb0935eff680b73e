import styled from 'styled-components';
import type { ActionLog } from '@phoenix/contract';
import { describeError, useResource } from '@phoenix/shell';
import { Button, EmptyState, ErrorState, JsonDiff, LoadingBlock, Modal, formatDateTime } from '@phoenix/ui';

export const ACTION_LOGS = 'action-logs';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.3rem 1rem;
  margin: 0 0 1rem;
  font-size: 0.875rem;
  dt {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  code {
    font-family: ${({ theme }) => theme.monoFont};
  }
`;

export const targetLabel = (log: Pick<ActionLog, 'targetType' | 'targetId'>) => (log.targetId ? `${log.targetType} #${log.targetId}` : log.targetType);

function Entry({ log }: { log: ActionLog }) {
  return (
    <>
      <Facts>
        <dt>When</dt>
        <dd>{formatDateTime(log.createdAt)}</dd>
        <dt>Who</dt>
        <dd>{log.adminEmail}</dd>
        <dt>What</dt>
        <dd>
          <code>{log.action}</code>
        </dd>
        <dt>Target</dt>
        <dd>{targetLabel(log)}</dd>
      </Facts>
      <JsonDiff before={log.before} after={log.after} caption="Before → after" />
    </>
  );
}

/** One action-log entry over the list: who, what, target, when, and before/after as a diff. */
export function ActionLogDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data, isLoading, error, isNotFound, refetch } = useResource<ActionLog>(ACTION_LOGS, id);

  let content;
  if (id === null) content = <EmptyState title="Log entry not found">The link has no valid entry id. Open the entry from the list.</EmptyState>;
  else if (isNotFound) content = <EmptyState title="Log entry not found">{`There is no action log entry ${id}. Check the link, or open the entry from the list.`}</EmptyState>;
  else if (error) content = <ErrorState title={`Could not load log entry ${id}`} message={describeError(error)} onRetry={refetch} />;
  else if (isLoading || !data) content = <LoadingBlock label="Loading the log entry…" />;
  else content = <Entry log={data} />;

  return (
    <Modal open title={id === null ? 'Action log entry' : `Action log entry #${id}`} onClose={onClose} width="52rem" footer={<Button onClick={onClose}>Close</Button>}>
      {content}
    </Modal>
  );
}
