import i18next from 'i18next';

/**
 * The kit's strings, namespace 'ui'. The kit never imports the shell (the shell imports the
 * kit): it exports its resources, which the shell registers when it initialises i18next, and
 * reads the current language from the i18next singleton (`kitLanguage`). Components use
 * react-i18next's `useTranslation('ui')`, so they re-render when the language changes.
 */
const en = {
  placeholder: 'ui',
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const ja: Shape<typeof en> = {
  placeholder: 'ui',
};

export const uiTranslations = { en, ja };

/** The console's language as the kit sees it ('en' until i18next is initialised). */
export function kitLanguage(): 'en' | 'ja' {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return language === 'ja' ? 'ja' : 'en';
}
