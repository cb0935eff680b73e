export { useTranslation, Trans } from 'react-i18next';
export { sentence } from './sentence';
export { registerTranslations, currentLanguage, type TranslationResources } from './setup';
export { useLanguage, changeLanguage } from './useLanguage';
export { LANGUAGES, LANGUAGE_STORAGE_KEY, isLanguage, type Language } from './language';
