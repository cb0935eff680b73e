import { REMOTE_NAMES, type RemoteManifestRoute, type RemoteName, type RemoteRoutesManifest } from '@phoenix/contract';
import { SEED_TABLES, type RemoteManifests, type SeedTables } from './composeRoutes';

// Test fixtures (routeTable.test.ts, layout/menu.test.ts): routes.json contents written here, so that
// the host's tests of the composition name no page a real remote serves beyond the seed.

/** The Japanese label a fixture gives an English one. */
export const ja = (en: string): string => `${en} (ja)`;

const routeName = (path: string): string => path.replace(/[^A-Za-z0-9]+([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Every link of the seed's menu, groups flattened, with its group's key. */
export function seedMenuLinks(seed: SeedTables = SEED_TABLES): { label: string; target: string; group?: string }[] {
  return seed.menu.flatMap((e) => ('children' in e ? e.children.map((c) => ({ ...c, group: e.group })) : [e]));
}

/**
 * One routes.json per remote, each declaring exactly the seed's paths it owns: the seed's names,
 * redirects and English labels, a Japanese label for each, the seed's groups declared by the remote
 * owning their first child. Positions are the seed's order (they do not place seed entries anyway).
 */
export function seedManifests(seed: SeedTables = SEED_TABLES): RemoteManifests {
  const links = new Map(seedMenuLinks(seed).map((l, i) => [l.target, { ...l, position: i * 10 }]));
  return Object.fromEntries(
    REMOTE_NAMES.map((remote): [RemoteName, RemoteRoutesManifest] => {
      const routes = seed.routes
        .filter((s) => s.remote === remote)
        .map((s): RemoteManifestRoute => {
          const link = links.get(s.path);
          const en = link?.label ?? s.path;
          return {
            path: s.path,
            name: s.name ?? routeName(s.path),
            title: { en, ja: ja(en) },
            ...(s.redirectTo ? { redirectTo: s.redirectTo } : {}),
            ...(link ? { menu: { label: { en, ja: ja(en) }, position: link.position, ...(link.group ? { group: link.group } : {}) } } : {}),
          };
        });
      const groups = seed.menu.flatMap((e, i) =>
        'group' in e && routes.some((r) => r.path === e.children[0]?.target)
          ? [{ key: e.group, label: { en: e.label, ja: ja(e.label) }, position: i * 10 }]
          : [],
      );
      return [remote, { remote, shellContract: '^1.0.0', routes, ...(groups.length ? { groups } : {}) }];
    }),
  );
}

/** A page no seed has, as a fixture remote declares it: its sidebar entry at `position` (in `group`), or none. */
export function page(path: string, label: string, position?: number, group?: string): RemoteManifestRoute {
  return {
    path,
    name: routeName(path),
    title: { en: label, ja: ja(label) },
    ...(position === undefined ? {} : { menu: { label: { en: label, ja: ja(label) }, position, ...(group ? { group } : {}) } }),
  };
}

/** The manifests with `remote`'s declaring `routes` and `groups` besides its own (same order of remotes). */
export function adding(
  base: RemoteManifests,
  remote: RemoteName,
  routes: readonly RemoteManifestRoute[],
  groups: RemoteRoutesManifest['groups'] = [],
): RemoteManifests {
  const m = base[remote]!;
  const allGroups = [...(m.groups ?? []), ...groups];
  return { ...base, [remote]: { ...m, routes: [...m.routes, ...routes], ...(allGroups.length ? { groups: allGroups } : {}) } };
}

/** The pages each remote declares that the seed does not have, in the remotes' order: [path, remote]. */
export function declaredBeyondSeed(manifests: RemoteManifests, seed: SeedTables = SEED_TABLES): [string, RemoteName][] {
  const seedPaths = new Set(seed.routes.map((r) => r.path));
  return Object.entries(manifests).flatMap(([remote, m]) =>
    (m?.routes ?? []).filter((r) => !seedPaths.has(r.path)).map((r): [string, RemoteName] => [r.path, remote as RemoteName]),
  );
}

/**
 * A CRUD area no remote has (shape 'routes'), as its remote's build would write it: its list in the
 * sidebar at `position`, its form paths, its records opening in the edit form.
 */
export function crudArea(name: string, path: string, title: string, recordName: string, position: number): RemoteManifestRoute[] {
  const text = (en: string) => ({ en, ja: ja(en) });
  return [
    {
      path,
      name,
      title: text(title),
      area: name,
      shape: 'routes',
      record: 'edit',
      recordName: text(recordName),
      heading: { title: text(title) },
      menu: { label: text(title), position },
    },
    { path: `${path}/create`, name: `${name}Create`, title: text(`New ${recordName}`), area: name, action: 'create' },
    { path: `${path}/edit`, name: `${name}Edit`, title: text(`Edit ${recordName}`), area: name, action: 'edit' },
  ];
}
