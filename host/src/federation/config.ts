import type { RemoteName, RuntimeConfig } from '@phoenix/contract';

// The bootstrap records the environment's remotes here; the federation loader (a lazy chunk, off the
// login page's path) registers them with the Module Federation runtime on first use.
let remotes: RuntimeConfig['remotes'] | undefined;

export function setConfiguredRemoteEntries(value: RuntimeConfig['remotes']): void {
  remotes = value;
}

export function configuredRemoteEntries(): RuntimeConfig['remotes'] | undefined {
  return remotes;
}

/** Why the signed-in admin runs the version they run (the contract's RemoteVersionReason, kept as a type only). */
export type RemoteChoiceReason = 'stable' | 'canary-percent' | 'canary-admin' | 'canary-role' | 'override';

/** The version of one remote this page runs, and why (federation/effectiveRemotes.ts decides it). */
export interface RemoteChoice {
  remote: RemoteName;
  /** Undefined only for an unversioned entry (a development server). */
  version?: string;
  reason: RemoteChoiceReason;
  /** The pin's stable version (what an admin outside the canary and without an override runs). */
  stableVersion?: string;
  /** The pin's canary version, when it has one. */
  canaryVersion?: string;
}

export type RemoteChoices = Partial<Record<RemoteName, RemoteChoice>>;

// The versions this page registered (the effective remotes: override > canary > stable). Kept apart from
// the entries so the login page's path holds no resolution code, only these few lines.
let choices: RemoteChoices = {};

export function setRemoteChoices(value: RemoteChoices): void {
  choices = value;
}

export function remoteChoices(): RemoteChoices {
  return choices;
}

/** Whether the pins can make an admin run anything but stable (a canary, or QA overrides allowed here). */
export function releasesMayDiffer(config: Pick<RuntimeConfig, 'remotes' | 'qaOverrides'>): boolean {
  return !!config.qaOverrides?.allowed || Object.values(config.remotes).some((pin) => !!pin?.canary);
}

/** What this page runs of a remote: its recorded choice, else the pin's stable version. */
export function choiceOf(remote: RemoteName, pins: RuntimeConfig['remotes'] | undefined = remotes): RemoteChoice | undefined {
  const pin = pins?.[remote];
  return (
    choices[remote] ??
    (pin ? { remote, version: pin.version, reason: 'stable', stableVersion: pin.version, canaryVersion: pin.canary?.version } : undefined)
  );
}

// A check of the pins under way (a fresh sign-in's): a remote's code waits for it, so that a page about to
// be loaded again with other versions runs none of the versions it registered.
let settling: Promise<unknown> = Promise.resolve();

export function setReleasesSettling(pending: Promise<unknown>): void {
  settling = pending.catch(() => undefined);
}

export function releasesSettled(): Promise<unknown> {
  return settling;
}

/** A full load of a console URL (an object, so that tests can watch it instead of leaving jsdom's page). */
export const fullLoad = {
  to(url: string = window.location.href): void {
    window.location.assign(url);
  },
};
