import { z } from 'zod';
import { listQuerySchema, versionedRecordShape, versionSchema } from './common';
import { defineResource } from './resource';
import { isoDateTimeSchema, endAfterStart, optionalQueryEnum } from './fields';
import { lazy } from './lazy';

export const NEWS_CATEGORIES = ['update', 'event', 'maintenance', 'notice'] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

/**
 * Derived from the publish window and the server clock, never stored:
 * scheduled (now < start), published (start <= now and (no end or now < end)), expired (end <= now).
 */
export const NEWS_STATUSES = ['scheduled', 'published', 'expired'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

export const NEWS_TITLE_MAX = 120;
export const NEWS_BODY_MAX = 20_000;

const newsFields = lazy(() =>
  z.object({
    title: z
      .string({ message: 'Title is required' })
      .trim()
      .min(1, 'Title is required')
      .max(NEWS_TITLE_MAX, `Title is at most ${NEWS_TITLE_MAX} characters`),
    /** Markdown, stored and returned as typed: the front end renders it safely, the BFF never turns it into HTML. */
    body: z
      .string({ message: 'Body is required' })
      .max(NEWS_BODY_MAX, 'Body is at most 20,000 characters')
      .refine((v) => v.trim().length > 0, 'Body is required'),
    category: z.enum(NEWS_CATEGORIES, { message: 'Pick a category' }),
    publishStart: isoDateTimeSchema,
    /** null (or omitted) = published until unpinned/deleted. */
    publishEnd: isoDateTimeSchema.nullable().default(null),
    pinned: z.boolean({ message: 'Pinned is true or false' }).default(false),
  }),
);

const checkWindow = () => endAfterStart('publishEnd', 'publishStart', 'Publish end must be after publish start');

export const newsCreateSchema = lazy(() => newsFields.check(checkWindow()));
export type NewsCreate = z.infer<typeof newsCreateSchema>;

export const newsUpdateSchema = lazy(() => newsFields.extend({ version: versionSchema }).check(checkWindow()));
export type NewsUpdate = z.infer<typeof newsUpdateSchema>;

export const newsItemSchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    title: z.string(),
    body: z.string(),
    category: z.enum(NEWS_CATEGORIES),
    publishStart: z.string(),
    publishEnd: z.string().nullable(),
    pinned: z.boolean(),
    status: z.enum(NEWS_STATUSES),
  }),
);
export type NewsItem = z.infer<typeof newsItemSchema>;

/** GET /news: q matches title or body; category and status filter. */
export const newsQuerySchema = lazy(() =>
  listQuerySchema.extend({
    category: optionalQueryEnum(NEWS_CATEGORIES, 'Pick a category'),
    status: optionalQueryEnum(NEWS_STATUSES, 'Pick scheduled, published or expired'),
  }),
);
export type NewsQuery = z.infer<typeof newsQuerySchema>;

/** Without `sort`: pinned first, then newest publish start. */
export const NEWS_SORTS = ['title', 'category', 'publishStart', 'publishEnd', 'pinned', 'updatedAt'] as const;

/** News (route information): in-game news. Without a sort: pinned first, then the newest publish start. */
export const newsResource = defineResource({
  scope: 'content',
  path: '/news',
  target: 'news',
  noun: 'news item',
  schemas: { record: newsItemSchema, create: newsCreateSchema, update: newsUpdateSchema, query: newsQuerySchema },
  sorts: NEWS_SORTS,
  csv: {
    filename: 'news.csv',
    columns: ['id', 'title', 'category', 'status', 'publishStart', 'publishEnd', 'pinned', 'body', 'version', 'updatedAt', 'updatedBy'],
  },
});
