import { atom } from 'jotai';
import { BREAKPOINTS } from '@phoenix/ui/src/boot';

/** Seed §9 breakpoints: the kit's, which its tables follow too. */
export { BREAKPOINTS };

/** Seed §3 global UI state: whether the sidebar is minimized (icons only, or hidden when very narrow). */
export const isSidebarMinimizedAtom = atom<boolean>(false);

/** Seed §2 / §9 sidebar widths. */
export const SIDEBAR_WIDTH = {
  expanded: '16rem',
  expandedNarrow: '100%',
  minimized: '4.5rem',
  minimizedTiny: '0',
} as const;

/** Media queries matching the breakpoints (inclusive: "768 or less"). */
export const MEDIA = {
  narrow: `(max-width: ${BREAKPOINTS.narrow}px)`,
  tiny: `(max-width: ${BREAKPOINTS.tiny}px)`,
} as const;

export function isNarrowWidth(width: number): boolean {
  return width <= BREAKPOINTS.narrow;
}
export function isTinyWidth(width: number): boolean {
  return width <= BREAKPOINTS.tiny;
}
