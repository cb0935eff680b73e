import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  REMOTE_NAMES,
  RELEASE_OVERRIDES_PATH,
  RELEASES_PATH,
  type CanaryAudience,
  type PinHistoryEntry,
  type ReleasesStatus,
  type RemoteName,
  type RemoteVersionStats,
  type RuntimeConfig,
} from '@phoenix/contract';
import { describeError, useApi, useConfirm, usePermissions, useRuntimeConfig, type ApiRequestError } from '@phoenix/shell';
import {
  Alert,
  Button,
  Facts,
  FormActions,
  LoadingBlock,
  Panel,
  PlainTable,
  Select,
  TableHead,
  TextField,
  formatDateTime,
  formatNumber,
} from '@phoenix/ui';
import { choiceOf, configuredRemoteEntries, fullLoad, type RemoteChoice } from '../federation/config';
import type { BuildInfo } from '../federation/compatibility';
import { RELEASES_KEY } from '../layout/LiveUpdates';
import { checkOverride, type OverrideRefusal } from './overrideCheck';
import { useReleasesTranslation } from './releasesI18n';

type Translate = ReturnType<typeof useReleasesTranslation>['t'];
type RemoteStatus = ReleasesStatus['remotes'][number];
type Canary = {
  version: string;
  audience: CanaryAudience;
  rollback?: { minSessions: number; maxErrorRateIncrease: number };
  startedAt?: string;
};

/** "50% of admins, admins 3, 7, roles economy" (or "nobody yet"). */
export function audienceText(t: Translate, audience: CanaryAudience): string {
  const parts = [
    ...(audience.percent > 0 ? [t('audience.percent', { percent: audience.percent })] : []),
    ...(audience.admins.length > 0 ? [t('audience.admins', { ids: audience.admins.join(', ') })] : []),
    ...(audience.roles.length > 0 ? [t('audience.roles', { roles: audience.roles.join(', ') })] : []),
  ];
  return parts.length > 0 ? parts.join(', ') : t('audience.nobody');
}

/** "You run 1.5.0: in the canary's 50% of admins" (and the other reasons). */
export function youRunText(t: Translate, choice: RemoteChoice, canary: Canary | null, roles: readonly string[] | null): string {
  const version = choice.version ?? '—';
  switch (choice.reason) {
    case 'canary-percent':
      return t('youRun.canary-percent', { version, percent: canary?.audience.percent ?? 0 });
    case 'canary-role':
      return t('youRun.canary-role', { version, role: canary?.audience.roles.find((role) => roles?.includes(role)) ?? '' });
    case 'override':
      return t('youRun.override', { version, pinned: choice.stableVersion ?? '—' });
    default:
      return t(`youRun.${choice.reason}`, { version });
  }
}

const percent = (rate: number) => `${formatNumber(Math.round(rate * 1000) / 10)}%`;

function Figures({ remote, versions }: { remote: RemoteName; versions: RemoteVersionStats[] }) {
  const { t } = useReleasesTranslation();
  if (versions.length === 0) return <p>{t('noFigures')}</p>;
  return (
    <PlainTable aria-label={t('figures', { remote })}>
      <TableHead labels={[t('version'), t('sessions'), t('errors'), t('erroredSessions'), t('errorRate'), t('lastError')]} />
      <tbody>
        {versions.map((v) => (
          <tr key={v.version} data-version={v.version}>
            <th scope="row">{v.version}</th>
            <td>{formatNumber(v.sessions)}</td>
            <td>{formatNumber(v.errors)}</td>
            <td>{formatNumber(v.erroredSessions)}</td>
            <td>{percent(v.errorRate)}</td>
            <td>
              {v.lastError
                ? t('lastErrorText', {
                    kind: t(`kinds.${v.lastError.kind}`),
                    page: v.lastError.page,
                    at: formatDateTime(v.lastError.at),
                    message: v.lastError.message,
                  })
                : t('noError')}
            </td>
          </tr>
        ))}
      </tbody>
    </PlainTable>
  );
}

