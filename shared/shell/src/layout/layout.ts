import { atom } from 'jotai';

/** Seed §3 global UI state: whether the sidebar is minimized (icons only, or hidden when very narrow). */
export const isSidebarMinimizedAtom = atom<boolean>(false);

/** Seed §9 breakpoints, in CSS px: at or below NARROW the sidebar collapses; at or below TINY it hides. */
export const BREAKPOINTS = {
  tiny: 640,
  narrow: 768,
} as const;

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
