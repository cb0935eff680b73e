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

/** One page a remote serves, and its sidebar entry if it has one. */
export const remoteRouteSchema = lazy(() =>
  z.object({
    path: adminPath,
    /** Route name: the seed's where it gives one (battle/forceEnd is forceEndMente); unique in the console. */
    name: z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9]*$/)),
    /** Page title (document title). */
    title: localizedTextSchema,
    /**
     * The area whose list this path shows: its `<area>.title` and `<area>.description` in the remote's
     * locales are the page's heading, which the build copies into routes.json (`heading`) so the host
     * paints it while the remote's code loads.
     */
    area: z.optional(z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9]*$/))),
    /** This path only redirects to another one (points → points/tasks). */
    redirectTo: z.optional(adminPath),
    /**
     * Sidebar entry. A seed entry keeps the seed's place and English label whatever this says; an entry
     * the seed does not have goes after the seed entries of its group (top level without one), by position.
     */
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
export type RemoteRoute = z.infer<typeof remoteRouteSchema>;

/** A list page's h1 and the sentence under it, as the page renders them, in both languages. */
export const pageHeadingSchema = lazy(() => z.object({ title: localizedTextSchema, description: z.optional(localizedTextSchema) }));
export type PageHeading = z.infer<typeof pageHeadingSchema>;

/** What a remote declares in its src/routes.ts: the pages it serves under /admin. */
export const remoteRoutesDeclarationSchema = lazy(() =>
  z.object({
    remote: z.enum(REMOTE_NAMES),
    /**
     * Sidebar groups this remote's entries go into. A seed group keeps the seed's place and English label;
     * a group the seed lacks goes after the seed's top-level entries, by position.
     */
    groups: z.optional(z.array(z.object({ key: z.string().check(z.minLength(1)), label: localizedTextSchema, position: z.int() }))),
    routes: z.array(remoteRouteSchema).check(z.minLength(1)),
  }),
);
export type RemoteRoutesDeclaration = z.infer<typeof remoteRoutesDeclarationSchema>;

/**
 * routes.json, emitted by the remote's build beside its mf-manifest.json (shared/build): the
 * declaration plus the shell-contract range the build needs. The host reads it at start without
 * running any of the remote's code.
 */
export const remoteRoutesManifestSchema = lazy(() =>
  z.extend(remoteRoutesDeclarationSchema, {
    shellContract: z.string().check(z.minLength(1)),
    routes: z.array(z.extend(remoteRouteSchema, { heading: z.optional(pageHeadingSchema) })).check(z.minLength(1)),
  }),
);
export type RemoteRoutesManifest = z.infer<typeof remoteRoutesManifestSchema>;
export type RemoteManifestRoute = RemoteRoutesManifest['routes'][number];
