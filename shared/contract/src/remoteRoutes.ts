// zod's mini API, as config.ts: the host checks every routes.json before its first paint.
import * as z from 'zod/mini';
import { REMOTE_NAMES } from './config';
import { lazy } from './lazy';

/** A text in both languages of the console (PRODUCT §5). */
export const localizedTextSchema = lazy(() => z.object({ en: z.string().check(z.minLength(1)), ja: z.string().check(z.minLength(1)) }));
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** A path relative to /admin: segments only, no parameter (edit pages take the id in the query string). */
const adminPath = lazy(() =>
  z.string().check(z.regex(/^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/, 'a path relative to /admin, without parameters')),
);
const areaName = lazy(() => z.string().check(z.regex(/^[a-z][A-Za-z0-9]*$/, 'an area name (camelCase)')));

/**
 * How an area's pages are routed:
 * - 'page': one path, no form (a settings page, a report);
 * - 'routes': `x`, `x/create` and `x/edit?id=42`;
 * - 'subViews': one path, the form chosen by the query (`x?create=1`, `x?edit=42`);
 * - 'editRoute': `x` and `x/edit` (creating without an id, `x/edit?id=42` editing).
 */
export const AREA_SHAPES = ['page', 'routes', 'subViews', 'editRoute'] as const;
export type AreaShape = (typeof AREA_SHAPES)[number];

/** Where a link to one record of an area opens: its edit form, or the list's detail view (`x?id=42`). */
export type RecordView = 'edit' | 'show';

/**
 * One area of a remote, in its src/areas.ts: plain data the build reads without running the remote.
 * Titles are not written here: the build takes them from the remote's locales (`<area>.title`, and
 * `<area>.newTitle` / `<area>.editTitle` for the form paths its shape adds), one title per page for its
 * menu entry, document title and heading alike.
 */
export interface AreaDeclaration {
  /** Path under /admin: the seed's where the seed has the page. */
  path: string;
  shape: AreaShape;
  /**
   * Sidebar entry, if any. A seed page keeps the seed's place and English label whatever this says;
   * another goes after the seed's entries of its group (top level without one), by position.
   * `label: 'menuLabel'`: the entry reads `<area>.menuLabel` rather than the title.
   */
  menu?: { position: number; group?: string; label?: 'menuLabel' };
  /** Where a record link opens: 'edit' by default, 'show' (`x?id=42`) for a 'page' area or an area without a form. */
  record?: RecordView;
}

/** Where an area's record links open (the build writes it into routes.json: shared/build/routes.cjs agrees). */
export function recordViewOf(area: AreaDeclaration): RecordView {
  return area.record ?? (area.shape === 'page' ? 'show' : 'edit');
}

/** A remote's src/areas.ts: its areas by name, its sidebar groups (labels: `menuGroups.<key>`) and redirects. */
export interface RemoteAreasDeclaration {
  remote: (typeof REMOTE_NAMES)[number];
  areas: Record<string, AreaDeclaration>;
  groups?: Record<string, { position: number }>;
  /** A path that only redirects to another one (points → points/tasks). */
  redirects?: Record<string, string>;
}

/** A list page's h1 and the sentence under it, as the page renders them, in both languages. */
export const pageHeadingSchema = lazy(() => z.object({ title: localizedTextSchema, description: z.optional(localizedTextSchema) }));
export type PageHeading = z.infer<typeof pageHeadingSchema>;

/** One path a remote serves, as its build writes it into routes.json (shared/build/routes.cjs). */
export const remoteManifestRouteSchema = lazy(() =>
  z.object({
    path: adminPath,
    /** Route id, unique in the console: the area's name (`<area>Create`, `<area>Edit` for its form paths). */
    name: z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9]*$/)),
    /** Document title (and heading, menu label). */
    title: localizedTextSchema,
    /** The area the path belongs to (every path but a redirect). */
    area: z.optional(areaName),
    /** A form path of its area. */
    action: z.optional(z.enum(['create', 'edit'])),
    /** On the area's main path: how its links are composed (linkTo), and where a record opens. */
    shape: z.optional(z.enum(AREA_SHAPES)),
    record: z.optional(z.enum(['edit', 'show'])),
    /** On the area's main path: what one of its records is called (`<area>.recordName`), e.g. in search results. */
    recordName: z.optional(localizedTextSchema),
    /** The page's h1 and sentence, painted by the host while the remote's code loads. */
    heading: z.optional(pageHeadingSchema),
    redirectTo: z.optional(adminPath),
    menu: z.optional(
      z.object({
        label: localizedTextSchema,
        /** Key of a group (the seed's `points`, or one of this manifest's `groups`). */
        group: z.optional(z.string().check(z.minLength(1))),
        position: z.int(),
      }),
    ),
  }),
);
export type RemoteManifestRoute = z.infer<typeof remoteManifestRouteSchema>;

/**
 * routes.json, emitted by the remote's build beside its mf-manifest.json from its src/areas.ts and
 * locales, with the shell-contract range the build needs. The host reads it at start without running
 * any of the remote's code.
 */
export const remoteRoutesManifestSchema = lazy(() =>
  z.object({
    remote: z.enum(REMOTE_NAMES),
    /**
     * Sidebar groups this remote's entries go into. A seed group keeps the seed's place and English label;
     * a group the seed lacks goes after the seed's top-level entries, by position.
     */
    groups: z.optional(z.array(z.object({ key: z.string().check(z.minLength(1)), label: localizedTextSchema, position: z.int() }))),
    routes: z.array(remoteManifestRouteSchema).check(z.minLength(1)),
    shellContract: z.string().check(z.minLength(1)),
  }),
);
export type RemoteRoutesManifest = z.infer<typeof remoteRoutesManifestSchema>;
