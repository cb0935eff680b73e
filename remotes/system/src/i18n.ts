import { registerTranslations } from '@phoenix/shell';
import en from './locales/en.json';
import ja from './locales/ja.json';

registerTranslations('system', { en, ja });
