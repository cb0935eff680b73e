import type { RemoteName } from '@phoenix/contract';
import type { SectionDefinition, SectionSource } from '@phoenix/shell';
import { configuredRemoteEntries } from './config';

/**
 * The host's side of sections (@phoenix/shell SectionSlot): a slot asks every remote of the
 * environment for its `./pages` module (loaded once, shared with its pages, compatibility-checked)
 * and takes its `sections`. The federation loader is imported on first use: the login page never
 * loads it.
 */
export const hostSectionSource: SectionSource = () =>
  (Object.keys(configuredRemoteEntries() ?? {}) as RemoteName[]).map((remote) => ({
    remote,
    sections: import('./remotes').then(({ loadRemotePagesModule }) =>
      loadRemotePagesModule(remote).then((module): SectionDefinition[] => module.sections ?? []),
    ),
    reset: () => void import('./remotes').then(({ resetRemote }) => resetRemote(remote)),
  }));
