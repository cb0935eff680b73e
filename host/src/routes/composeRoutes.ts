import type { LocalizedText, PageHeading, RemoteManifestRoute, RemoteName, RemoteRoutesManifest } from '@phoenix/contract';
import type { AreaLinkTarget } from '@phoenix/shell/src/boot';
import type { Label, MenuEntry, MenuGroup, MenuLink } from '../layout/menu';
import SEED from './seed.json';

/**
 * The console's route table and sidebar, composed at start from the routes.json of the remotes the
 * environment runs (each remote declares what it serves) and the seed's tables (seed.json): the seed's
 * paths, menu order and English labels never change, whatever a manifest says or fails to say.
 */
export interface AdminRoute {
  /** Relative to /admin. */
  path: string;
  name: string;
  remote: RemoteName;
  title: Label;
  /** Relative to /admin: this path only redirects there. */
  redirectTo?: string;
  /** A list page's h1 and sentence, from its manifest: painted while the remote loads (RemotePageLoading). */
  heading?: PageHeading;
  /** The area this path belongs to (none for a redirect, or a seed path nobody declares). */
  area?: string;
  /** False for a seed path whose remote's manifest could not be read: kept, so it shows that remote's error page. */
  declared: boolean;
}

/** An area of the console: where its links go (linkTo), what it and one of its records are called. */
export interface AdminArea extends AreaLinkTarget {
  name: string;
  remote: RemoteName;
  title: Label;
  recordName?: LocalizedText;
}

/**
 * The `handle` of an admin page's route (routeTable.ts): what the components rendered in the page's
 * place read of it through useMatches(), without importing the route table (which renders them).
 */
export interface AdminRouteHandle {
  name: string;
  title: Label;
  remote: RemoteName;
  /** The list page's h1 and sentence, painted while its remote loads (RemotePageLoading). */
  heading?: PageHeading;
}

export interface AdminTable {
  routes: readonly AdminRoute[];
  menu: readonly MenuEntry[];
  /** By name: every area the remotes declare (the first to declare a name keeps it). */
  areas: ReadonlyMap<string, AdminArea>;
}

/** What was read for each remote of the environment: its manifest, or null when it could not be read or used. */
export type RemoteManifests = Partial<Record<RemoteName, RemoteRoutesManifest | null>>;

export interface SeedTables {
  routes: readonly { path: string; remote: string; name?: string; redirectTo?: string }[];
  menu: readonly (
    { label: string; target: string } | { group: string; label: string; children: readonly { label: string; target: string }[] }
  )[];
}

export const SEED_TABLES: SeedTables = SEED;

interface Claim {
  route: RemoteManifestRoute;
  remote: RemoteName;
}

const byPosition = <T extends { position: number }>(a: T, b: T) => a.position - b.position;

export function composeAdminTable(manifests: RemoteManifests, seed: SeedTables = SEED_TABLES): AdminTable {
  // Who serves each path: the seed's owner first (a page it still declares), then the other remotes in turn.
  const loaded = Object.entries(manifests).filter((e): e is [RemoteName, RemoteRoutesManifest] => !!e[1]);
  const seedOwner = new Map(seed.routes.map((r) => [r.path, r.remote]));
  const claims = new Map<string, Claim>();
  const names = new Set<string>();
  const claim = (remote: RemoteName, route: RemoteManifestRoute) => {
    if (claims.has(route.path) || names.has(route.name)) {
      console.warn(`[routes] ${remote} declares ${route.path} (${route.name}), already served: ignored`);
      return;
    }
    claims.set(route.path, { route, remote });
    names.add(route.name);
  };
  for (const [remote, manifest] of loaded)
    for (const route of manifest.routes) if (seedOwner.get(route.path) === remote) claim(remote, route);
  for (const [remote, manifest] of loaded)
    for (const route of manifest.routes) if (seedOwner.get(route.path) !== remote) claim(remote, route);

  const seedLabels = new Map(seed.menu.flatMap((e) => ('children' in e ? e.children : [e])).map((l) => [l.target, l.label]));
  // A seed path nobody declares keeps its seed owner; its name is only a route id then, kept unique.
  const unclaimedName = (name: string): string => (names.has(name) ? unclaimedName(`${name}_`) : (names.add(name), name));
  // The seed's route names (battle/forceEnd is forceEndMente) win over the remotes'.
  const seedNames = new Map(seed.routes.flatMap((r) => (r.name ? [[r.path, r.name] as const] : [])));
  const routes: AdminRoute[] = seed.routes.map((s) => {
    const c = claims.get(s.path);
    if (c) return fromClaim(c, seedNames.get(s.path));
    return {
      path: s.path,
      name: unclaimedName(s.name ?? s.path),
      remote: s.remote as RemoteName,
      title: { en: seedLabels.get(s.path) ?? s.path },
      ...(s.redirectTo ? { redirectTo: s.redirectTo } : {}),
      declared: false,
    };
  });
  const added = [...claims.values()].filter((c) => !seedOwner.has(c.route.path));
  routes.push(...added.map((c) => fromClaim(c)));

  return { routes, menu: composeMenu(seed, claims, added, loaded), areas: composeAreas(claims) };
}

