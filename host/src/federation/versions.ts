import { useCallback, useEffect, useState } from 'react';
import { REMOTE_NAMES, type RemoteName, type RuntimeConfig } from '@phoenix/contract';
import { useRuntimeConfig } from '@phoenix/shell/src/boot';
import { checkCompatibility, hostBuildInfo, type BuildInfo } from './compatibility';
import { fetchRemoteBuildInfo, loadedRemoteVersion } from './remotes';

export interface RemoteVersion {
  name: RemoteName;
  /** The version this environment pins (/config.json). */
  configuredVersion?: string;
  entry?: string;
  /** What the release at that entry says it is (its build-info.json); undefined when unreadable. */
  release?: BuildInfo;
  /** Loaded in this page (a page of it was opened). */
  loadedVersion?: string;
  /** undefined: cannot tell (release or host build record unreadable). */
  compatible?: boolean;
  problems: string[];
}

export interface VersionsReport {
  environment: string;
  host: BuildInfo | null;
  remotes: RemoteVersion[];
}

/** Host and remote versions this environment runs, with each remote's compatibility with this host. */
export async function collectVersions(
  config: Pick<RuntimeConfig, 'environment' | 'remotes'>,
  fetchInfo: (remote: RemoteName) => Promise<BuildInfo | null> = fetchRemoteBuildInfo,
  host: BuildInfo | null = hostBuildInfo(),
): Promise<VersionsReport> {
  const remotes = await Promise.all(
    REMOTE_NAMES.map(async (name): Promise<RemoteVersion> => {
      const configured = config.remotes[name];
      if (!configured) return { name, problems: ['not configured in this environment'] };
      const release = (await fetchInfo(name)) ?? undefined;
      const compatibility = release && host ? checkCompatibility(host, release) : undefined;
      return {
        name,
        configuredVersion: configured.version,
        entry: configured.entry,
        release,
        loadedVersion: loadedRemoteVersion(name),
        compatible: compatibility?.compatible,
        problems: compatibility?.problems ?? (release ? [] : ['its build-info.json could not be read']),
      };
    }),
  );
  return { environment: config.environment, host, remotes };
}

/** collectVersions for the running console; refresh() asks again. */
export function useVersions(): { report: VersionsReport | null; refresh: () => void } {
  const config = useRuntimeConfig();
  const [report, setReport] = useState<VersionsReport | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    collectVersions(config).then((r) => live && setReport(r));
    return () => {
      live = false;
    };
  }, [config, attempt]);
  return { report, refresh: useCallback(() => setAttempt((n) => n + 1), []) };
}
