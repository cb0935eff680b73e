import { registerTranslations } from '@phoenix/shell';
import en from './locales/en.json';
import ja from './locales/ja.json';

registerTranslations('userPolicy', { en, ja });
// The nouns the shared frames say ("New …", "Delete … ?"): English comes from the contract.
registerTranslations('resources', { en: {}, ja: { nouns: ja.nouns } });
