import { registerTranslations } from '@phoenix/shell';
import en from './locales/en.json';
import ja from './locales/ja.json';

registerTranslations('battle', { en, ja });
// The nouns the shared frames say ("New …", "Restore version 2 of the …?"): English comes from the contract.
registerTranslations('resources', { en: {}, ja: { nouns: ja.nouns } });
