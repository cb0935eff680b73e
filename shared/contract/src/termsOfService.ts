import { z } from 'zod';
import { listQuerySchema, versionedRecordShape, versionSchema } from './common';
import { defineResource } from './resource';
import { isoDateTimeSchema, optionalQueryEnum } from './fields';
import { lazy } from './lazy';

/**
 * Derived from publication, the effective date and the server clock, never stored:
 * draft (not published), scheduled (published, effective later), current (the latest published
 * version whose effective date has passed: exactly one once any has), superseded (a later
 * published version has become effective since).
 */
export const TERMS_STATUSES = ['draft', 'scheduled', 'current', 'superseded'] as const;
export type TermsStatus = (typeof TERMS_STATUSES)[number];

export const TERMS_TITLE_MAX = 160;
export const TERMS_BODY_MAX = 100_000;

const termsFields = lazy(() =>
  z.object({
    title: z
      .string({ message: 'Title is required' })
      .trim()
      .min(1, 'Title is required')
      .max(TERMS_TITLE_MAX, `Title is at most ${TERMS_TITLE_MAX} characters`),
    /** Markdown as typed: the console renders it safely (no raw HTML), the BFF never renders it. */
    body: z
      .string({ message: 'Body is required' })
      .max(TERMS_BODY_MAX, 'Body is at most 100,000 characters')
      .refine((v) => v.trim().length > 0, 'Body is required'),
    effectiveAt: isoDateTimeSchema,
  }),
);

export const termsCreateSchema = termsFields;
export type TermsCreate = z.infer<typeof termsCreateSchema>;

export const termsUpdateSchema = lazy(() => termsFields.extend({ version: versionSchema }));
export type TermsUpdate = z.infer<typeof termsUpdateSchema>;

/** POST /terms-of-service/:id/publish: the draft as the operator last saw it. */
export const termsPublishSchema = lazy(() => z.object({ version: versionSchema }));
export type TermsPublish = z.infer<typeof termsPublishSchema>;

export const termsVersionSchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    title: z.string(),
    body: z.string(),
    effectiveAt: z.string(),
    /** null while a draft. */
    publishedAt: z.string().nullable(),
    publishedBy: z.string().nullable(),
    status: z.enum(TERMS_STATUSES),
  }),
);
export type TermsVersion = z.infer<typeof termsVersionSchema>;

/** GET /terms-of-service: q matches title or body; status filters. */
export const termsQuerySchema = lazy(() =>
  listQuerySchema.extend({
    status: optionalQueryEnum(TERMS_STATUSES, 'Pick draft, scheduled, current or superseded'),
  }),
);
export type TermsQuery = z.infer<typeof termsQuerySchema>;

export const TERMS_SORTS = ['title', 'effectiveAt', 'publishedAt', 'updatedAt'] as const;

/** Terms of service: versions, drafted then published (read-only from then on). */
export const termsOfServiceResource = defineResource({
  scope: 'content',
  path: '/terms-of-service',
  target: 'termsOfService',
  noun: 'terms of service version',
  schemas: { record: termsVersionSchema, create: termsCreateSchema, update: termsUpdateSchema, query: termsQuerySchema },
  sorts: TERMS_SORTS,
  defaultSort: { sort: 'effectiveAt', order: 'desc' },
  csv: {
    filename: 'terms-of-service.csv',
    columns: ['id', 'title', 'status', 'effectiveAt', 'publishedAt', 'publishedBy', 'version', 'updatedAt', 'updatedBy'],
  },
});
