import { registerTranslations } from '@phoenix/shell';
import en from './locales/en.json';
import ja from './locales/ja.json';

// The economy report's strings live beside its page (merged into the remote's `points` namespace).
registerTranslations('points', { en, ja });
