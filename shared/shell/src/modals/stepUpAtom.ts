import { atom } from 'jotai';

/** The step-up dialog: open while an operation waits for a code (resolve(true): accepted; false: cancelled). */
export interface StepUpModalState {
  resolve: ((accepted: boolean) => void) | null;
}

export const stepUpModalAtom = atom<StepUpModalState>({ resolve: null });
