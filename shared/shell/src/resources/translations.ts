import { registerTranslations } from '../i18n';
import en from './locales/en.json';
import ja from './locales/ja.json';

/** Strings of the resource frames (namespace 'resources'): list, form, detail, rows and history. */
registerTranslations('resources', { en, ja });
