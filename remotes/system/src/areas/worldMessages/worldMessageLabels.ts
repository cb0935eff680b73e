import { WORLD_MESSAGE_SEVERITIES, WORLD_MESSAGE_STATES, type WorldMessageSeverity, type WorldMessageState } from '@phoenix/contract';
import type { BadgeTone } from '@phoenix/ui';

/** The API resource of this area. */
export const WORLD_MESSAGES = 'world-messages';

const capitalize = (word: string) => word[0].toUpperCase() + word.slice(1);

export const SEVERITY_OPTIONS = WORLD_MESSAGE_SEVERITIES.map((s) => ({ value: s, label: capitalize(s) }));
export const STATE_OPTIONS = WORLD_MESSAGE_STATES.map((s) => ({ value: s, label: capitalize(s) }));

export const severityLabel = (severity: WorldMessageSeverity) => capitalize(severity);
export const stateLabel = (state: WorldMessageState) => capitalize(state);

export const SEVERITY_TONE: Record<WorldMessageSeverity, BadgeTone> = {
  info: 'info',
  warning: 'warning',
  critical: 'danger',
};

export const STATE_TONE: Record<WorldMessageState, BadgeTone> = {
  scheduled: 'info',
  showing: 'success',
  ended: 'neutral',
  cancelled: 'warning',
};
