import { startTransition, useEffect, useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The console's router. While the console starts (until the first page's loader is done), its renders
 * are transitions, which React cuts into 5 ms slices: the first screen and a cold page's first render
 * never hold the main thread in one long task. After that, each navigation renders at once: a page
 * commits once its loader has its code (nothing left to suspend on), and a transition only queued that
 * render behind the next frame and cut it in slices (warm opens 32-35 ms against 40-46 ms).
 */
export function ConsoleRouter({ router }: { router: Router }) {
  const [starting, setStarting] = useState(!router.state.initialized);
  useEffect(() => {
    if (!starting) return;
    const started = () => startTransition(() => setStarting(false)); // in the same transition as the router's own update
    if (router.state.initialized) started();
    return router.subscribe((state) => state.initialized && started());
  }, [router, starting]);
  return <RouterProvider router={router} useTransitions={starting ? undefined : false} />;
}
