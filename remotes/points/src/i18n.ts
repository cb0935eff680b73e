import { registerTranslations } from '@phoenix/shell';
import en from './locales/en.json';
import ja from './locales/ja.json';

registerTranslations('points', { en, ja });
// The nouns the shared frames say ("… could not be loaded"): English comes from the contract.
registerTranslations('resources', { en: {}, ja: { nouns: ja.nouns } });
