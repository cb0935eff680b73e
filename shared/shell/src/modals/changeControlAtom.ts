import { atom } from 'jotai';

/** What a global operation's route asked for (428): the typed scope, or a change request. */
export interface ChangeControlAsk {
  kind: 'confirm' | 'approve';
  /** What the operation touches, e.g. 'all battles'. */
  scope: string;
  operation: string;
  /** Why this call is global when it is not always (the server's words: a daily budget used up and what is left). */
  note?: string;
}

/** The admin's answer: the typed scope, or the request's reason and optional time; null = cancelled. */
export type ChangeControlAnswer =
  { kind: 'confirm'; scope: string } | { kind: 'approve'; reason: string; scheduledAt: string | null } | null;

export interface ChangeControlModalState {
  ask: ChangeControlAsk | null;
  resolve: ((answer: ChangeControlAnswer) => void) | null;
}

export const changeControlModalAtom = atom<ChangeControlModalState>({ ask: null, resolve: null });
