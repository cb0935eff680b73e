/** The API resource of feature flags. */
export const ACTIVE_FLAGS = 'active-flags';

export const STATE_OPTIONS = [
  { value: 'true', label: 'On' },
  { value: 'false', label: 'Off' },
];
