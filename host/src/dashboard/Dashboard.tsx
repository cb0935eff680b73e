import styled from 'styled-components';
import { pointsMaintenanceDocument, type DashboardSummary, type PointsMaintenance } from '@phoenix/contract';
import { AreaLink, describeError, useDocument } from '@phoenix/shell';
import { Countdown, EmailAddress, ErrorState, formatDateTime, PlainTable, ScrollRegion, TableHead, tokens } from '@phoenix/ui';
import { useHostTranslation } from '../layout/hostI18n';
import { useChangeRequestCount } from '../layout/RequestsBadge';
import { DashboardHeading } from './DashboardHeading';
import { ActivityPanel, PointsPanel } from './Figures';

const Panels = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 28rem), 1fr));
`;

const Panel = styled.section`
  background: ${tokens.colors.surface};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radius};
  padding: 1rem 1.25rem;
  h2 {
    margin: 0 0 0.75rem;
    font-size: 1.1rem;
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${tokens.colors.muted};
`;

const Footer = styled.p`
  margin: 0.75rem 0 0;
  a:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
    outline-offset: 2px;
  }
`;

const StateLine = styled.p<{ $on: boolean }>`
  margin: 0 0 0.5rem;
  font-size: 1.25rem;
  font-weight: 700;
  color: ${({ theme, $on }) => ($on ? theme.colors.danger : theme.colors.success)};
`;

/** GET /dashboard/summary: one small read (maintenance and the 5 newest actions), no 100,000-id list. */
export const DASHBOARD_SUMMARY_RESOURCE = 'dashboard/summary';

type Summary = DashboardSummary | undefined;

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

/** The game's maintenance on/off and its planned window, in the admin's time zone. */
function GameMaintenance({ summary, onSwitched }: { summary: Summary; onSwitched: () => void }) {
  const { t } = useHostTranslation();
  const next = summary?.nextMaintenanceSwitch;
  const maintenance = summary?.maintenance;
  const start = maintenance?.plannedStart ? formatDateTime(maintenance.plannedStart) : null;
  const end = maintenance?.plannedEnd ? formatDateTime(maintenance.plannedEnd) : null;
  const planned =
    start && end
      ? t('dashboard.maintenance.window', { start, end })
      : start
        ? t('dashboard.maintenance.from', { start })
        : end
          ? t('dashboard.maintenance.until', { end })
          : t('dashboard.maintenance.none');
  return (
    <Panel aria-labelledby="game-maintenance-title">
      <h2 id="game-maintenance-title">{t('dashboard.maintenance.title')}</h2>
      {maintenance ? (
        <>
          <StateLine $on={maintenance.enabled}>
            {maintenance.enabled ? t('dashboard.maintenance.on') : t('dashboard.maintenance.off')}
          </StateLine>
          <Muted>{planned}</Muted>
          {next && (
            <Muted data-testid="dashboard-next-switch">
              {t(next.switchTo === 'on' ? 'dashboard.maintenance.nextOn' : 'dashboard.maintenance.nextOff', {
                at: formatDateTime(next.dueAt),
              })}{' '}
              {/* The job runs within a second or two of its time: read the summary again then. */}
              <Countdown key={next.dueAt} to={next.dueAt} onElapsed={() => setTimeout(onSwitched, 2000)} />
            </Muted>
          )}
        </>
      ) : (
        <Muted role="status">{t('dashboard.loading')}</Muted>
      )}
      <Footer>
        <AreaLink area="maintenance">{t('dashboard.maintenance.open')}</AreaLink>
      </Footer>
    </Panel>
  );
}

/**
 * The points programme's maintenance, read from the points API (its own service): if that API is
 * down, this panel says so and the rest of the dashboard still works.
 */
function PointsMaintenancePanel() {
  const { t } = useHostTranslation();
  const points = useDocument<PointsMaintenance>(pointsMaintenanceDocument.path.slice(1), { api: 'points', toastErrors: false });
  return (
    <Panel aria-labelledby="points-maintenance-title">
      <h2 id="points-maintenance-title">{t('dashboard.pointsMaintenance.title')}</h2>
      {points.data ? (
        <>
          <StateLine $on={points.data.enabled}>
            {points.data.enabled ? t('dashboard.pointsMaintenance.on') : t('dashboard.pointsMaintenance.off')}
          </StateLine>
          {points.data.enabled && <Muted>{points.data.message}</Muted>}
        </>
      ) : points.error ? (
        <Muted role="alert">{t('dashboard.pointsMaintenance.unavailable')}</Muted>
      ) : (
        <Muted role="status">{t('dashboard.loading')}</Muted>
      )}
      <Footer>
        <AreaLink area="pointsMaintenance">{t('dashboard.pointsMaintenance.open')}</AreaLink>
      </Footer>
    </Panel>
  );
}

/** The newest action-log entries. */
function RecentActions({ summary }: { summary: Summary }) {
  const { t } = useHostTranslation();
  const items = summary?.recentActions;
  return (
    <Panel aria-labelledby="recent-actions-title">
      <h2 id="recent-actions-title">{t('dashboard.recent.title')}</h2>
      {!items ? (
        <Muted role="status">{t('dashboard.loading')}</Muted>
      ) : items.length === 0 ? (
        <Muted>{t('dashboard.recent.empty')}</Muted>
      ) : (
        <ScrollRegion aria-label={t('dashboard.recent.table')}>
          <PlainTable>
            <TableHead
              labels={[t('dashboard.recent.when'), t('dashboard.recent.admin'), t('dashboard.recent.action'), t('dashboard.recent.target')]}
            />
            <tbody>
              {items.map((log) => (
                <tr key={log.id}>
                  <td>
                    <When iso={log.createdAt} />
                  </td>
                  <td>
                    <EmailAddress value={log.adminEmail} />
                  </td>
                  <td>{log.action}</td>
                  <td>{log.targetId ? `${log.targetType} #${log.targetId}` : log.targetType}</td>
                </tr>
              ))}
            </tbody>
          </PlainTable>
        </ScrollRegion>
      )}
      <Footer>
        <AreaLink area="actionLogs">{t('dashboard.recent.open')}</AreaLink>
      </Footer>
    </Panel>
  );
}

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
  gap: 0.75rem;
  margin: 0;
  /* The figure above its label, tops aligned whatever the label's length (the label comes first to a reader). */
  div {
    display: flex;
    flex-direction: column;
  }
  dd {
    order: -1;
  }
  dt {
    color: ${tokens.colors.muted};
    font-size: 0.85rem;
  }
  dd {
    margin: 0;
    font-size: 1.6rem;
    font-weight: 700;
  }
  a:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
    outline-offset: 2px;
  }
