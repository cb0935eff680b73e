import { registerTranslations } from '@phoenix/shell';
import en from './locales/en.json';
import ja from './locales/ja.json';

// The staking area's own namespace, so it never collides with the rest of the points remote. The files
// keep its strings under `staking` (the area's name), where the build finds the page's title.
registerTranslations('staking', { en: en.staking, ja: ja.staking });
