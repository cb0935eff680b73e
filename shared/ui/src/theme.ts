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
  };
  radius: string;
  font: string;
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
    },
    radius: '6px',
    font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans JP', sans-serif",
  };
}

export const defaultTheme = themeFor('local');
