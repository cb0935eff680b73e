import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import type { ActionLog, DashboardSummary, Page } from '@phoenix/contract';
import { describeError, useApi } from '@phoenix/shell';
import { ErrorState } from '@phoenix/ui';

const Heading = styled.h1`
  margin: 0 0 1rem;
  font-size: 1.5rem;
`;

const Panels = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 28rem), 1fr));
`;

const Panel = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: 1rem 1.25rem;
  h2 {
    margin: 0 0 0.75rem;
    font-size: 1.1rem;
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  th,
  td {
    text-align: left;
    padding: 0.35rem 0.5rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
    overflow-wrap: anywhere;
  }
  th {
    color: ${({ theme }) => theme.colors.muted};
    font-weight: 600;
  }
`;

const Footer = styled.p`
  margin: 0.75rem 0 0;
  a:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

export const RECENT_ACTIONS_QUERY = { pageSize: 5, sort: 'createdAt', order: 'desc' } as const;

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

function RecentActions() {
  const api = useApi();
  const query = useQuery({
    queryKey: ['action-logs', 'recent', RECENT_ACTIONS_QUERY],
    queryFn: () => api.get<Page<ActionLog>>('/action-logs', RECENT_ACTIONS_QUERY),
  });

  return (
    <Panel aria-labelledby="recent-actions-title">
      <h2 id="recent-actions-title">Recent actions</h2>
      {query.isPending ? (
        <Muted role="status">Loading recent actions…</Muted>
      ) : query.isError ? (
        <ErrorState title="Recent actions could not be loaded" message={describeError(query.error)} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <Muted>No actions recorded yet.</Muted>
      ) : (
        <Table>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Admin</th>
              <th scope="col">Action</th>
              <th scope="col">Target</th>
            </tr>
          </thead>
          <tbody>
            {query.data.items.map((log) => (
              <tr key={log.id}>
                <td>
                  <time dateTime={log.createdAt}>{formatTime(log.createdAt)}</time>
                </td>
                <td>{log.adminEmail}</td>
                <td>{log.action}</td>
                <td>{log.targetId ? `${log.targetType} #${log.targetId}` : log.targetType}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Footer>
        <Link to="/admin/logs">Open the action log</Link>
      </Footer>
    </Panel>
  );
}

const StateLine = styled.p<{ $on: boolean }>`
  margin: 0 0 0.5rem;
  font-size: 1.25rem;
  font-weight: 700;
  color: ${({ theme, $on }) => ($on ? theme.colors.danger : theme.colors.success)};
`;

export const DASHBOARD_SUMMARY_KEY = ['dashboard', 'summary'] as const;

function plannedWindow(start: string | null, end: string | null): string {
  if (start && end) return `Planned window: ${formatTime(start)} – ${formatTime(end)}`;
  if (start) return `Planned from ${formatTime(start)}`;
  if (end) return `Planned until ${formatTime(end)}`;
  return 'No window planned.';
}

/** The game's maintenance on/off and planned window (GET /dashboard/summary: no 100,000-id list). */
function GameMaintenance() {
  const api = useApi();
  const query = useQuery({
    queryKey: DASHBOARD_SUMMARY_KEY,
    queryFn: () => api.get<DashboardSummary>('/dashboard/summary'),
    staleTime: 0,
  });

  return (
    <Panel aria-labelledby="game-maintenance-title">
      <h2 id="game-maintenance-title">Game maintenance</h2>
      {query.isPending ? (
        <Muted role="status">Loading the maintenance status…</Muted>
      ) : query.isError ? (
        <ErrorState title="The maintenance status could not be loaded" message={describeError(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <StateLine $on={query.data.maintenance.enabled}>
            {query.data.maintenance.enabled ? 'ON: players are kept out' : 'OFF: players can sign in'}
          </StateLine>
          <Muted>{plannedWindow(query.data.maintenance.plannedStart, query.data.maintenance.plannedEnd)}</Muted>
        </>
      )}
      <Footer>
        <Link to="/admin/maintenance">Open the maintenance status</Link>
      </Footer>
    </Panel>
  );
}

/** The host's own page at /admin (PRODUCT §2). */
export function Dashboard() {
  return (
    <>
      <Heading>Dashboard</Heading>
      <Panels>
        <GameMaintenance />
        <RecentActions />
      </Panels>
    </>
  );
}
