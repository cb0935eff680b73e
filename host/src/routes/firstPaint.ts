import { createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { yieldToBrowser } from '../config/yieldToBrowser';

/**
 * The console's first paint (layout, sidebar and the page's heading) comes before a cold page's remote
 * and the shell's whole module are loaded: their scripts, evaluated before that paint, would delay it.
 * A cold page's loader (routes/routeTable.ts) waits for this; every later navigation finds it resolved.
 */
let painted: () => void = () => {};
let isPainted = false;
const firstPaint = new Promise<void>((resolve) => {
  painted = () => {
    isPainted = true;
    resolve();
  };
});
let marked = false;

/**
 * Resolves after the first paint. What waits for it (the contract and the kit, the remote page's loader,
 * the session check, the layout's late parts) goes on each in a task of its own: together they were one
 * long task right after the paint. A caller once the paint is on screen (a later navigation) goes on at once.
 */
export function afterFirstPaint(): Promise<void> {
  return isPainted ? firstPaint : firstPaint.then(yieldToBrowser);
}

/** Called once the first render has committed (App's effect): resolves after the frame that paints it. */
export function markFirstRender(): void {
  if (marked) return;
  marked = true;
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(painted, 0));
  else setTimeout(painted, 0);
}

/** A component whose module loads after the first paint; `fallback` shows until it is in (nothing by default). */
export function afterFirstPaintComponent(load: () => Promise<ComponentType>, fallback: ReactNode = null): ComponentType {
  const Later = lazy(() =>
    afterFirstPaint()
      .then(load)
      .then((component) => ({ default: component })),
  );
  return function AfterFirstPaint() {
    return createElement(Suspense, { fallback }, createElement(Later));
  };
}