function fromClaim({ route, remote }: Claim, seedName?: string): AdminRoute {
  return {
    path: route.path,
    name: seedName ?? route.name,
    remote,
    title: route.title,
    ...(route.redirectTo ? { redirectTo: route.redirectTo } : {}),
    ...(route.heading ? { heading: route.heading } : {}),
    ...(route.area ? { area: route.area } : {}),
    declared: true,
  };
}

/** Each area's main path (the one that says its shape), as served: what links are composed from. */
function composeAreas(claims: Map<string, Claim>): Map<string, AdminArea> {
  const areas = new Map<string, AdminArea>();
  for (const { route, remote } of claims.values()) {
    if (!route.area || !route.shape || route.action) continue;
    if (areas.has(route.area)) {
      console.warn(`[routes] ${remote} declares the area ${route.area}, already declared by ${areas.get(route.area)!.remote}: ignored`);
      continue;
    }
    areas.set(route.area, {
      name: route.area,
      remote,
      path: route.path,
      shape: route.shape,
      record: route.record ?? 'show',
      title: route.title,
      ...(route.recordName ? { recordName: route.recordName } : {}),
    });
  }
  return areas;
}

/**
 * The seed's menu, its English labels as they are, each entry's Japanese label from the manifest that
 * serves it; then the pages the seed does not have: at the end of their group, or of the top level
 * (after World Message Management) with groups the seed does not have, by position.
 */
function composeMenu(
  seed: SeedTables,
  claims: Map<string, Claim>,
  added: Claim[],
  loaded: [RemoteName, RemoteRoutesManifest][],
): MenuEntry[] {
  const groupLabels = new Map(loaded.flatMap(([, m]) => (m.groups ?? []).map((g) => [g.key, g] as const)));
  const seedLink = (label: string, target: string): MenuLink => {
    const route = claims.get(target)?.route;
    return { kind: 'link', target, label: { en: label, ja: route?.menu?.label.ja ?? route?.title.ja } };
  };
  const newLinks = added
    .filter((c) => c.route.menu && !c.route.redirectTo)
    .map((c) => ({ link: { kind: 'link', target: c.route.path, label: c.route.menu!.label } as MenuLink, ...c.route.menu! }))
    .sort(byPosition);
  const seedGroups = new Set(seed.menu.flatMap((e) => ('group' in e ? [e.group] : [])));

  const menu: MenuEntry[] = seed.menu.map((e) => {
    if (!('group' in e)) return seedLink(e.label, e.target);
    const children = [
      ...e.children.map((c) => seedLink(c.label, c.target)),
      ...newLinks.filter((l) => l.group === e.group).map((l) => l.link),
    ];
    return { kind: 'group', key: e.group, label: { en: e.label, ja: groupLabels.get(e.group)?.label.ja }, children };
  });

  const tail: { position: number; entry: MenuEntry }[] = [];
  const newGroups = new Map<string, MenuGroup & { children: MenuLink[] }>();
  for (const l of newLinks) {
    if (l.group && seedGroups.has(l.group)) continue;
    const declared = l.group ? groupLabels.get(l.group) : undefined;
    if (!declared) {
      tail.push({ position: l.position, entry: l.link });
      continue;
    }
    let group = newGroups.get(declared.key);
    if (!group) {
      group = { kind: 'group', key: declared.key, label: declared.label, children: [] };
      newGroups.set(declared.key, group);
      tail.push({ position: declared.position, entry: group });
    }
    group.children.push(l.link);
  }
  return [...menu, ...tail.sort(byPosition).map((t) => t.entry)];
}

/** The route of a location in a table, or undefined (the dashboard, or not an admin page). */
export function routeOf(table: AdminTable, pathname: string): AdminRoute | undefined {
  const prefix = '/admin/';
  if (!pathname.startsWith(prefix)) return undefined;
  const rest = pathname.slice(prefix.length).replace(/\/+$/, '');
  return table.routes.find((route) => route.path === rest);
}
