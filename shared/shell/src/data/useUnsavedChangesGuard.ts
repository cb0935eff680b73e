import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { useConfirm } from '../modals/useConfirm';

/**
 * Warns before unsaved changes are lost: the browser's own prompt on reload/close
 * (beforeunload), and the shell confirm modal on in-app navigation (react-router useBlocker;
 * needs a data router: createBrowserRouter / createMemoryRouter).
 * `allowNavigation()` lets the next navigation through (after a successful save).
 */
export function useUnsavedChangesGuard(isDirty: boolean): { allowNavigation: () => void } {
  const dirtyRef = useRef(isDirty);
  dirtyRef.current = isDirty;
  const bypassRef = useRef(false);
  const confirm = useConfirm();

  useEffect(() => {
    if (isDirty) bypassRef.current = false;
  }, [isDirty]);

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  // Refs, not state: a save followed at once by navigate() must not be blocked by a stale render.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      !bypassRef.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let active = true;
    void confirm({
      title: 'Discard unsaved changes?',
      body: 'You have changes on this page that are not saved. Leaving now loses them.',
      okText: 'Discard changes',
      cancelText: 'Keep editing',
      danger: true,
    }).then((discard) => {
      const current = blockerRef.current;
      if (!active || current.state !== 'blocked') return;
      if (discard) current.proceed();
      else current.reset();
    });
    return () => {
      active = false;
    };
  }, [blocker.state, confirm]);

  return { allowNavigation: useCallback(() => void (bypassRef.current = true), []) };
}
