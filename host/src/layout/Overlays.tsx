import { lazy, Suspense } from 'react';
import { afterFirstPaint } from '../routes/firstPaint';

/**
 * The shell's modals and toasts. They open only from a page's action, so they load after the first
 * paint, with the shell's whole module (@phoenix/shell), not in it.
 */
const ShellOverlays = lazy(() =>
  afterFirstPaint()
    .then(() => import('@phoenix/shell'))
    .then((shell) => ({ default: shell.ShellOverlays })),
);

export function Overlays() {
  return (
    <Suspense fallback={null}>
      <ShellOverlays />
    </Suspense>
  );
}
