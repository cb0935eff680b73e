import type { EnvironmentName } from '@phoenix/contract';

/** Accent per environment (seed §9); production is unmistakable: a red bar. */
const ENVIRONMENT_ACCENTS: Record<EnvironmentName, string> = {
  local: '#475569',
  dev: '#2563eb',
  'beta-dev': '#7c3aed',
  stg: '#9a3412', // orange-800: the navbar's white text (some at 90% opacity) stays above WCAG AA's 4.5:1 (amber-600 was 3.2:1)
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

const COLORS: Omit<PhoenixTheme['colors'], 'accent'> = {
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
};
const SHAPE = {
  radius: '6px',
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans JP', sans-serif",
  monoFont: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  shadow: '0 10px 30px rgba(15, 23, 42, 0.25)',
};

/** The CSS custom property the console's root sets to the environment's accent (ACCENT_STYLE). */
export const ACCENT_VARIABLE = '--phoenix-accent';

export function themeFor(environment: EnvironmentName): PhoenixTheme {
  return { environment, colors: { accent: ENVIRONMENT_ACCENTS[environment] ?? ENVIRONMENT_ACCENTS.prd, ...COLORS }, ...SHAPE };
}

/**
 * The theme's values as constants for styled-components templates (`${tokens.colors.border}`). A
 * template whose every value is a constant is static: styled-components builds its class once, where
 * a `${({ theme }) => …}` function is run, flattened and hashed again on every render of every
 * instance (a quarter of a console page's render time). Only the accent differs per environment: it
 * is a CSS variable the root sets. The ThemeProvider keeps the theme for remotes built before tokens
 * (shell contract 1.2).
 */
export const tokens: Omit<PhoenixTheme, 'environment'> = {
  colors: { accent: `var(${ACCENT_VARIABLE})`, ...COLORS },
  ...SHAPE,
};

/** What the console's global style puts on :root: the environment's accent as ACCENT_VARIABLE. */
export const accentStyle = (theme: PhoenixTheme) => `:root { ${ACCENT_VARIABLE}: ${theme.colors.accent}; }`;

export const defaultTheme = themeFor('local');

/** Seed §9 breakpoints, in CSS px: at or below NARROW the sidebar collapses; at or below TINY it hides. */
export const BREAKPOINTS = {
  tiny: 640,
  narrow: 768,
} as const;
