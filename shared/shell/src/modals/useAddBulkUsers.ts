import { useCallback } from 'react';
import { useStore } from 'jotai';
import type { ReactNode } from 'react';
import { addBulkUsersModalAtom, withButtonTexts } from './modalAtoms';

export interface AddBulkUsersOptions {
  title: string;
  body?: ReactNode;
  okText?: string;
  cancelText?: string;
  /** Called with the parsed ids before confirming; the unknown ones (and those `already` in) are shown to the admin and left out. */
  validate?: (ids: string[]) => Promise<{ unknown: string[]; already?: string[] }>;
}

/**
 * `await addBulkUsers({...})` → the parsed, de-duplicated player ids the admin confirmed,
 * or null if cancelled. Ids are strings of digits (they may exceed Number.MAX_SAFE_INTEGER).
 */
export function useAddBulkUsers(): (options: AddBulkUsersOptions) => Promise<string[] | null> {
  const store = useStore();
  return useCallback(
    (options: AddBulkUsersOptions) =>
      new Promise<string[] | null>((resolve) => {
        store.get(addBulkUsersModalAtom).resolve?.(null);
        store.set(addBulkUsersModalAtom, { visible: true, content: withButtonTexts(options), resolve });
      }),
    [store],
  );
}
