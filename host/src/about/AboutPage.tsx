import styled from 'styled-components';
import { Badge, Button, PageBody, PageHeader, Panel } from '@phoenix/ui';
import { useVersions, type RemoteVersion, type VersionsReport } from '../federation/versions';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  th,
  td {
    text-align: left;
    padding: 0.5rem 0.75rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  th {
    color: ${({ theme }) => theme.colors.muted};
    font-weight: 600;
  }
  code {
    font-size: 0.8rem;
    word-break: break-all;
  }
`;

function Status({ remote }: { remote: RemoteVersion }) {
  if (remote.compatible === true) return <Badge $tone="success">compatible</Badge>;
  if (remote.compatible === false) {
    return (
      <>
        <Badge $tone="danger">not compatible</Badge> <span>{remote.problems.join('; ')}</span>
      </>
    );
  }
  return (
    <>
      <Badge $tone="warning">unknown</Badge> <span>{remote.problems.join('; ')}</span>
    </>
  );
}

/** The versions table; exported for tests. */
export function VersionsTable({ report }: { report: VersionsReport }) {
  const { host } = report;
  return (
    <Table aria-label="Host and remote versions">
      <thead>
        <tr>
          <th scope="col">Module</th>
          <th scope="col">Configured</th>
          <th scope="col">Release</th>
          <th scope="col">Loaded in this page</th>
          <th scope="col">Shell contract</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        <tr data-module="host">
          <th scope="row">host</th>
          <td>{host?.version ?? 'unknown'}</td>
          <td>{host?.version ?? 'unknown'}</td>
          <td>{host?.version ?? 'unknown'}</td>
          <td>provides {host?.shellVersion ?? 'unknown'}</td>
          <td>
            <Badge $tone="info">running</Badge>
          </td>
        </tr>
        {report.remotes.map((remote) => (
          <tr key={remote.name} data-module={remote.name}>
            <th scope="row">{remote.name}</th>
            <td>{remote.configuredVersion ?? '—'}</td>
            <td>{remote.release?.version ?? '—'}</td>
            <td>{remote.loadedVersion ?? 'not loaded yet'}</td>
            <td>{remote.release ? `needs ${remote.release.shellContract}` : '—'}</td>
            <td>
              <Status remote={remote} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** "About / versions": which host and remote versions this environment runs, and whether they fit. */
export function AboutPage() {
  const { report, refresh } = useVersions();
  return (
    <PageBody>
      <PageHeader
        title="About / versions"
        description={report ? `Environment ${report.environment}: the host and the remote versions it runs.` : 'Reading versions…'}
        actions={<Button onClick={refresh}>Refresh</Button>}
      />
      <Panel>{report ? <VersionsTable report={report} /> : <p role="status">Loading…</p>}</Panel>
      {report && (
        <Panel>
          <p>
            Remote entries:{' '}
            {report.remotes.map((r) => (
              <span key={r.name}>
                <br />
                {r.name}: <code>{r.entry ?? '—'}</code>
              </span>
            ))}
          </p>
        </Panel>
      )}
    </PageBody>
  );
}

export default AboutPage;
