import en from './locales/en.json';
import ja from './locales/ja.json';

/** Strings of the shell's own pieces (namespace 'shell'): modals, error sentences, language switch. */
export const shellTranslations = { en, ja };
