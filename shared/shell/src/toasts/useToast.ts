import { useMemo } from 'react';
import { useStore } from 'jotai';
import type { ToastItem } from '@phoenix/ui';
import { describeError } from '../api/describeError';
import { MAX_TOASTS, SUCCESS_TOAST_MS, newToastId, toastsAtom } from './toastAtoms';

export interface Toaster {
  /** Green, polite, gone after a few seconds. */
  success(message: string): void;
  /** Red, assertive, stays until dismissed. An Error is turned into "what happened, what to do". */
  error(messageOrError: unknown): void;
  dismiss(id: number): void;
}

export function useToast(): Toaster {
  const store = useStore();
  return useMemo(() => {
    const dismiss = (id: number) => store.set(toastsAtom, (list) => list.filter((t) => t.id !== id));
    const push = (toast: ToastItem) => store.set(toastsAtom, (list) => [...list, toast].slice(-MAX_TOASTS));
    return {
      success(message) {
        const id = newToastId();
        push({ id, kind: 'success', message });
        setTimeout(() => dismiss(id), SUCCESS_TOAST_MS);
      },
      error(messageOrError) {
        const message = typeof messageOrError === 'string' ? messageOrError : describeError(messageOrError);
        push({ id: newToastId(), kind: 'error', message });
      },
      dismiss,
    };
  }, [store]);
}
