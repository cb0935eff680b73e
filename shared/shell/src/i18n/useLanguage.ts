import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18next, currentLanguage } from './setup';
import { storeLanguage, type Language } from './language';

/** Switches the whole console (host, kit, remotes) and remembers the choice. */
export function changeLanguage(language: Language): void {
  storeLanguage(language);
  void i18next.changeLanguage(language);
}

/** The console's language and a setter; re-renders the caller when the language changes. */
export function useLanguage(): { language: Language; setLanguage(language: Language): void } {
  useTranslation(); // subscribes to languageChanged
  const setLanguage = useCallback((language: Language) => changeLanguage(language), []);
  return { language: currentLanguage(), setLanguage };
}
