import type { EnvironmentName } from '@phoenix/contract';

/** Accent per environment (seed §9); production is unmistakable: a red bar. */
const ENVIRONMENT_ACCENTS: Record<EnvironmentName, string> = {
  local: '#475569',
  dev: '#2563eb',
  'beta-dev': '#7c3aed',
  stg: '#d97706',
  'beta-stg': '#b45309',
  prd: '#b91c1c',
  'beta-prd': '#9f1239',
};

export interface PhoenixTheme {
  environment: EnvironmentName;
  colors: {
    accent: string;
    accentText: string;
    primary: string;
    primaryText: string;
    danger: string;
    success: string;
    warning: string;
    text: string;
    muted: string;
    border: string;
    surface: string;
    background: string;
    focus: string;
    /** Quiet backgrounds: table header, skeletons, hovered rows. */
    subtle: string;
    dangerSurface: string;
    successSurface: string;
    warningSurface: string;
  };
  radius: string;
  font: string;
  /** Monospace for keys, ids and JSON. */
  monoFont: string;
  shadow: string;
}

export function themeFor(environment: EnvironmentName): PhoenixTheme {
  return {
    environment,
    colors: {
      accent: ENVIRONMENT_ACCENTS[environment] ?? ENVIRONMENT_ACCENTS.prd,
      accentText: '#ffffff',
      primary: '#1d4ed8',
      primaryText: '#ffffff',
      danger: '#b91c1c',
      success: '#15803d',
      warning: '#b45309',
      text: '#0f172a',
      muted: '#475569',
      border: '#cbd5e1',
      surface: '#ffffff',
      background: '#f1f5f9',
      focus: '#f59e0b',
      subtle: '#e2e8f0',
      dangerSurface: '#fef2f2',
      successSurface: '#f0fdf4',
      warningSurface: '#fffbeb',
    },
    radius: '6px',
    font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans JP', sans-serif",
    monoFont: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    shadow: '0 10px 30px rgba(15, 23, 42, 0.25)',
  };
}

export const defaultTheme = themeFor('local');
