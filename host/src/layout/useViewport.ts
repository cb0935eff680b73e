import { useEffect, useLayoutEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { isNarrowWidth, isSidebarMinimizedAtom, isTinyWidth } from '@phoenix/shell/src/boot';

export type Viewport = 'wide' | 'narrow' | 'tiny';

export function viewportOf(width: number): Viewport {
  if (isTinyWidth(width)) return 'tiny';
  return isNarrowWidth(width) ? 'narrow' : 'wide';
}

const currentWidth = () => (typeof window === 'undefined' ? 1280 : window.innerWidth);

/**
 * Follows the window width (seed §4: the sidebar minimizes by window resize). At mount the
 * sidebar is minimized when the window is 768px or less; afterwards each resize that crosses
 * 768px sets it again (minimized when narrow, expanded when wide). Resizes that do not cross
 * (a phone's address bar showing or hiding) leave the admin's choice alone.
 */
export function useViewport(): Viewport {
  const setMinimized = useSetAtom(isSidebarMinimizedAtom);
  // The width is read while rendering, before this layout's DOM exists: reading it in the effects
  // below (window.innerWidth) would force a style and layout pass of the whole new page in the commit.
  const [mountWidth] = useState(currentWidth);
  const [viewport, setViewport] = useState<Viewport>(() => viewportOf(mountWidth));

  useLayoutEffect(() => {
    setMinimized(isNarrowWidth(mountWidth)); // no re-render when the start already set it (bootstrap.tsx)
  }, [setMinimized, mountWidth]);

  useEffect(() => {
    let wasNarrow = isNarrowWidth(mountWidth);
    const onResize = () => {
      const width = currentWidth();
      setViewport(viewportOf(width));
      const narrow = isNarrowWidth(width);
      if (narrow !== wasNarrow) {
        wasNarrow = narrow;
        setMinimized(narrow);
      }
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [setMinimized, mountWidth]);

  return viewport;
}
