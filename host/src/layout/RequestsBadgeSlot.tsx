import { lazy, Suspense } from 'react';
import { afterFirstPaint } from '../routes/firstPaint';

/** The badge reads through the shell's API client: it loads after the first paint (it shows nothing until its count is in anyway). */
const Badge = lazy(() =>
  afterFirstPaint()
    .then(() => import('./RequestsBadge'))
    .then((module) => ({ default: module.RequestsBadge })),
);

export function RequestsBadge() {
  return (
    <Suspense fallback={null}>
      <Badge />
    </Suspense>
  );
}
