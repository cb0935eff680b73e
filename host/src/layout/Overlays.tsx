import { afterFirstPaintComponent } from '../routes/firstPaint';

/**
 * The shell's modals and toasts. They open only from a page's action, so they load after the first
 * paint, with the shell's whole module (@phoenix/shell), not in it.
 */
export const Overlays = afterFirstPaintComponent(() => import('@phoenix/shell').then((shell) => shell.ShellOverlays));
