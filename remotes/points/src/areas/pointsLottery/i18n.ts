import { registerTranslations } from '@phoenix/shell';
import en from './locales/en.json';
import ja from './locales/ja.json';

// The lottery's strings live beside its pages (merged into the remote's `points` namespace).
registerTranslations('points', { en, ja: { pointsLottery: ja.pointsLottery } });
registerTranslations('resources', { en: {}, ja: { nouns: ja.nouns } });
