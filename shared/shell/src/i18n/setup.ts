import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { uiTranslations } from '@phoenix/ui/src/boot';
import { LANGUAGES, initialLanguage, isLanguage, type Language } from './language';
import { shellTranslations } from './shellTranslations';

export type TranslationResources = { en: Record<string, unknown>; ja: Record<string, unknown> };

/**
 * One i18next instance for the page: the default one, shared (with react-i18next) as a Module
 * Federation singleton, so the host, the kit and every remote see the same language.
 * Initialised synchronously at module load with bundled resources (no HTTP backend), so the
 * first render is already translated — in the browser and in jest.
 */
function initialise(): void {
  if (i18next.isInitialized) return;
  void i18next.use(initReactI18next).init({
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: ['shell', 'ui'],
    defaultNS: 'shell',
    resources: {
      en: { shell: shellTranslations.en, ui: uiTranslations.en },
      ja: { shell: shellTranslations.ja, ui: uiTranslations.ja },
    },
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    react: { useSuspense: false },
  });
  syncDocumentLanguage(i18next.language);
  i18next.on('languageChanged', syncDocumentLanguage);
}

/** `<html lang>` follows the console's language (screen readers, CJK font selection). */
function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = isLanguage(language) ? language : 'en';
}

initialise();

/**
 * Adds a namespace's strings (e.g. a remote's 'system'). Idempotent: safe to call at a remote's
 * module load, again on a re-mount or a hot reload; a second call overwrites the same keys.
 */
export function registerTranslations(namespace: string, resources: TranslationResources): void {
  for (const language of LANGUAGES) {
    i18next.addResourceBundle(language, namespace, resources[language], true, true);
  }
}

export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(language) ? language : 'en';
}

export { i18next };
