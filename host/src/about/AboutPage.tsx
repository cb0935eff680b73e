import { Badge, Button, PageBody, PageHeader, Panel, TableHead, PlainTable } from '@phoenix/ui';
import { useHostTranslation } from '../layout/hostI18n';
import { useVersions, type RemoteVersion, type VersionsReport } from '../federation/versions';
import { ReleasesPanel } from './ReleasesPanel';

function Status({ remote }: { remote: RemoteVersion }) {
  const { t } = useHostTranslation();
  if (remote.compatible === true) return <Badge $tone="success">{t('about.compatible')}</Badge>;
  if (remote.compatible === false) {
    return (
      <>
        <Badge $tone="danger">{t('about.incompatible')}</Badge> <span>{remote.problems.join('; ')}</span>
      </>
    );
  }
  return (
    <>
      <Badge $tone="warning">{t('about.unknown')}</Badge> <span>{remote.problems.join('; ')}</span>
    </>
  );
}

/** The versions table; exported for tests. */
export function VersionsTable({ report }: { report: VersionsReport }) {
  const { host } = report;
  const { t } = useHostTranslation();
  const unknown = t('about.unknown');
  return (
    <PlainTable aria-label={t('about.table')}>
      <TableHead
        labels={[t('about.module'), t('about.configured'), t('about.release'), t('about.loaded'), t('about.contract'), t('about.status')]}
      />
      <tbody>
        <tr data-module="host">
          <th scope="row">host</th>
          <td>{host?.version ?? unknown}</td>
          <td>{host?.version ?? unknown}</td>
          <td>{host?.version ?? unknown}</td>
          <td>{t('about.provides', { version: host?.shellVersion ?? unknown })}</td>
          <td>
            <Badge $tone="info">{t('about.running')}</Badge>
          </td>
        </tr>
        {report.remotes.map((remote) => (
          <tr key={remote.name} data-module={remote.name}>
            <th scope="row">{remote.name}</th>
            <td>{remote.configuredVersion ?? '—'}</td>
            <td>{remote.release?.version ?? '—'}</td>
            <td>{remote.loadedVersion ?? t('about.notLoaded')}</td>
            <td>{remote.release ? t('about.needs', { range: remote.release.shellContract }) : '—'}</td>
            <td>
              <Status remote={remote} />
            </td>
          </tr>
        ))}
      </tbody>
    </PlainTable>
  );
}

/** "About / versions": which host and remote versions this environment runs, and whether they fit. */
export function AboutPage() {
  const { report, refresh } = useVersions();
  const { t } = useHostTranslation();
  return (
    <PageBody>
      <PageHeader
        title={t('about.title')}
        description={report ? t('about.description', { environment: report.environment }) : t('about.reading')}
        actions={<Button onClick={refresh}>{t('about.refresh')}</Button>}
      />
      <Panel>{report ? <VersionsTable report={report} /> : <p role="status">{t('about.loading')}</p>}</Panel>
      {report && (
        <Panel>
          <p>
            {t('about.entries')}{' '}
            {report.remotes.map((r) => (
              <span key={r.name}>
                <br />
                {r.name}: <code>{r.entry ?? '—'}</code>
              </span>
            ))}
          </p>
        </Panel>
      )}
      <ReleasesPanel />
    </PageBody>
  );
}

export default AboutPage;
