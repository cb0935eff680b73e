/**
 * What the host's first paint needs from the shell, and nothing more: the store and its atoms, the
 * runtime configuration, the stored session, i18n, the layout's state and the providers. The API
 * client (ky), forms (react-hook-form), resources, modals and sections stay out of it: they load with
 * the first page that uses them, in the shell's whole module (`@phoenix/shell`).
 *
 * The host imports this file by its path, not by the shared name, so these modules are part of the
 * host's own build and are the very instances its `@phoenix/shell` (which it provides to the remotes)
 * is made of. That holds because the host loads its `@phoenix/shell` before it registers any remote
 * (host/src/federation/remotes.ts), so no remote's copy can be chosen in its place.
 */
export * from './core';
export * from './layout';
export * from './session';
export * from './i18n';
export { restoreSession, type RestoreSessionOptions } from './auth/authSession';
export { useAuth, useAuthSync } from './auth/useAuth';
export { sectionSourceAtom } from './sections/registry';
export type { SectionDefinition, SectionSource } from './sections/types';
export { showsList } from './resources/listView';
