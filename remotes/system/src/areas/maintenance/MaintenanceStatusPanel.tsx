import { useId } from 'react';
import styled from 'styled-components';
import type { MaintenanceStatus } from '@phoenix/contract';
import { Badge, Button, Panel, formatDateTime, formatTimeWindow } from '@phoenix/ui';
import { countText } from './maintenanceCopy';

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  flex-wrap: wrap;
  h2 {
    margin: 0;
    font-size: 1.25rem;
    display: flex;
    align-items: center;
    gap: 0.6rem;
  }
`;
const BigBadge = styled(Badge)`
  font-size: 1rem;
  padding: 0.2rem 0.8rem;
`;
const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.35rem 1rem;
  margin: 1rem 0 0;
  font-size: 0.9rem;
  dt {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;
const Hint = styled.p`
  margin: 0.75rem 0 0;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.muted};
`;

/** The state players live with now (the server's copy, not the draft below), and the big switch. */
export function MaintenanceStatusPanel({ doc, onToggle, busy }: { doc: MaintenanceStatus; onToggle: () => void; busy: boolean }) {
  const titleId = useId();
  const allowed = doc.allowedPlayerIds.length;
  return (
    <Panel aria-labelledby={titleId}>
      <Top>
        <h2 id={titleId}>
          {doc.enabled ? 'Maintenance is ON' : 'Maintenance is OFF'}
          <BigBadge $tone={doc.enabled ? 'danger' : 'success'} aria-hidden="true">
            {doc.enabled ? 'ON' : 'OFF'}
          </BigBadge>
        </h2>
        <Button variant={doc.enabled ? 'primary' : 'danger'} onClick={onToggle} loading={busy}>
          {doc.enabled ? 'Turn maintenance off' : 'Turn maintenance on'}
        </Button>
      </Top>
      <Facts>
        <dt>Players</dt>
        <dd>
          {doc.enabled
            ? `Kept out, except ${countText(allowed, 'allowed player', 'allowed players')}.`
            : 'Can sign in and play.'}
        </dd>
        <dt>Message</dt>
        <dd>{doc.message || 'No message'}</dd>
        <dt>Planned window</dt>
        <dd>{formatTimeWindow(doc.plannedStart, doc.plannedEnd)}</dd>
        <dt>Allowed players</dt>
        <dd>{allowed.toLocaleString('en-US')}</dd>
        <dt>Last change</dt>
        <dd>{`${formatDateTime(doc.updatedAt)}${doc.updatedBy ? ` by ${doc.updatedBy}` : ''}`}</dd>
      </Facts>
      <Hint>Turning maintenance on or off also saves the message, window and allowed players edited below.</Hint>
    </Panel>
  );
}
