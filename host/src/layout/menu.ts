/**
 * Sidebar entries. The menu itself is composed at start from the remotes' manifests and the seed's
 * tables (routes/composeRoutes.ts); the console's current one is adminTable().menu.
 */

/** A label in English (the seed's, exactly, for a seed entry) and, when known, in Japanese. */
export interface Label {
  en: string;
  ja?: string;
}
export interface MenuLink {
  kind: 'link';
  label: Label;
  /** Relative to /admin. */
  target: string;
}
export interface MenuGroup {
  kind: 'group';
  key: string;
  label: Label;
  children: readonly MenuLink[];
}
export type MenuEntry = MenuLink | MenuGroup;

/** Every link of the menu, groups flattened, in order. */
export function menuLinks(menu: readonly MenuEntry[]): MenuLink[] {
  return menu.flatMap((entry) => (entry.kind === 'group' ? [...entry.children] : [entry]));
}

/**
 * The menu target the current page belongs to: the longest target that is the path or a
 * parent of it (present/distribution wins over present; policies/edit belongs to policies).
 */
export function activeMenuTarget(pathname: string, menu: readonly MenuEntry[]): string | null {
  const prefix = '/admin/';
  if (!pathname.startsWith(prefix)) return null;
  const rest = pathname.slice(prefix.length).replace(/\/+$/, '');
  let best: string | null = null;
  for (const { target } of menuLinks(menu)) {
    if ((rest === target || rest.startsWith(`${target}/`)) && (best === null || target.length > best.length)) best = target;
  }
  return best;
}

/** Short mark shown when the sidebar is minimized: initials of the first two words. */
export function menuInitials(label: string): string {
  const words = label.split(/\s+/).filter((w) => /^[\p{L}\p{N}]/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0])
    .join('')
    .toUpperCase();
}
