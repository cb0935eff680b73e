import { registerTranslations } from '@phoenix/shell';
import en from './locales/en.json';
import ja from './locales/ja.json';

// The staking area's own namespace, so it never collides with the rest of the points remote.
registerTranslations('staking', { en, ja });