`;

const Progress = styled.ul`
  list-style: none;
  margin: 0.75rem 0 0;
  padding: 0;
  li {
    display: grid;
    gap: 0.2rem;
    margin-bottom: 0.5rem;
  }
  progress {
    width: 100%;
  }
`;

/** One figure, linked to the page behind it (when this console serves it). */
function Figure({
  label,
  value,
  area,
  params,
}: {
  label: string;
  value: number | undefined;
  area: string;
  params?: Record<string, string>;
}) {
  const text = value === undefined ? '…' : value.toLocaleString();
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <AreaLink area={area} params={params} fallback={text} aria-label={`${label}: ${text}`}>
          {text}
        </AreaLink>
      </dd>
    </div>
  );
}

/**
 * What runs now: battles in progress, change requests waiting (the navbar badge's query) and present
 * distributions due or sending, with their progress. Each figure opens the page behind it.
 */
function LiveNow({ summary }: { summary: Summary }) {
  const { t } = useHostTranslation();
  const requests = useChangeRequestCount();
  const live = summary?.live;
  return (
    <Panel aria-labelledby="live-now-title">
      <h2 id="live-now-title">{t('dashboard.live.title')}</h2>
      <Figures>
        <Figure label={t('dashboard.live.battles')} value={live?.battles} area="battles" params={{ status: 'ongoing' }} />
        <Figure label={t('dashboard.live.requests')} value={requests.data?.pending} area="changeRequests" />
        <Figure label={t('dashboard.live.distributions')} value={live?.distributions.count} area="presentDistributions" />
      </Figures>
      {live && live.distributions.next.length > 0 && (
        <Progress aria-label={t('dashboard.live.distributionsList')}>
          {live.distributions.next.map((d) => (
            <li key={d.id}>
              <span>
                <strong>{d.presentName}</strong>{' '}
                {d.status === 'running'
                  ? t('dashboard.live.sending', { delivered: d.deliveredCount.toLocaleString(), total: d.recipientCount.toLocaleString() })
                  : t('dashboard.live.due', { at: formatDateTime(d.scheduledAt) })}
              </span>
              {d.status === 'running' && (
                <progress
                  max={Math.max(d.recipientCount, 1)}
                  value={d.deliveredCount}
                  aria-label={t('dashboard.live.progressOf', { name: d.presentName })}
                />
              )}
            </li>
          ))}
        </Progress>
      )}
    </Panel>
  );
}

/** The host's own page at /admin (PRODUCT §2), read through the shell's document hook. */
export function Dashboard() {
  const { t } = useHostTranslation();
  const summary = useDocument<DashboardSummary>(DASHBOARD_SUMMARY_RESOURCE, { toastErrors: false });
  return (
    <>
      <DashboardHeading>{t('dashboard.title')}</DashboardHeading>
      {summary.error ? (
        <ErrorState title={t('dashboard.loadFailed')} message={describeError(summary.error)} onRetry={summary.refetch} />
      ) : (
        <Panels>
          <LiveNow summary={summary.data} />
          <ActivityPanel summary={summary.data} />
          <PointsPanel />
          <GameMaintenance summary={summary.data} onSwitched={() => void summary.refetch()} />
          <PointsMaintenancePanel />
          <RecentActions summary={summary.data} />
        </Panels>
      )}
    </>
  );
}