function History({ remote, history }: { remote: RemoteName; history: PinHistoryEntry[] }) {
  const { t } = useReleasesTranslation();
  const newestFirst = [...history].reverse().slice(0, 20);
  return (
    <section aria-label={t('history', { remote })}>
      <h3>{t('history', { remote })}</h3>
      {newestFirst.length === 0 ? (
        <p>{t('noHistory')}</p>
      ) : (
        <ul>
          {newestFirst.map((entry, i) => (
            <li key={`${entry.at}-${i}`}>
              {t('historyLine', {
                at: formatDateTime(entry.at),
                action: t(`actions.${entry.action}`, { defaultValue: entry.action }),
                change: entry.from || entry.to ? `${entry.from ?? '—'} → ${entry.to ?? '—'}` : '',
              })}
              {entry.by && <> · {t('by', { by: entry.by })}</>}
              {entry.reason && <> · {t('because', { reason: entry.reason })}</>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Decision = 'promote' | 'abort';

function RemoteRelease({
  remote,
  pin,
  status,
  pinsManaged,
}: {
  remote: RemoteName;
  pin: RuntimeConfig['remotes'][RemoteName] | undefined;
  status: RemoteStatus | undefined;
  pinsManaged: boolean;
}) {
  const { t } = useReleasesTranslation();
  const api = useApi();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { roles, can } = usePermissions();
  const canary: Canary | null = status ? status.canary : pin?.canary ? (pin.canary as Canary) : null;
  const stable = status ? status.stable?.version : pin?.version;
  const choice = choiceOf(remote, configuredRemoteEntries());
  const decision = useMutation<unknown, ApiRequestError, { kind: Decision; canaryVersion: string }>({
    // A global operation: in prd the server's 428 opens the shell's typed-scope or change-request dialog.
    mutationFn: ({ kind, canaryVersion }) => api.post(`${RELEASES_PATH}/${encodeURIComponent(remote)}/${kind}`, { canaryVersion }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RELEASES_KEY }),
  });
  const decide = async (kind: Decision) => {
    if (!canary) return;
    const values = { remote, version: canary.version, stable: stable ?? '—', audience: audienceText(t, canary.audience) };
    const ok = await confirm({
      title: t(`${kind}Title`, values),
      body: t(`${kind}Body`, values),
      okText: t(`${kind}Ok`),
      danger: true,
    });
    if (ok) decision.mutate({ kind, canaryVersion: canary.version });
  };
  const decided = decision.variables;
  return (
    <Panel aria-labelledby={`release-${remote}`} data-remote={remote}>
      <h2 id={`release-${remote}`}>{remote}</h2>
      <Facts>
        <dt>{t('stable')}</dt>
        <dd>{stable ?? t('notPinned')}</dd>
        <dt>{t('canary')}</dt>
        <dd>
          {canary
            ? `${canary.version}: ${audienceText(t, canary.audience)}${canary.startedAt ? ` (${t('audience.since', { at: formatDateTime(canary.startedAt) })})` : ''}`
            : t('noCanary')}
        </dd>
      </Facts>
      {canary?.rollback && (
        <p>
          {t('rollbackRule', { points: formatNumber(canary.rollback.maxErrorRateIncrease * 100), sessions: canary.rollback.minSessions })}
        </p>
      )}
      {choice && <p data-you-run={choice.reason}>{youRunText(t, choice, canary, roles)}</p>}
      {canary && pinsManaged && can('operations', 'write') && (
        <FormActions>
          <Button disabled={decision.isPending} onClick={() => void decide('promote')}>
            {t('promote', { remote, version: canary.version })}
          </Button>
          <Button variant="danger" disabled={decision.isPending} onClick={() => void decide('abort')}>
            {t('abort', { remote, version: canary.version })}
          </Button>
        </FormActions>
      )}
      {decision.isSuccess && decided && (
        <Alert tone="success">
          {t(decided.kind === 'promote' ? 'promoted' : 'aborted', { remote, version: decided.canaryVersion, stable: stable ?? '—' })}
        </Alert>
      )}
      {decision.error && <Alert title={t('decisionRefused')}>{describeError(decision.error)}</Alert>}
      {status && <Figures remote={remote} versions={status.versions} />}
      {status && <History remote={remote} history={status.history} />}
    </Panel>
  );
}

export interface OverrideFormProps {
  config: RuntimeConfig;
  qaOverrides: { allowed: boolean; roles: readonly string[] } | undefined;
  /** Injected by tests: the release check's fetch and this host's build record. */
  check?: { fetchImpl?: typeof fetch; host?: BuildInfo | null };
  /** After the override is recorded: the page loads again with it. */
  reload?: () => void;
}

/** "Load another released version of one remote in this browser" (only where allowed, to the roles allowed). */
export function OverrideForm({ config, qaOverrides, check, reload = () => fullLoad.to() }: OverrideFormProps) {
  const { t } = useReleasesTranslation();
  const api = useApi();
  const { roles } = usePermissions();
  const remotes = REMOTE_NAMES.filter((name) => config.remotes[name]);
  const [remote, setRemote] = useState<RemoteName | ''>(remotes[0] ?? '');
  const [version, setVersion] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!qaOverrides?.allowed || remotes.length === 0) return null;
  const mayOverride = roles !== null && qaOverrides.roles.some((role) => roles.includes(role));
  const say = (found: OverrideRefusal) => t(found.key, found.values);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!remote) return;
    setBusy(true);
    setRefusal(null);
    try {
      const found = await checkOverride(remote, version.trim(), config.remotes[remote], check);
      if (found) return setRefusal(say(found));
      await api.post(RELEASE_OVERRIDES_PATH, { remote, version: version.trim() });
      reload();
    } catch (error) {
      setRefusal(describeError(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel aria-labelledby="qa-override">
      <h2 id="qa-override">{t('override.title')}</h2>
      <p>{t('override.intro')}</p>
      {!mayOverride ? (
        <p>{t('override.notAllowedRoles', { roles: qaOverrides.roles.join(', ') })}</p>
      ) : (
        <form onSubmit={(event) => void submit(event)} aria-label={t('override.title')}>
          <Select
            label={t('override.remote')}
            value={remote}
            onChange={(event) => setRemote(event.target.value as RemoteName)}
            options={remotes.map((name) => ({ value: name, label: name }))}
          />
          <TextField
            label={t('override.version')}
            hint={t('override.versionHint')}
            value={version}
            required
            onChange={(event) => setVersion(event.target.value)}
          />
          <FormActions>
            <Button type="submit" disabled={busy}>
              {busy ? t('override.checking') : t('override.submit')}
            </Button>
          </FormActions>
          {refusal && <Alert title={t('override.refused')}>{refusal}</Alert>}
        </form>
      )}
    </Panel>
  );
}

/** The versions page's releases: each remote's pin, canary, what this admin runs and why, figures, history, decisions, QA override. */
export function ReleasesPanel({ check }: { check?: OverrideFormProps['check'] } = {}) {
  const { t } = useReleasesTranslation();
  const api = useApi();
  const config = useRuntimeConfig();
  const releases = useQuery<ReleasesStatus, ApiRequestError>({
    queryKey: RELEASES_KEY,
    queryFn: () => api.get(RELEASES_PATH),
    refetchInterval: 30_000,
  });
  const status = releases.data;
  const names = REMOTE_NAMES.filter((name) => config.remotes[name] || status?.remotes.some((r) => r.remote === name));
  return (
    <>
      <h2>{t('title')}</h2>
      {releases.isLoading && <LoadingBlock label={t('loading')} />}
      {releases.error && !status && <Alert tone="warning">{t('loadFailed', { reason: describeError(releases.error) })}</Alert>}
      {status && !status.pinsManaged && <Alert tone="warning">{t('pinsNotManaged')}</Alert>}
      {names.map((name) => (
        <RemoteRelease
          key={name}
          remote={name}
          pin={config.remotes[name]}
          status={status?.remotes.find((r) => r.remote === name)}
          pinsManaged={!!status?.pinsManaged}
        />
      ))}
      <OverrideForm config={config} qaOverrides={status?.qaOverrides ?? config.qaOverrides} check={check} />
    </>
  );
}
