import { atom } from 'jotai';
import type { ToastItem } from '@phoenix/ui';

/** Toasts on screen, oldest first. Rendered by ShellOverlays. */
export const toastsAtom = atom<ToastItem[]>([]);

let nextToastId = 1;
export function newToastId(): number {
  return nextToastId++;
}

/** How long a success stays; errors stay until dismissed (the admin must read them). */
export const SUCCESS_TOAST_MS = 5000;
/** Keep the stack short during a burst of failures. */
export const MAX_TOASTS = 5;
