import { NEWS_CATEGORIES, NEWS_STATUSES, type NewsCategory, type NewsStatus } from '@phoenix/contract';
import type { BadgeTone } from '@phoenix/ui';

/** The API resource of this area. */
export const NEWS = 'news';

const capitalize = (word: string) => word[0].toUpperCase() + word.slice(1);

export const CATEGORY_OPTIONS = NEWS_CATEGORIES.map((c) => ({ value: c, label: capitalize(c) }));
export const STATUS_OPTIONS = NEWS_STATUSES.map((s) => ({ value: s, label: capitalize(s) }));

export const categoryLabel = (category: NewsCategory) => capitalize(category);
export const statusLabel = (status: NewsStatus) => capitalize(status);

export const STATUS_TONE: Record<NewsStatus, BadgeTone> = {
  scheduled: 'info',
  published: 'success',
  expired: 'neutral',
};
