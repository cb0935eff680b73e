import { kitLanguage } from '../i18n';

/** Distinct on white and for the common colour-vision deficiencies; a series is also named in the legend and table. */
export const CHART_COLORS = ['#1d4ed8', '#b45309', '#15803d', '#7c3aed', '#b91c1c', '#0f766e', '#475569'] as const;

/** A UTC day as the admin's language writes a short date ('Mar 1', '3月1日'). */
export function formatDay(day: string, language = kitLanguage()): string {
  return new Intl.DateTimeFormat(language === 'ja' ? 'ja-JP' : 'en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
