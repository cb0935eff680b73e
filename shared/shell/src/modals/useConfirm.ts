import { useCallback } from 'react';
import { useStore } from 'jotai';
import type { ReactNode } from 'react';
import { confirmModalAtom, withButtonTexts } from './modalAtoms';

export interface ConfirmOptions {
  title: string;
  /** Say exactly what will be touched. Plain text or nodes; never HTML. */
  body?: ReactNode;
  okText?: string;
  cancelText?: string;
  /** Red OK button and role="alertdialog", for destructive or global actions. */
  danger?: boolean;
  /**
   * A global operation's scope (e.g. 'all players') the admin must type before OK works: in a
   * "confirm" environment this dialog is then the only one (the call carries the typed scope).
   */
  typedScope?: string;
}

/** `await confirm({...})` → true on OK, false on Cancel or Escape. */
export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  const store = useStore();
  return useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        // One confirm at a time: a new one cancels the one still open.
        store.get(confirmModalAtom).resolve?.(false);
        store.set(confirmModalAtom, { visible: true, content: { danger: false, ...withButtonTexts(options) }, resolve });
      }),
    [store],
  );
}
