import i18next from 'i18next';
import en from './locales/en.json';
import ja from './locales/ja.json';

/**
 * The kit's strings, namespace 'ui'. The kit never imports the shell (the shell imports the
 * kit): it exports these resources, which the shell registers when it initialises i18next, and
 * reads the current language straight from the i18next singleton (`kitLanguage`). Components
 * use react-i18next's `useTranslation('ui')`, so they re-render when the language changes.
 */
export const uiTranslations = { en, ja };

/** The console's language as the kit sees it ('en' until i18next is initialised). */
export function kitLanguage(): 'en' | 'ja' {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return language === 'ja' ? 'ja' : 'en';
}

/** A kit string outside React (formatters); components use useTranslation('ui'). */
export function kitT(key: string, options?: Record<string, unknown>): string {
  return i18next.t(key, { ns: 'ui', ...options });
}
