import type { StakingChangeKind, StakingParameters as LoggedParameters } from '@phoenix/contract';

/** One owner-only call the page is about to send: what it changes, shown as a preview, and its arguments. */
export interface StakingChange {
  kind: StakingChangeKind;
  args: readonly unknown[];
  /** Preview rows: parameter, current value → new value. */
  preview: { label: string; from: string; to: string }[];
  /** The parameters before and after, as the action log records them (bigints as decimal strings). */
  before: LoggedParameters;
  after: LoggedParameters;
  /** The recorded intent it carries out (an approved change request's, listed on the page); else recorded on send. */
  intentId?: number;
}
