import i18next from 'i18next';
import { atom } from 'jotai';
import type { ReactNode } from 'react';

/** Content of a shell modal (seed §3): title, body, okText (default "OK"), cancelText (default "Cancel"), in the console language. */
export interface ModalContent {
  title: string;
  body?: ReactNode;
  okText: string;
  cancelText: string;
}

export interface ConfirmModalState {
  visible: boolean;
  /** typedScope: what the admin must type before OK works (useConfirm). */
  content: ModalContent & { danger: boolean; typedScope?: string };
  /** Settles the promise returned by confirm(); cleared when the modal closes. */
  resolve: ((ok: boolean) => void) | null;
}

export interface AddBulkUsersModalState {
  visible: boolean;
  content: ModalContent & {
    /**
     * Asks the server which ids do not exist (and, optionally, which are already in the target:
     * `already`); both are listed and left out before the admin may confirm.
     */
    validate?: (ids: string[]) => Promise<{ unknown: string[]; already?: string[] }>;
  };
  resolve: ((ids: string[] | null) => void) | null;
}

export const DEFAULT_OK_TEXT = 'OK';
export const DEFAULT_CANCEL_TEXT = 'Cancel';

const closedContent = { title: '', body: undefined, okText: DEFAULT_OK_TEXT, cancelText: DEFAULT_CANCEL_TEXT };

export const confirmModalAtom = atom<ConfirmModalState>({
  visible: false,
  content: { ...closedContent, danger: false },
  resolve: null,
});

export const addBulkUsersModalAtom = atom<AddBulkUsersModalState>({
  visible: false,
  content: { ...closedContent },
  resolve: null,
});

/** A modal's OK and Cancel words: the caller's, else "OK" / "Cancel" in the console's language. */
export function withButtonTexts<O extends { okText?: string; cancelText?: string }>(
  options: O,
): O & { okText: string; cancelText: string } {
  return {
    ...options,
    okText: options.okText ?? i18next.t('modal.ok', { ns: 'shell' }),
    cancelText: options.cancelText ?? i18next.t('modal.cancel', { ns: 'shell' }),
  };
}
