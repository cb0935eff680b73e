import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { termsPublishSchema, termsOfServiceResource, type TermsStatus, type TermsVersion } from '@phoenix/contract';
import type { AppContext } from '../../context';
import type { Database, TermsOfServiceVersionRow } from '../../db/schema';
import { sortKey } from '@phoenix/server/db';
import { versionedResource } from '../../db/versioned';
import { validationFailed, registerResourceRoutes, versionedChange } from '@phoenix/server/http';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'content';

type StatusColumns = Pick<TermsOfServiceVersionRow, 'published_at' | 'effective_at' | 'superseded_at'>;

/**
 * The same rule as the SQL filter below. Published versions take effect in publication order
 * (publishing refuses an effective date not after the latest published one), so the current
 * version is the one effective and not yet superseded: exactly one once any has taken effect.
 */
export function termsStatusAt(row: StatusColumns, now: Date): TermsStatus {
  if (!row.published_at) return 'draft';
  if (now < row.effective_at) return 'scheduled';
  if (row.superseded_at && row.superseded_at <= now) return 'superseded';
  return 'current';
}

export function toTermsVersion(row: TermsOfServiceVersionRow, now: Date): TermsVersion {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    effectiveAt: row.effective_at.toISOString(),
    publishedAt: row.published_at ? row.published_at.toISOString() : null,
    publishedBy: row.published_by,
    status: termsStatusAt(row, now),
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

const READ_ONLY = {
  update: 'This version is published: a published version is read-only. Create a new version instead.',
  delete: 'This version is published: a published version cannot be deleted.',
  publish: 'This version is already published.',
} as Record<string, string>;

/** Terms of service versions: drafts are edited freely; publishing freezes one (see publish). */
export const termsOfService = versionedResource(termsOfServiceResource, {
  table: 'terms_of_service_versions',
  toApi: toTermsVersion,
  toColumns: (input) => ({ title: input.title, body: input.body, effective_at: input.effectiveAt }),
  sortKeys: {
    title: sortKey('title', 'text'),
    effectiveAt: sortKey('effective_at', 'plain'),
    publishedAt: sortKey('published_at', 'plain'),
    updatedAt: sortKey('updated_at', 'plain'),
  },
  search: ['title', 'body'],
  filters: [
    (qb, query, now) => {
      const published = qb.where('published_at', 'is not', null);
      switch (query.status) {
        case 'draft':
          return qb.where('published_at', 'is', null);
        case 'scheduled':
          return published.where('effective_at', '>', now);
        case 'current':
          return published
            .where('effective_at', '<=', now)
            .where((eb) => eb.or([eb('superseded_at', 'is', null), eb('superseded_at', '>', now)]));
        case 'superseded':
          return published.where('superseded_at', '<=', now);
        default:
          return qb;
      }
    },
  ],
  frozen: (row, _now, verb) => (row.published_at ? (READ_ONLY[verb] ?? READ_ONLY.update) : null),
});

/**
 * Publishes a draft: it takes effect at its effective date and supersedes, from that instant, every
 * earlier published version. One publish at a time (table lock), so the timeline stays ordered.
 */
export async function publishTerms(trx: Transaction<Database>, id: number, version: number, by: string, now: Date) {
  await sql`lock table terms_of_service_versions in share row exclusive mode`.execute(trx);
  const draft = await termsOfService.find(trx, id);
  if (draft && !draft.published_at) {
    const latest = await trx
      .selectFrom('terms_of_service_versions')
      .select('effective_at')
      .where('published_at', 'is not', null)
      .orderBy('effective_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (latest && draft.effective_at <= latest.effective_at) {
      throw validationFailed(
        {
          effectiveAt: [`Set an effective date after ${latest.effective_at.toISOString()}, when the latest published version takes effect`],
        },
        'The effective date must be after that of the latest published version',
      );
    }
    await trx
      .updateTable('terms_of_service_versions')
      .set({ superseded_at: draft.effective_at })
      .where('published_at', 'is not', null)
      .where('superseded_at', 'is', null)
      .execute();
  }
  // Version and read-only checks (404 / 409) come first here; a throw rolls the lines above back.
  return termsOfService.change(trx, id, version, 'publish', { published_at: now, published_by: by }, by, now);
}

export default function registerTermsOfServiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResourceRoutes(app, ctx, termsOfService);

  /** POST /terms-of-service/:id/publish { version }: logged as termsOfService.publish. */
  app.post(
    `${termsOfServiceResource.path}/:id/publish`,
    versionedChange(
      ctx,
      termsPublishSchema,
      (trx, id, input, actor, now) => publishTerms(trx, id, input.version, actor.email, now),
      termsOfServiceResource.schemas.record,
    ),
  );
}
