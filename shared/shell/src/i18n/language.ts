/**
 * The console's languages (PRODUCT §5) and where the admin's choice is remembered: its own
 * localStorage key, not the `admin-phoenix` session record (signing out keeps the language).
 */
export const LANGUAGES = ['en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_STORAGE_KEY = 'admin-phoenix-language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Japanese when the browser asks for it, else English. */
export function browserLanguage(): Language {
  const asked = typeof navigator === 'undefined' ? '' : (navigator.language ?? '');
  return asked.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

export function readStoredLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null; // storage disabled: fall back to the browser's language
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage disabled: the choice lasts until the page is closed
  }
}

/** The stored choice, else the browser's. */
export function initialLanguage(): Language {
  return readStoredLanguage() ?? browserLanguage();
}
